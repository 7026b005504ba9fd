#!/usr/bin/env python3
"""The boundary checker's own tests: each rule it holds reports a case that breaks it, on a
package of a few files made in a temporary folder."""
import importlib.util
import json
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("check_boundaries", os.path.join(HERE, "check-boundaries.py"))
checker = importlib.util.module_from_spec(spec)
spec.loader.exec_module(checker)


class CheckBoundariesTests(unittest.TestCase):
    def run_checker(self, files, dependencies=("Domain",), says_process=True):
        """The problems the checker prints for a target `App` holding `files` (name: text); the
        first file begins with the line naming the process unless `says_process` is false."""
        if says_process:
            first = min(files)
            files = dict(files, **{first: "// Runs in the app.\n\n" + files[first]})
        with tempfile.TemporaryDirectory() as root:
            for name, text in files.items():
                path = os.path.join(root, "Sources/App", name)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w") as out:
                    out.write(text)
            dump = os.path.join(root, "dump.json")
            with open(dump, "w") as out:
                json.dump({"targets": [{"name": "App", "type": "regular", "path": "Sources/App",
                                        "dependencies": [{"byName": [d, None]} for d in dependencies]}]}, out)
            checker.ROOT, saved_argv = root, sys.argv
            sys.argv = ["check-boundaries.py", dump]
            printed = []
            checker.print = printed.append
            try:
                status = checker.main()
            finally:
                sys.argv = saved_argv
                del checker.print
            return status, [line for line in printed if not line.startswith("check-boundaries:")]

    def test_a_clean_target_passes(self):
        status, problems = self.run_checker({"A.swift": "import Domain\n// One line.\n" + "let a = 1\n" * 20})
        self.assertEqual((status, problems), (0, []))

    def test_an_undeclared_import_fails(self):
        status, problems = self.run_checker({"A.swift": "import Persistence\nlet a = 1\n"})
        self.assertEqual(status, 1)
        self.assertIn("imports Persistence, which App does not declare", problems[0])

    def test_a_declared_import_outside_the_layer_fails(self):
        status, problems = self.run_checker({"A.swift": "import Persistence\nlet a = 1\n"}, ("Persistence",))
        self.assertEqual(status, 1)
        self.assertIn("outside App's allowed list", problems[0])

    def test_a_file_over_400_lines_fails(self):
        status, problems = self.run_checker({"A.swift": "let a = 1\n" * (401 - 2)})  # and the process line, a blank
        self.assertEqual(status, 1)
        self.assertIn("401 lines (at most 400)", problems[0])

    def test_a_type_over_600_lines_across_its_files_fails(self):
        body = "    let a = 1\n" * 300
        status, problems = self.run_checker({"A.swift": "struct Big {\n" + body + "}\n",
                                             "A+More.swift": "extension Big {\n" + body + "}\n"})
        self.assertEqual(status, 1)
        self.assertIn("type Big: 604 lines (at most 600)", problems[0])

    def test_a_comment_of_six_lines_fails(self):
        status, problems = self.run_checker({"A.swift": "/// A line.\n" * 6 + "let a = 1\n" * 40})
        self.assertEqual(status, 1)
        self.assertIn("A.swift:3: a comment of 6 lines (at most 5)", problems[0])

    def test_comments_over_the_share_fail(self):
        status, problems = self.run_checker({"A.swift": "/// A line.\nlet a = 1\n" * 10})
        self.assertEqual(status, 1)
        self.assertIn("comment lines are 52.4% of non-blank lines", problems[0])

    def test_a_first_file_without_its_process_fails(self):
        status, problems = self.run_checker({"B.swift": "// Runs in the app.\nlet b = 1\n",
                                             "A.swift": "let a = 1\n"}, says_process=False)
        self.assertEqual(status, 1)
        self.assertIn("A.swift:1: the first file of App does not begin with", problems[0])


if __name__ == "__main__":
    unittest.main()
