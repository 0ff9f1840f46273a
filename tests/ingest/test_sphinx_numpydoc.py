"""A Sphinx project in NumPy's shape: doc/source/ with numpydoc and autosummary, its reference pages tables of the
package's functions, many of which C implements. Their Python stubs keep the signature as the docstring's first
paragraph (`dot(a, b, out=None)`), and the objects C defines get their docstrings from `add_newdoc` calls. Each
case is a small repository of that shape, indexed by the real pipeline."""

from __future__ import annotations

from pathlib import Path

from support.folders import Main, index, text_of, warnings_of, write

CONF = (
    "import os, sys\n"
    "extensions = ['sphinx.ext.autodoc', 'numpydoc', 'sphinx.ext.autosummary']\n"
    "autosummary_generate = True\n"
)
MULTIARRAY = '''def _dot_dispatcher(a, b, out=None):
    return (a, b, out)


def dot(*args, **kwargs):
    """
    dot(a, b, out=None)

    Dot product of two zebra arrays. Specifically,

    - If both are 1-D arrays, it is inner product of vectors.

    Parameters
    ----------
    a : array_like
        First argument.
    """


def where(condition,
          x=None, y=None):
    """
    where(condition,
          [x, y], /)

    Return elements chosen from okapi x or y depending on condition.
    """


def plain(a):
    """plain(a) is how a narwhal is called."""


def busday_offset(dates, offsets, roll="raise", weekmask="1111100", holidays=None, busdaycal=None, out=None):
    """
    busday_offset(
        dates,
        offsets,
        roll='raise',
        weekmask='1111100',
        holidays=None,
        busdaycal=None,
        out=None,
    )

    First adjusts the date of a margay to fall on a valid day.
    """
'''
PAGE = """Linear algebra
==============

.. currentmodule:: numpy

.. autosummary::
   :toctree: generated/

   dot
   where
   plain
   busday_offset

.. autofunction:: dot
"""


def repository(tmp_path: Path) -> tuple[Path, Path]:
    repo = tmp_path / "repo"
    write(repo, "doc/source/conf.py", CONF)
    write(repo, "doc/source/routines.rst", PAGE)
    write(repo, "numpy/__init__.py", "from ._core import *\n")
    write(repo, "numpy/_core/__init__.py", "from .multiarray import *\n")
    write(repo, "numpy/_core/multiarray.py", MULTIARRAY)
    return repo, repo / "doc" / "source"


def test_a_signature_that_starts_a_docstring_is_the_objects_not_its_summary(tmp_path: Path) -> None:
    repo, docs = repository(tmp_path)
    report = index(docs, tmp_path / "index", includes_from=repo)
    assert not warnings_of(report, "routines.rst")
    lines = text_of(tmp_path / "index", "routines.rst").split("\n")
    # the row's summary was the signature itself: "dot(a, b[, out]) - dot(a, b, out=None)"
    assert "dot(a, b[, out]) \N{EN DASH} Dot product of two zebra arrays." in lines
    # a signature over several lines, as Sphinx compacts it
    where = "where(condition, [x, y], /) \N{EN DASH} Return elements chosen from okapi x or y depending on condition."
    assert where in lines
    # a sentence that starts with a call is prose
    assert "plain(a) \N{EN DASH} plain(a) is how a narwhal is called." in lines
    # a parameter a line
    offset = "busday_offset(dates, offsets[, roll, ...]) \N{EN DASH} First adjusts the date of a margay to fall on a"
    assert f"{offset} valid day." in lines
    text = "\n".join(lines)
    assert "numpy.dot(a, b, out=None)" in text  # autofunction's signature: the docstring's, not the stub's
    assert "dot(*args" not in text and text.count("dot(a, b, out=None)") == 1


