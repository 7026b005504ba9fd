#!/usr/bin/env python3
"""Fails (exit 1) when the code crosses a boundary docs/architecture.md draws, naming each case:

- an import of a module the target does not declare in Package.swift;
- an import outside the target's allowed list below (the layers and processes);
- a Swift file over 400 lines, or a type over 600 lines across its extensions, Sources and Tests;
- a Swift target whose first file (in path order) does not begin with "// Runs in " and the
  process it runs in;
- in Sources, a comment of six lines or more (a contract and its reason fit in fewer; the
  long story goes to docs/), or comment lines above MAX_COMMENT_SHARE of the non-blank lines.

Usage: .ci/check-boundaries.py [PACKAGE_DUMP.json]; without it, runs `swift package dump-package`.
"""
import json
import os
import re
import subprocess
import sys
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAX_FILE_LINES = 400
MAX_TYPE_LINES = 600
MAX_COMMENT_BLOCK = 5
# How a target's first file begins: the process the module runs in, for a reader who opens it.
PROCESS_LINE = "// Runs in "
# Comment lines in Sources as a share of non-blank lines (#70's target).
MAX_COMMENT_SHARE = 0.120

# The toolchain's own modules, importable anywhere.
SYSTEM = {"Foundation", "FoundationEssentials", "Glibc", "Dispatch", "Synchronization", "XCTest", "_Concurrency"}
# What a product dependency lets a target import, when more than the product's own name.
PRODUCT_MODULES = {"GRDB": {"GRDB", "GRDBSQLite"}}

# What each target of Sources may import besides the toolchain's modules: its layer's neighbours.
# Helpers and the wire import nothing of the app's side; Features never Gtk; App never a client,
# a database or a repository (Composition builds those).
HELPER_SIDE = {"HelperWire", "HelperPipes", "Confinement", "CDescriptorPassing", "CSandbox", "Localization", "Scheduling"}
ALLOWED = {
    "Localization": {"CIntl"},
    "HelperPipes": set(),
    "Scheduling": {"CThreads"},
    "Confinement": {"CSandbox", "HelperPipes"},
    "HelperWire": {"CDescriptorPassing", "CGdkPixbuf", "HelperPipes", "Localization"},
    "PictureDecoding": HELPER_SIDE | {"CGdkPixbuf", "CGexiv2", "CLcms2", "CWebP", "CPictureRegions"},
    "ClipDecoding": HELPER_SIDE | {"CGStreamer", "CGdkPixbuf"},
    "tessera-decoder": HELPER_SIDE | {"PictureDecoding", "CGdkPixbuf"},
    "tessera-poster": HELPER_SIDE | {"ClipDecoding"},
    "tessera-player": HELPER_SIDE | {"ClipDecoding"},
    "Domain": {"Localization", "DequeModule"},
    "Networking": {"CCurl", "CGio", "Domain", "Scheduling", "Localization"},
    "Repositories": {"Domain", "Networking", "Localization", "Scheduling"},
    "Persistence": {"Domain", "Repositories", "Localization", "GRDB", "GRDBSQLite", "Logging", "Scheduling"},
    "Features": {"Domain", "Repositories", "Localization", "Scheduling", "Logging", "DequeModule"},
    "ImagePipeline": {"HelperWire", "Networking", "CGdkPixbuf", "Scheduling", "Localization", "HelperPipes"},
    "HelperClients": {"HelperWire", "ImagePipeline", "HelperPipes", "CDescriptorPassing", "CGdkPixbuf",
                      "Localization", "Scheduling"},
    "Video": {"HelperWire", "CGStreamer", "CGdkPixbuf", "CDescriptorPassing", "HelperPipes", "HelperClients",
              "ImagePipeline", "Scheduling", "Localization"},
    "Gtk": {"CGtk", "CHandy", "CGStreamer", "CGspell", "Localization", "Scheduling"},
    "SimulatedInput": {"CGtk", "Gtk"},
    "App": {"Gtk", "Domain", "HelperWire", "ImagePipeline", "Features", "Video", "Localization", "Scheduling",
            "Logging", "DequeModule", "CGdkPixbuf"},
    "Composition": {"App", "Domain", "Features", "ImagePipeline", "Networking", "Persistence", "Repositories", "Video",
                    "HelperClients", "Logging", "Gtk", "HelperPipes", "Localization", "Scheduling"},
    "tessera": {"App", "Composition", "Localization"},
    "tessera-automated": {"App", "Composition", "Domain", "Gtk", "ImagePipeline", "Localization", "Logging"},
    "FixtureServer": {"CGdkPixbuf", "CLcms2", "Hummingbird", "NIOCore", "ServiceLifecycle", "Logging", "Scheduling"},
    "tessera-server": {"FixtureServer", "ArgumentParser", "Logging"},
    "tessera-crash-writer": {"Persistence", "Domain", "ImagePipeline", "Logging"},
}
# Files and types over their limit, at their size when listed: each may shrink, none may grow, and
# one back within its limit must leave this list. None today.
OVER_TODAY: dict[str, int] = {}
# Tools outside the shipped processes may import whatever they declare.
ANY_DECLARED = {"tessera-bench", "TestSupport", "CTestBrowser"}

