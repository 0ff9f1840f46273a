"""POD loader, tested from files written the way Perl projects write them (Mojolicious's lib/Mojolicious/Guides/
*.pod and its modules' POD between their subs, Moose's Dist::Zilla source with `# ABSTRACT:` comments): the text
perldoc shows, the title metacpan shows, sections per heading, and a module with no POD left out by design."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.folders import document, found, index, run_cli, skipped, text_of, write
from support.loaders import Content, assert_text, load

GUIDE = b"""
=encoding utf8

=head1 NAME

Zebra::Guides::Routing - Routing zebracorn requests

=head1 OVERVIEW

This document introduces the L<Zebra> router, B<bold> I<italic> F<lib/Zebra.pm> S<no break> C<$r-E<gt>get>
and C<< $c->render(text => 'hi') >> with C<<< $a >> $b >>>.X<indexsentinel> Caf\xc3\xa9 E<eacute>t\xc3\xa9
E<0x263A> E<lt>%E<gt> Z<>done.

=head2 Links

See L<Zebra::Routes/"Nested routes">, L</Placeholders>, L<the cookbook|Zebra::Guides::Cookbook>,
L<https://zebra.example.org>, L<the site|https://zebra.example.org/docs> and L<perlfunc(1)>.

  my $r = $app->routes;
  $r->get('/welcome')->to('foo#welcome');

  # a second paragraph of the same block
	tabbed();

=head3 Lists

=over 2

=item * Bullet with C<code>.

=item *

Bullet from its paragraph.

=over 2

=item 1.

Nested one.

=item 2. Nested two

=item 3.

  nested_code();

=back

=item $r->under('/admin')

Definition of under.

=back

=head4 Formats

=begin html

<p>htmlsentinel</p>

=end html

=for comment commentsentinel

=for text Raw text for text formatters.

=begin :text

Parsed I<region> text.

=end :text

=for Pod::Coverage coveragesentinel

=cut

This is no POD: cutsentinel.

=head1 SEE ALSO

L<Zebra::Guides>.
"""

MODULE = b"""package Zebra::Controller;
use Mojo::Base -base;

sub render ($self, @args) { codesentinel(@args) }

1;

=encoding utf8

=head1 NAME

Zebra::Controller - Controller base class

=head1 METHODS

=head2 render

  my $bool = $c->render(json => {okapi => 1});

Render content with okapimethod.

=cut

sub after_pod { aftersentinel() }

__END__

=head2 stash

Data for the current request.