CORE_INIT = """from . import multiarray, umath
from .numeric import *

__all__ = ["zebra_extra"]
__all__ += numeric.__all__
"""
NUMERIC = """from .multiarray import ndarray, empty, array
from .umath import *

__all__ = ["ndarray", "empty"]
ufunc = type(absolute)


def extend_all(module):
    for name in module.__all__:
        __all__.append(name)


extend_all(umath)
"""
ADD_NEWDOCS = '''from numpy._core.function_base import add_newdoc

add_newdoc('numpy._core.multiarray', 'ndarray',
    """
    ndarray(shape, dtype=None)
    --

    ndarray(shape, dtype=float)

    An array object that holds quagga values.
    """)

add_newdoc('numpy._core.multiarray', 'ndarray', ('T',
    """View of the transposed wombat array."""))

add_newdoc('numpy._core.multiarray', 'ndarray', [
    ('all', """a.all(axis=None, out=None)

    Returns True if all elements evaluate to capybara truth."""),
])

add_newdoc('numpy._core.multiarray', 'empty',
    """
    empty(shape, dtype=float, order='C')

    Return a new array of given shape without initializing pangolin entries.

    Parameters
    ----------
    shape : int or tuple of int
        Shape of the empty array.

    Returns
    -------
    out : ndarray
        Array of uninitialized data.
    """)

add_newdoc('numpy._core', 'ufunc', ('nin', """The number of inputs of a tapir."""))

add_newdoc('numpy._core.multiarray', 'array',
    """
    array(
        object,
        dtype=None,
        *,
        like=None,
    )
    --

    array(object, dtype=None, *, like=None)

    Create an array of a caracal.
    """)


def _method_doc(name, params, doc):
    add_newdoc("numpy._core.multiarray", "ndarray", (name, TEMPLATE.format(name=name, doc=doc)))


_method_doc('item', "*args",
    """
    a.item(*args)

    Copy an element of an array to a standard ocelot scalar.
    """)
'''
UFUNC_DOCSTRINGS = '''docdict = {}


def add_newdoc(place, name, doc):
    docdict[f"{place}.{name}"] = doc


add_newdoc('numpy._core.umath', 'absolute',
    """
    Calculate the absolute value element-wise, for a dugong.

    Parameters
    ----------
    x : array_like
        Input array.
    $PARAMS
    """)
'''
ARRAYS_PAGE = """The N-dimensional array
=======================

.. currentmodule:: numpy

.. autosummary::
   :toctree: generated/

   ndarray
   ndarray.T
   ndarray.all
   ndarray.item
   empty
   absolute
   ufunc.nin
   array
   emath.sqrt
   hidden_in_c

.. autofunction:: empty
"""


def compiled_repository(tmp_path: Path) -> tuple[Path, Path]:
    """NumPy's shape: objects a compiled module defines (`_multiarray_umath`, not in the source), imported through
    modules whose `__all__` grows as they run, and documented by add_newdoc calls in files nothing imports by
    name (a code generator's too)."""
    repo, docs = repository(tmp_path)
    write(docs, "arrays.rst", ARRAYS_PAGE)
    write(
        repo,
        "numpy/__init__.py",
        "from ._core import ndarray, empty, absolute, ufunc, hidden_in_c, array\nfrom .lib import scimath as emath\n",
    )
    write(repo, "numpy/_core/__init__.py", CORE_INIT)
    write(repo, "numpy/_core/numeric.py", NUMERIC)
    write(repo, "numpy/_core/multiarray.py", "from ._multiarray_umath import *\n")
    write(repo, "numpy/_core/umath.py", "from ._multiarray_umath import *\n\n__all__ = ['absolute', 'hidden_in_c']\n")
    write(repo, "numpy/_core/_add_newdocs.py", ADD_NEWDOCS)
    write(repo, "numpy/_core/code_generators/ufunc_docstrings.py", UFUNC_DOCSTRINGS)
    write(repo, "numpy/lib/__init__.py", "")
    write(repo, "numpy/lib/scimath.py", 'def sqrt(x):\n    """Compute the square root of a gerenuk."""\n')
    return repo, docs


