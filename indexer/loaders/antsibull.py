"""What the Ansible docsite's Sphinx extension (antsibull-docs' `sphinx_antsibull_ext`) shows of its semantic
roles, when conf.py loads it. Each names a plugin, or an option or return value of one, by its owner's fully
qualified name, and shows only the name a reader knows: `:ansplugin:`ansible.builtin.copy#module`` shows
ansible.builtin.copy (`Title <target>`, Title); `:ansopt:`ansible.builtin.file#module:path=/tmp`` shows
path=/tmp, and so does `:ansretval:` (a role's `ns.coll.role#role:main:opt`: its entry point, main, is not
shown; `ignore:opt`, opt); `:ansval:`, `:ansenvvar:` and `:ansenvvarref:` show their text. Read as other roles,
Ansible's filter guide said "Pass the ansible.builtin.dict2items#filter:key_name and ... arguments".
(antsibull_docs.markup.semantic_helper, sphinx_antsibull_ext.roles.)"""

from __future__ import annotations

from indexer.loaders.sphinxproject import project

__all__ = ["ROLES", "role_shown"]

ROLES = frozenset({"ansplugin", "ansopt", "ansretval", "ansval", "ansenvvar", "ansenvvarref"})
_IGNORE = "ignore:"  # an option named without its plugin, which no link is made for


def role_shown(name: str, text: str) -> str | None:
    """What the role `name` (one of ROLES) shows of `text`; None when conf.py does not load the extension."""
    found = project()
    if found is None or "sphinx_antsibull_ext" not in found.extensions:
        return None
    if name == "ansplugin":
        title, bracket, target = text.rpartition("<")
        if bracket and target.endswith(">") and title.strip():
            return " ".join(title.split())
        return text.partition("#")[0].strip()
    if name in ("ansopt", "ansretval"):
        return _field(text.strip())
    return text


def _field(text: str) -> str:
    """An option's or return value's name and value, without the plugin (and role entry point) that owns it."""
    target, equals, value = text.partition("=")
    owner, hash_mark, rest = target.partition("#")
    kind, colon, field = rest.partition(":")
    if hash_mark and colon and owner.count(".") >= 2 and kind.isalpha() and kind.islower():
        target = field.partition(":")[2] if kind == "role" else field
    elif target.startswith(_IGNORE):
        target = target[len(_IGNORE) :]
    return f"{target}{equals}{value}"
