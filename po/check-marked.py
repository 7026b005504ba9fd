#!/usr/bin/env python3
"""Finds words a user would read that are not marked for translation.

Reads the Swift sources of the modules that word things for the user and lists every string
literal that looks like English text (a capitalised word, or two words) and is not in the
template made by po/make-pot.sh from the same sources (a literal in the template was marked with
tr() or ntr()). Lines that only log, assert or name things for the machine are skipped, and
po/not-translated lists the literals that stay as they are on purpose, with the reason.

Usage: po/check-marked.py TEMPLATE [ROOT]. ROOT is the source tree (default: this repository's).
Prints each finding as file:line: "literal"; exits 1 if any.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else pathlib.Path(__file__).resolve().parent.parent)
MODULES = ["Sources/Tessera/" + name for name in ["App", "Features", "Domain", "Repositories", "Networking", "Persistence",
                                                  "ImagePipeline", "Video", "Gtk", "Composition", "tessera"]]
# Lines whose literals are for logs, programmers or the machine.
SKIPPED_LINE = re.compile(r"^\s*(//|\*|/\*)|logger\.|Logger\(|\blog\(|fatalError|precondition|assert|"
                          r"#if|StartupTrace|@Option|@Flag|ArgumentHelp|abstract:|CommandConfiguration")
LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
INTERPOLATION = re.compile(r"\\\((?:[^()]|\([^()]*\))*\)")
LOOKS_LIKE_WORDS = re.compile(r"\b[A-Z][a-z]{2,}\b|\b[a-z]{2,} [a-z]{2,}\b")


def template_ids(path):
    text = pathlib.Path(path).read_text(encoding="utf-8")
    ids = set()
    for match in re.finditer(r'^msgid(?:_plural)? ((?:".*"\n?)+)', text, re.M):
        ids.add("".join(re.findall(r'"(.*)"', match.group(1))))
    return ids


def unescape(literal):
    return literal.replace('\\"', '"').replace("\\\\", "\\")


def exceptions():
    allowed = set()
    for line in (ROOT / "po" / "not-translated").read_text(encoding="utf-8").splitlines():
        line = line.split("  #", 1)[0].strip()
        if line and not line.startswith("#"):
            allowed.add(line)
    return allowed


def main():
    marked = template_ids(sys.argv[1])
    allowed = exceptions()
    findings = []
    for module in MODULES:
        for path in sorted((ROOT / module).rglob("*.swift")):
            in_block_comment = False
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                stripped = line.strip()
                if stripped.startswith("/*"):
                    in_block_comment = "*/" not in stripped
                    continue
                if in_block_comment:
                    in_block_comment = "*/" not in stripped
                    continue
                if SKIPPED_LINE.search(line) or '"""' in line or line.rstrip().endswith("// not translated"):
                    continue
                code = line.split(" // ", 1)[0]
                for match in LITERAL.finditer(code):
                    literal = unescape(match.group(1))
                    words = INTERPOLATION.sub("", literal)
                    if not LOOKS_LIKE_WORDS.search(words) or literal in marked or literal in allowed:
                        continue
                    findings.append(f'{path.relative_to(ROOT)}:{number}: "{literal}"')
    for finding in findings:
        print(finding)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