def test_objects_a_compiled_module_defines_show_the_docstrings_add_newdoc_gives_them(tmp_path: Path) -> None:
    repo, docs = compiled_repository(tmp_path)
    report = index(docs, tmp_path / "index", includes_from=repo)
    lines = text_of(tmp_path / "index", "arrays.rst").split("\n")
    assert "ndarray(shape[, dtype]) \N{EN DASH} An array object that holds quagga values." in lines
    assert "ndarray.T \N{EN DASH} View of the transposed wombat array." in lines
    assert "ndarray.all([axis, out]) \N{EN DASH} Returns True if all elements evaluate to capybara truth." in lines
    assert "ndarray.item(*args) \N{EN DASH} Copy an element of an array to a standard ocelot scalar." in lines
    empty = "empty(shape[, dtype, order]) \N{EN DASH} Return a new array of given shape without initializing pangolin"
    assert f"{empty} entries." in lines
    assert "absolute \N{EN DASH} Calculate the absolute value element-wise, for a dugong." in lines
    assert "ufunc.nin \N{EN DASH} The number of inputs of a tapir." in lines
    assert (
        "array(object[, dtype, like]) \N{EN DASH} Create an array of a caracal." in lines
    )  # a text signature a line a parameter
    assert "emath.sqrt(x) \N{EN DASH} Compute the square root of a gerenuk." in lines
    text = "\n".join(lines)
    # autofunction: the docstring's signature, its NumPy sections read as numpydoc shows them
    assert "numpy.empty(shape, dtype=float, order='C')" in text
    assert "Parameters:" in text and "Returns:" in text and "----------" not in text
    assert "$PARAMS" not in text and "--\n" not in text
    (warning, built) = warnings_of(report, "arrays.rst")
    assert "hidden_in_c not found" in warning
    assert built.startswith("autodoc: numpy._core._multiarray_umath has no Python source")


GENERATOR_PYX = """#cython: binding=True
import operator
from cpython.pycapsule cimport PyCapsule_IsValid
cimport numpy as np
from ._pcg64 import PCG64

cdef int _helper(int x):
    return x


cdef class Generator:
    # the first line is used to populate `__text_signature__`
    \"\"\"Generator(bit_generator)\\n--

    Container for the okapi BitGenerators.

    Parameters
    ----------
    bit_generator : BitGenerator
        BitGenerator to use as the core of a tamarin generator.
    \"\"\"
    cdef public object _bit_generator

    def __init__(self, bit_generator):
        self._bit_generator = bit_generator

    @property
    def bit_generator(self):
        \"\"\"
        Gets the bit generator instance used by the kinkajou generator
        \"\"\"
        return self._bit_generator

    def integers(self, low, high=None, size=None,
                 dtype=np.int64, bint endpoint=False):
        \"\"\"
        integers(low, high=None, size=None, dtype=np.int64, endpoint=False)

        Return random integers from low to high for a numbat.
        \"\"\"
        cdef np.npy_intp n = 0
        with nogil:
            n = <np.npy_intp>low
        return n

    def spawn(self, int n_children not None):
        \"\"\"Create new independent child generators for a quokka.\"\"\"
        return [self] * n_children


def default_rng(seed=None):
    \"\"\"Construct a new Generator with the default BitGenerator, from a seed of a wallaby.\"\"\"
    return Generator(PCG64(seed))
"""
RANDOM_PAGE = """Random
======

.. currentmodule:: numpy.random

.. autofunction:: default_rng

.. autoclass:: Generator
   :members: integers, spawn

.. autosummary::
   :toctree: generated/

   Generator.bit_generator
   Generator.integers
   Generator.spawn
   PCG64
   PCG64.ctypes
"""
BIT_GENERATOR_PYX = '''cdef class BitGenerator:
    """Base class for bit generators."""

    @property
    def ctypes(self):
        """ctypes interface of a bilby."""
        return None
'''
PCG64_PYX = '''cimport numpy as np
from numpy.random cimport BitGenerator

cdef class PCG64(BitGenerator):
    """PCG64(seed=None)\\n--

    BitGenerator for the dingo generator.
    """
'''