IMPORT = re.compile(r"^(?:@testable |@_spi\(\w+\) |@preconcurrency |@_exported )?import (?:(?:struct|class|enum|func|protocol|typealias) )?(\w+)")
TYPE_START = re.compile(r"^(?:public |internal |private |fileprivate |open |final |@\w+(?:\([^)]*\))? )*"
                        r"(?:class|struct|enum|actor|protocol|extension) ([A-Za-z_][\w.]*)")


def package():
    if len(sys.argv) > 1:
        with open(sys.argv[1]) as dump:
            return json.load(dump)
    return json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                                     capture_output=True, text=True).stdout)


def swift_files(folder):
    for root, _, files in os.walk(os.path.join(ROOT, folder)):
        for name in sorted(files):
            if name.endswith(".swift"):
                yield os.path.join(root, name)


def declared(target):
    modules = set()
    for dependency in target["dependencies"]:
        kind, value = next(iter(dependency.items()))
        name = value[0] if isinstance(value, list) else value
        modules |= PRODUCT_MODULES.get(name, {name}) if kind == "product" else {name}
    return modules


def oversized(key, size, limit, problems, seen):
    """Adds a problem when `key` is over `limit`, unless it is in OVER_TODAY and no larger."""
    if size <= limit:
        return
    seen.add(key)
    listed = OVER_TODAY.get(key)
    if listed is None:
        problems.append(f"{key}: {size} lines (at most {limit})")
    elif size > listed:
        problems.append(f"{key}: {size} lines, grown past the {listed} it was listed at (at most {limit})")


class Comments:
    """Counts comment lines and flags comment blocks over MAX_COMMENT_BLOCK lines."""

    def __init__(self):
        self.comment_lines = 0
        self.lines = 0

    def add(self, relative, lines, problems):
        run = 0
        for number, line in enumerate(lines + [""]):
            text = line.strip()
            if number < len(lines) and text:
                self.lines += 1
            if number < len(lines) and text.startswith("//"):
                self.comment_lines += 1
                run += 1
                continue
            if run > MAX_COMMENT_BLOCK:
                problems.append(f"{relative}:{number - run + 1}: a comment of {run} lines (at most {MAX_COMMENT_BLOCK})")
            run = 0

    def share(self):
        return self.comment_lines / max(self.lines, 1)


def main():
    problems = []
    seen = set()
    comments = Comments()
    all_modules = set()
    targets = package()["targets"]
    for target in targets:
        all_modules.add(target["name"])
        for dependency in target["dependencies"]:
            kind, value = next(iter(dependency.items()))
            name = value[0] if isinstance(value, list) else value
            all_modules |= PRODUCT_MODULES.get(name, {name})
    for target in targets:
        name = target["name"]
        folder = target.get("path") or ("Tests/" if target["type"] == "test" else "Sources/") + name
        allowed = declared(target)
        policy = ALLOWED.get(name)
        if target["type"] != "test" and policy is None and name not in ANY_DECLARED and not name.startswith("C"):
            problems.append(f"{folder}: a target with no allowed list in .ci/check-boundaries.py")
        types = defaultdict(int)
        paths = sorted(swift_files(folder))
        if paths and target["type"] != "test":
            with open(paths[0], encoding="utf-8") as first:
                if not first.readline().startswith(PROCESS_LINE):
                    problems.append(f"{os.path.relpath(paths[0], ROOT)}:1: the first file of {name} does not begin "
                                    f"with \"{PROCESS_LINE}\" and the process it runs in")
        for path in paths:
            relative = os.path.relpath(path, ROOT)
            with open(path, encoding="utf-8") as source:
                lines = source.read().split("\n")
            if lines and lines[-1] == "":
                lines.pop()
            oversized(relative, len(lines), MAX_FILE_LINES, problems, seen)
            if relative.startswith("Sources/"):
                comments.add(relative, lines, problems)
            current, start = None, 0
            for number, line in enumerate(lines):
                imported = IMPORT.match(line)
                if imported:
                    module = imported.group(1)
                    if module in SYSTEM:
                        continue
                    if module not in allowed:
                        problems.append(f"{relative}:{number + 1}: imports {module}, which {name} does not declare")
                    elif policy is not None and module not in policy:
                        problems.append(f"{relative}:{number + 1}: imports {module}, outside {name}'s allowed list")
                started = TYPE_START.match(line)
                if started and current is None:
                    current, start = started.group(1).split(".")[0], number
                elif current is not None and line.startswith("}"):
                    types[current] += number - start + 1
                    current = None
        for type_name, count in types.items():
            oversized(f"{folder}: type {type_name}", count, MAX_TYPE_LINES, problems, seen)
    if comments.share() > MAX_COMMENT_SHARE:
        problems.append(f"Sources: comment lines are {comments.share():.1%} of non-blank lines (at most {MAX_COMMENT_SHARE:.1%})")
    for key in sorted(set(OVER_TODAY) - seen):
        problems.append(f"{key}: within its limit now; take it out of OVER_TODAY in .ci/check-boundaries.py")
    for problem in problems:
        print(problem)
    print(f"check-boundaries: {len(problems)} problem(s)" if problems
          else f"check-boundaries: every boundary holds ({len(OVER_TODAY)} files and types still over their limits, listed)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
