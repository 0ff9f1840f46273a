"""`python -m connector tokens add|list|revoke --tokens-file F`: the bearer tokens an HTTP server accepts.

`add` prints the new token once, as the last line of stdout; the file keeps only its SHA-256, its name and
its groups. A running server notices changes to the file, so `revoke` takes effect without a restart.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from connector.settings import ENV_PREFIX, program
from connector.tokens import TokensFile, TokensFileError, parse_groups

ENV_FILE = f"{ENV_PREFIX}TOKENS_FILE"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=f"{program()} tokens",
        description=f"Create, list and revoke the bearer tokens that `{program()} --tokens-file F` accepts.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="{add,list,revoke}")
    file_help = f"The tokens file [env {ENV_FILE}]."
    add = commands.add_parser("add", help="Create a token; print it once (the last line of stdout).")
    add.add_argument("name", help="A name for whoever holds the token (letters, digits, _ . @ : -).")
    add.add_argument("--groups", default="", metavar="G1,G2", help="The groups whose documents it may read.")
    add.add_argument("--tokens-file", metavar="FILE", help=file_help)
    listing = commands.add_parser("list", help="List the tokens: name, groups, creation time (never the token).")
    listing.add_argument("--tokens-file", metavar="FILE", help=file_help)
    revoke = commands.add_parser("revoke", help="Remove a token; a running server stops accepting it at once.")
    revoke.add_argument("name")
    revoke.add_argument("--tokens-file", metavar="FILE", help=file_help)
    return parser


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    path = args.tokens_file or os.environ.get(ENV_FILE)
    if not path:
        print(f"connector tokens: error: say which file: --tokens-file FILE (or {ENV_FILE})", file=sys.stderr)
        return 2
    tokens = TokensFile(Path(path))
    try:
        if args.command == "add":
            groups = parse_groups(args.groups)
            token = tokens.add(args.name, groups)
            shown = ", ".join(groups) or "none: it reads only documents without groups"
            print(f"Created token {args.name!r} (groups: {shown}) in {path}.")
            print("Copy it now; it is not stored and cannot be shown again:")
            print(token)
        elif args.command == "list":
            entries = tokens.read_or_empty()
            if not entries:
                print(f"No tokens in {path}.")
            for entry in entries:
                print(f"{entry.name}\tgroups: {','.join(entry.groups) or '-'}\tcreated: {entry.created}")
        else:
            tokens.revoke(args.name)
            print(f"Revoked token {args.name!r}.")
    except TokensFileError as exc:
        print(f"connector tokens: error: {exc}", file=sys.stderr)
        return 1
    return 0