def test_a_cython_modules_functions_and_classes_show_their_signatures_and_docstrings(tmp_path: Path) -> None:
    """NumPy's random module is Cython (`_generator.pyx`, compiled with binding=True): its pages showed the names
    alone."""
    repo, docs = compiled_repository(tmp_path)
    imports = "from ._generator import Generator, default_rng\nfrom ._pcg64 import PCG64\n"
    write(repo, "numpy/random/__init__.py", imports + "from .bit_generator import BitGenerator\n")
    write(repo, "numpy/random/_generator.pyx", GENERATOR_PYX)
    write(repo, "numpy/random/_pcg64.pyx", PCG64_PYX)
    write(repo, "numpy/random/bit_generator.pyx", BIT_GENERATOR_PYX)
    write(docs, "random.rst", RANDOM_PAGE)
    report = index(docs, tmp_path / "index", includes_from=repo)
    assert not warnings_of(report, "random.rst")
    text = text_of(tmp_path / "index", "random.rst")
    lines = text.split("\n")
    assert "numpy.random.default_rng(seed=None)" in lines
    assert "Construct a new Generator with the default BitGenerator, from a seed of a wallaby." in lines
    assert "numpy.random.Generator(bit_generator)" in lines  # its text signature, above `--`
    assert "Container for the okapi BitGenerators." in lines and "--" not in lines
    # its NumPy sections read, though the `--` line stood at the margin and the rest did not
    assert (
        "Parameters: bit_generator (BitGenerator) \N{EN DASH} BitGenerator to use as the core of a tamarin generator."
        in lines
    )
    assert "integers(low, high=None, size=None, dtype=np.int64, endpoint=False)" in lines
    assert "spawn(n_children)" in lines  # the C type and `not None` left out
    assert "Generator.bit_generator \N{EN DASH} Gets the bit generator instance used by the kinkajou generator" in lines
    integers = "Generator.integers(low[, high, size, dtype, ...]) \N{EN DASH} Return random integers from low to high"
    assert f"{integers} for a numbat." in lines
    assert "PCG64([seed]) \N{EN DASH} BitGenerator for the dingo generator." in lines
    assert "PCG64.ctypes \N{EN DASH} ctypes interface of a bilby." in lines  # from a base `from ... cimport`ed
    assert "cdef" not in text and "nogil" not in text


def test_objects_of_modules_built_from_c_are_named_in_a_warning_that_says_so(
    tmp_path: Path, indexer_main: Main
) -> None:
    """NumPy's `_multiarray_umath` is C: its objects not documented with add_newdoc showed names alone, with
    advice to give --includes-from, which the run already had (or, with DOCS the repository's root, could not
    help)."""
    repo, docs = compiled_repository(tmp_path)
    report = index(docs, tmp_path / "index", includes_from=repo)
    (unfound, built) = warnings_of(report, "arrays.rst")
    assert unfound == f"autodoc: hidden_in_c not found in the Python source in {repo}: only the name is shown"
    assert built == (
        f"autodoc: numpy._core._multiarray_umath has no Python source in {repo} (made when the package is built, "
        "from C or a template): the objects taken from it show their names alone"
    )
    # DOCS the repository's root: the package is there, so --includes-from is no advice
    report = index(repo, tmp_path / "root-index")
    (unfound, built) = warnings_of(report, "doc/source/arrays.rst")
    assert (
        unfound == "autodoc: hidden_in_c not found in the Python source in the documents folder: only the name is shown"
    )
    # the summary says it once for the pages told so
    for n in range(3):
        write(docs, f"c{n}.rst", f"C {n}\n===\n\n.. autofunction:: numpy.hidden_in_c\n")
    ran = indexer_main(docs, "--index", tmp_path / "cli-index", "--includes-from", repo, "--no-embeddings")
    said = (
        f"    4 pages: autodoc: modules they take objects from have no Python source in {repo} (made when the "
        "package is built, from C or a template): those objects show their names alone (arrays.rst: "
        "numpy._core._multiarray_umath; c0.rst: numpy._core._multiarray_umath; c1.rst: "
        "numpy._core._multiarray_umath; and 1 more page)\n"
    )
    assert ran.code == 0 and said in ran.err, ran.err