=cut
"""

CASES: list[tuple[str, Content, list[str], list[str]]] = [
    ("Routing.pod", GUIDE,
     ["This document introduces the Zebra router, bold italic lib/Zebra.pm no break $r->get and "
      "$c->render(text => 'hi') with $a >> $b. Caf\xe9 \xe9t\xe9 \u263a <%> done.",
      'See "Nested routes" in Zebra::Routes, "Placeholders", the cookbook, https://zebra.example.org, the site '
      "and perlfunc(1).",
      "my $r = $app->routes;\n$r->get('/welcome')->to('foo#welcome');\n\n# a second paragraph of the same block\n"
      "      tabbed();",
      "- Bullet with code.\n\n- Bullet from its paragraph.\n\n  1. Nested one.\n\n  2. Nested two\n\n  3.\n\n"
      "nested_code();\n\n"
      "$r->under('/admin')\n\nDefinition of under.",
      "Raw text for text formatters.", "Parsed region text.", "Zebra::Guides."],
     ["indexsentinel", "htmlsentinel", "commentsentinel", "coveragesentinel", "cutsentinel", "=head", "=item",
      "=over", "C<", "L<", "E<", "encoding"]),
    ("lib/Zebra/Controller.pm", MODULE,
     ["my $bool = $c->render(json => {okapi => 1});\n\nRender content with okapimethod.",
      "Data for the current request."],
     ["codesentinel", "aftersentinel", "package", "Mojo::Base", "__END__", "=cut"]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("filename", "content", "must_include", "must_not_include"), CASES, ids=[case[0] for case in CASES]
)
def test_pod_text(filename: str, content: Content, must_include: list[str], must_not_include: list[str]) -> None:
    assert_text(filename, content, must_include, must_not_include)


def test_title_is_the_name_line_and_headings_are_sections_at_their_levels() -> None:
    doc = load("Routing.pod", GUIDE)
    assert doc.format == "pod"
    assert doc.title == "Zebra::Guides::Routing - Routing zebracorn requests"
    assert [(s.heading, s.level) for s in doc.sections] == [
        ("NAME", 1), ("OVERVIEW", 1), ("Links", 2), ("Lists", 3), ("Formats", 4), ("SEE ALSO", 1)
    ]  # fmt: skip
    assert load("lib/Zebra/Controller.pm", MODULE).headings == ("NAME", "METHODS", "render", "stash")


def test_a_module_without_a_name_section_is_titled_as_pod_weaver_names_it() -> None:
    """Dist::Zilla projects keep no NAME in their source: Pod::Weaver writes it from these comments."""
    weaved = b"package Zebra::Role;\n# ABSTRACT: Roles for C<Zebra> classes\n\n1;\n\n=head1 DESCRIPTION\n\nokapi\n"
    assert load("lib/Zebra/Role.pm", weaved).title == "Zebra::Role - Roles for Zebra classes"
    named = b"# PODNAME: Zebra::Manual::Types\n# ABSTRACT: Zebra's type system\n\n=pod\n\n=head1 TYPES\n\nokapi\n"
    assert load("lib/Zebra/Manual/Types.pod", named).title == "Zebra::Manual::Types - Zebra's type system"
    assert load("lib/Zebra/Plain.pm", b"package Zebra::Plain;\n\n=head1 USAGE\n\nokapi\n").title == "Zebra::Plain"
    methods = load("lib/Zebra/Herd.pm", b"package Zebra::Herd;\n\n=method herd\n\nokapi\n\n=attr size\n\nx\n")
    assert [(s.heading, s.level) for s in methods.sections] == [("herd", 2), ("size", 2)]


def test_codes_left_open_multi_angle_codes_and_lines_that_are_no_commands_read_as_perldoc_reads_them() -> None:
    doc = load(
        "edge.pod",
        b"=head1 A\n\nC<<x> C<< >> B<unclosed\nstill bold\n=head2 Next\n\n"
        b"FOO<bar> HashMap<K,V> a < b > c E<nosuch>\n\n=123 is no command\n",
    )
    assert [s.text for s in doc.sections] == [
        "<x unclosed still bold",
        "FOO<bar> HashMap<K,V> a < b > c E<nosuch>\n\n=123 is no command",
    ]


def test_only_a_star_or_a_number_alone_makes_an_item_a_bullet_or_a_step() -> None:
    doc = load(
        "items.pod", b"=over\n\n=item 2024 release notes\n\nBody.\n\n=item 3\n\nThird.\n\n=item *bold\n\n=back\n"
    )
    assert doc.sections[0].text == "2024 release notes\n\nBody.\n\n3. Third.\n\n*bold"


def test_a_format_region_never_ended_is_told() -> None:
    doc = load("open.pod", b"=head1 A\n\nshown\n\n=begin html\n\nlost\n\n=head1 B\n\nlost too\n")
    assert [s.text for s in doc.sections] == ["shown"]
    assert doc.warnings == ("=begin html is never ended (no =end html): the text after it is left out",)
    assert load("Routing.pod", GUIDE).warnings == ()


def test_the_declared_encoding_decodes_the_page() -> None:
    doc = load("latin.pod", "=encoding iso-8859-2\n\n=head1 NAME\n\nZebra - Dvo\u0159\xe1k\n".encode("iso-8859-2"))
    assert doc.title == "Zebra - Dvo\u0159\xe1k"


def test_perl_projects_pod_is_indexed_and_code_without_pod_is_left_out_by_design(tmp_path: Path) -> None:
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "lib/Zebra/Guides/Routing.pod", GUIDE)
    write(docs, "lib/Zebra/Controller.pm", MODULE)
    write(docs, "lib/Zebra/Util.pm", b"package Zebra::Util;\nsub okapi { 1 }\n# =head1 no pod\n1;\n")
    write(docs, "script/zebra.pl", b"#!/usr/bin/env perl\nuse strict;\nprint 'zebra';\n")
    write(docs, "lib/Zebra/Hidden.pm", b"package Zebra::Hidden;\n\n=for Pod::Coverage okapi\n\n=cut\n\n1;\n")
    report = index(docs, index_dir)
    assert found(index_dir, "zebracorn") == ["lib/Zebra/Guides/Routing.pod"]
    assert found(index_dir, "okapimethod") == ["lib/Zebra/Controller.pm"]
    assert found(index_dir, "codesentinel") == []
    assert document(index_dir, "lib/Zebra/Controller.pm").title == "Zebra::Controller - Controller base class"
    assert "Render content with okapimethod." in text_of(index_dir, "lib/Zebra/Controller.pm")
    assert skipped(report) == {
        "lib/Zebra/Util.pm": "Perl code with no POD in it: no page",
        "script/zebra.pl": "Perl code with no POD in it: no page",
        "lib/Zebra/Hidden.pm": "POD with no text to show (only comments, =cut or other formats): no page",
    }
    assert all(item.by_design for item in report.skipped)


def test_the_summary_says_once_why_modules_without_pod_are_left_out(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    write(docs, "lib/Zebra.pm", MODULE)
    for n in range(12):
        write(docs, f"t/lib/Helper{n}.pm", f"package Helper{n};\n1;\n")
    result = run_cli(docs, "--index", tmp_path / "index", "--no-embeddings")
    assert result.returncode == 0, result.stderr
    assert "1 added" in result.stderr
    assert "12 files: Perl code with no POD in it: no page (e.g. t/lib/Helper0.pm" in result.stderr
    assert "no loader reads" not in result.stderr


def test_modules_are_cited_where_a_perl_docs_site_serves_them(tmp_path: Path) -> None:
    """docs.mojolicious.org serves lib/Mojolicious/Guides/Routing.pod at /Mojolicious/Guides/Routing: with
    --drop-extensions a module's page loses its .pm or .pod as any page does."""
    docs, index_dir = tmp_path / "docs", tmp_path / "index"
    write(docs, "Zebra/Guides/Routing.pod", GUIDE)
    write(docs, "Zebra/Controller.pm", MODULE)
    index(docs, index_dir, base_url="https://docs.example.org/", drop_extensions=True)
    assert document(index_dir, "Zebra/Guides/Routing.pod").url == "https://docs.example.org/Zebra/Guides/Routing"
    assert document(index_dir, "Zebra/Controller.pm").url == "https://docs.example.org/Zebra/Controller"