def test_an_alias_a_module_assigns_shows_the_object_it_names(tmp_path: Path) -> None:
    """NumPy's `chebtrim = pu.trimcoef`: Sphinx imports the module and shows trimcoef's signature and docstring;
    read from the source it was a data without a docstring, a bare name."""
    repo, docs = repository(tmp_path)
    write(repo, "numpy/polynomial/__init__.py", "")
    write(
        repo,
        "numpy/polynomial/polyutils.py",
        'def trimcoef(c, tol=0):\n    """Remove small trailing jerboa coefficients."""\n',
    )
    aliases = "from . import polyutils as pu\n\nchebtrim = pu.trimcoef\nloop = loop\nown = chebyshev.own\n"
    write(repo, "numpy/polynomial/chebyshev.py", "from . import chebyshev\n" + aliases)
    page = ".. currentmodule:: numpy.polynomial.chebyshev\n\n.. autosummary::\n\n   chebtrim\n   loop\n   own\n"
    write(docs, "cheb.rst", "Chebyshev\n=========\n\n" + page)
    report = index(docs, tmp_path / "index", includes_from=repo)
    assert not warnings_of(report, "cheb.rst")
    lines = text_of(tmp_path / "index", "cheb.rst").split("\n")
    assert "chebtrim(c[, tol]) \N{EN DASH} Remove small trailing jerboa coefficients." in lines
    assert {"loop", "own"} <= set(lines)  # an alias of itself, or through its own module, stays a name


MTRAND_PYX = '''cdef class RandomState:
    """RandomState(seed=None)

    Container for the slow Mersenne Twister of a platypus.
    """

    def beta(self, a, b, size=None):
        """
        beta(a, b, size=None)

        Draw samples from a Beta distribution for an echidna.
        """
        return None


def seed(seed=None):
    """seed(seed=None)

    Reseed the singleton RandomState instance of a wombat.
    """


_rand = RandomState()
beta = _rand.beta
a = b.c()
b = a.d()
loop = a.x
__all__ = ["RandomState", "beta", "seed", "loop"]
'''


def test_legacy_functions_bound_to_a_module_level_instance_show_its_methods(tmp_path: Path) -> None:
    """NumPy's legacy `numpy.random.beta` is `_rand.beta`, with `_rand = RandomState()`, in mtrand.pyx: Sphinx
    shows the bound method; read from the source it was nothing, and its row a bare name."""
    repo, docs = repository(tmp_path)
    write(repo, "numpy/random/__init__.py", "from .mtrand import *\n")
    write(repo, "numpy/random/mtrand.pyx", MTRAND_PYX)
    page = ".. currentmodule:: numpy.random\n\n.. autosummary::\n\n   beta\n   seed\n   loop\n"
    write(docs, "legacy.rst", "Legacy\n======\n\n" + page)
    report = index(docs, tmp_path / "index", includes_from=repo)
    assert not warnings_of(report, "legacy.rst")
    lines = text_of(tmp_path / "index", "legacy.rst").split("\n")
    assert "beta(a, b[, size]) \N{EN DASH} Draw samples from a Beta distribution for an echidna." in lines
    assert "seed([seed]) \N{EN DASH} Reseed the singleton RandomState instance of a wombat." in lines
    assert "loop" in lines  # instances of each other's methods: a cycle, left a name


def test_without_the_source_the_warning_names_the_folder_above_that_holds_the_package(
    tmp_path: Path, indexer_main: Main
) -> None:
    """NumPy's doc/source indexed alone: the advice said "give --includes-from the folder that holds its package"
    without saying which; the repository's root, two folders up, holds numpy/."""
    repo, docs = compiled_repository(tmp_path)
    report = index(docs, tmp_path / "index")
    (warning,) = warnings_of(report, "arrays.rst")
    assert warning == (
        f"autodoc: ndarray and 10 more not found in the Python source in the documents folder (give --includes-from "
        f"{repo}, which holds numpy/): only the name is shown"
    )
    ran = indexer_main(docs, "--index", tmp_path / "cli-index", "--no-embeddings")
    assert f"    arrays.rst: {warning}\n" in ran.err  # (the summary's line for the page)
    ran = indexer_main(docs, "--index", tmp_path / "cli-index", "--includes-from", repo, "--no-embeddings")
    assert "give --includes-from" not in ran.err


def test_a_call_through_a_chain_of_attributes_too_long_to_unparse_leaves_the_other_docstrings(tmp_path: Path) -> None:
    """A file holding `add_newdoc(` is parsed to find the calls; a call through a chain of 1,500 attributes parses,
    but ast.unparse of it overflows the recursion limit: the page must still be read."""
    repo, docs = compiled_repository(tmp_path)
    deep = "a" + ".b" * 1500 + "('x', 'y', 'z')\n"
    write(repo, "numpy/_core/_deep.py", deep + "add_newdoc('numpy._core.multiarray', 'deep', 'A serval.')\n")
    report = index(docs, tmp_path / "index", includes_from=repo)
    assert "arrays.rst" not in {f.id for f in report.skipped}
    lines = text_of(tmp_path / "index", "arrays.rst").split("\n")
    assert "ndarray(shape[, dtype]) \N{EN DASH} An array object that holds quagga values." in lines


def test_a_docstring_set_by_assignment_is_the_objects(tmp_path: Path) -> None:
    """NumPy's numpy.ma gives its functions the docstrings of MaskedArray's methods (`min.__doc__ =
    MaskedArray.min.__doc__`), and numpy.linalg `tensordot.__doc__ = _core_tensordot.__doc__`: Sphinx shows
    them; read from the source the rows were bare names."""
    repo, docs = repository(tmp_path)
    core = '''from numpy.linalg._impl import tensordot as _core_tensordot


class MaskedArray:
    def min(self, axis=None):
        """Return the minimum of a masked aardwolf."""


def min(obj, axis=None):
    return obj


def tensordot(a, b):
    return a


def own(a):
    return a


min.__doc__ = MaskedArray.min.__doc__
tensordot.__doc__ = _core_tensordot.__doc__
own.__doc__ = "Given by assignment to a fossa."
'''
    write(repo, "numpy/ma/__init__.py", "from .core import *\n")
    write(repo, "numpy/ma/core.py", core)
    write(repo, "numpy/linalg/__init__.py", "")
    write(repo, "numpy/linalg/_impl.py", 'def tensordot(a, b, axes=2):\n    """Compute the tensor dot of a genet."""\n')
    page = ".. currentmodule:: numpy.ma.core\n\n.. autosummary::\n\n   min\n   tensordot\n   own\n"
    write(docs, "ma.rst", "Masked\n======\n\n" + page)
    report = index(docs, tmp_path / "index", includes_from=repo)
    assert not warnings_of(report, "ma.rst")
    lines = text_of(tmp_path / "index", "ma.rst").split("\n")
    assert "min(obj[, axis]) \N{EN DASH} Return the minimum of a masked aardwolf." in lines
    assert "tensordot(a, b) \N{EN DASH} Compute the tensor dot of a genet." in lines
    assert "own(a) \N{EN DASH} Given by assignment to a fossa." in lines
