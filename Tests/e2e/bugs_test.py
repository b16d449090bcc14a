#!/usr/bin/env python3
"""End-to-end tests of `sheetlab bugs` (docs/bugs.md), run on the built binary:
the list, its JSON, one bug, an unknown name, the same catalogue away from a
checkout (the scenarios built into the binary), and the versions it gives
against what `sheetlab run --profiles all` shows for each scenario.

Usage: python3 Tests/e2e/bugs_test.py PATH_TO_SHEETLAB
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUGS = os.path.join(ROOT, "examples", "bugs")
SHEETLAB = None


def sheetlab(*args, binary=None, cwd=ROOT, env=None):
    """Runs sheetlab (from the checkout unless told); returns (code, stdout, stderr)."""
    full_env = dict(os.environ, NO_COLOR="1")
    full_env.update(env or {})
    p = subprocess.run([binary or SHEETLAB, *args], cwd=cwd, capture_output=True, text=True, env=full_env,
                       timeout=300)
    return p.returncode, p.stdout, p.stderr


def bug_files():
    """The bugs' names: the scenarios directly in examples/bugs."""
    return sorted((f[:-4] for f in os.listdir(BUGS) if f.endswith(".lua")), key=lambda n: (n.lower(), n))


def header_field(name, field):
    """A field of a bug's header (`-- Affected: ...`), continuation lines joined."""
    value, open_ = None, False
    with open(os.path.join(BUGS, name + ".lua")) as f:
        for line in f:
            if not line.startswith("--"):
                break
            text = line[2:].rstrip("\n")
            if text.startswith(f" {field}: "):
                value, open_ = text[len(field) + 3:].strip(), True
            elif open_ and text.startswith("  ") and text.strip():
                value += " " + text.strip()
            else:
                open_ = False
    return value


class BugsCommand(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        code, out, err = sheetlab("bugs", "--format", "json")
        assert code == 0, err
        cls.catalogue = json.loads(out)

    def test_list_namesEveryBugWithItsVersions(self):
        code, out, err = sheetlab("bugs")
        self.assertEqual(code, 0, err)
        self.assertEqual(err, "")
        self.assertIn(f"{len(bug_files())} known sheet bugs (examples/bugs), each run on the 63 profiles:", out)
        for bug in self.catalogue["bugs"]:
            row = next((line for line in out.splitlines() if line.split()[:1] == [bug["name"]]), None)
            self.assertIsNotNone(row, f"no row for {bug['name']}:\n{out}")
            self.assertIn(f" {len(bug['affected'])} ", row)

    def test_json_isTheCatalogueAsTheHeadersSayIt(self):
        report = self.catalogue
        self.assertEqual(report["exit_code"], 0)
        self.assertEqual(report["problems"], [])
        self.assertEqual(len(report["profiles"]), 63)
        self.assertEqual([b["name"] for b in report["bugs"]], bug_files())
        for bug in report["bugs"]:
            with self.subTest(bug=bug["name"]):
                self.assertEqual(bug["scenario"], f"examples/bugs/{bug['name']}.lua")
                self.assertTrue(bug["affected"], "shows on no profile")
                self.assertEqual(bug["affected_summary"], header_field(bug["name"], "Affected"))
                self.assertEqual(bug["source"], header_field(bug["name"], "Source"))
                self.assertEqual(bug["workaround_fails"], [])
                self.assertEqual(bug["errors"], [])
                shown = {p.split("-ios")[1] for p in bug["affected"]}
                self.assertEqual(set(bug["versions"]), shown)
                if bug["workaround_policy"] is not None:
                    self.assertTrue(os.path.isfile(os.path.join(ROOT, bug["workaround_policy"])))
                    self.assertTrue(bug["workaround_checked"])

    def test_versions_areWhatRunProfilesAllShows(self):
        # The bug's mark passes exactly where `bugs` says it shows.
        for bug in self.catalogue["bugs"]:
            with self.subTest(bug=bug["name"]):
                code, out, err = sheetlab("run", "--profiles", "all", "--format", "json", bug["scenario"])
                self.assertIn(code, (0, 1), err)
                report = json.loads(out)
                marks = [d for d in report["differences"]
                         if d["outcome"] == "expectation" and d["message"].startswith(bug["name"] + ": ")]
                if marks:
                    passing = set(report["profiles"])
                    for mark in marks:
                        passing &= {p for p, v in mark["values"].items()
                                    if v is not None and v["failed"] == 0 and v["passed"] > 0}
                else:  # the same everywhere: it shows everywhere, or it would not be in the catalogue
                    passing = set(report["profiles"]) - set(report["failed"])
                self.assertEqual(passing, set(bug["affected"]))

    def test_oneBug_showsItsSourceAndWorkaround(self):
        name = "SheetIssuePresentationDetentsIgnoredOnReopen"
        code, out, err = sheetlab("bugs", name)
        self.assertEqual(code, 0, err)
        self.assertTrue(out.startswith(name + ": "), out)
        self.assertIn("  source      " + header_field(name, "Source"), out)
        self.assertIn("  reported    iOS 18.0-18.3", out)
        self.assertIn("  shows on    " + header_field(name, "Affected"), out)
        self.assertIn("  policy      examples/behaviours/policies/reopen_after_window.lua", out)
        self.assertIn("  checked     the workaround holds on every profile", out)
        self.assertIn(f"sheetlab run --profiles all examples/bugs/{name}.lua", out)

    def test_oneBug_json_isItsObject(self):
        code, out, err = sheetlab("bugs", "FB19252983", "--format", "json")
        self.assertEqual(code, 0, err)
        bug = json.loads(out)
        self.assertEqual(bug, next(b for b in self.catalogue["bugs"] if b["name"] == "FB19252983"))
        self.assertEqual(bug["rules"], ["B41"])

    def test_nameCaseAside(self):
        code, out, _ = sheetlab("bugs", "fb19252983")
        self.assertEqual(code, 0)
        self.assertTrue(out.startswith("FB19252983: "))

    def test_unknownName_isAUsageErrorListingTheBugs(self):
        code, out, err = sheetlab("bugs", "FB1925298")
        self.assertEqual(code, 2)
        self.assertEqual(out, "")
        self.assertIn("sheetlab bugs: unknown bug 'FB1925298'; expected one of FB17890661, FB18927179, FB19252983, ", err)
        self.assertIn("did you mean FB19252983?", err)
        self.assertIn("Run 'sheetlab bugs --help' for usage.", err)

    def test_badFormatAndTwoNames_areUsageErrors(self):
        code, _, err = sheetlab("bugs", "--format", "xml")
        self.assertEqual(code, 2)
        self.assertIn("--format expects text, json or markdown, got 'xml'", err)
        code, _, err = sheetlab("bugs", "FB19252983", "montage-ios-520")
        self.assertEqual(code, 2, err)

    def test_help(self):
        code, out, _ = sheetlab("bugs", "--help")
        self.assertEqual(code, 0)
        self.assertIn("Usage: sheetlab bugs [NAME] [--format FORMAT]", out)

    def test_markdown_isDocsBugsTable(self):
        code, out, err = sheetlab("bugs", "--format", "markdown")
        self.assertEqual(code, 0, err)
        with open(os.path.join(ROOT, "docs", "bugs.md")) as f:
            doc = f.read()
        table = re.search(r"<!-- generated by sheetlab bugs --format markdown -->\n(.*?)<!-- end of the generated table -->",
                          doc, re.S)
        self.assertIsNotNone(table)
        self.assertEqual(table.group(1), out)

    def test_awayFromACheckout_usesTheBuiltInScenarios(self):
        # A copy of the binary outside any checkout, run from an empty folder: the scenarios built into it,
        # written to a private folder under TMPDIR for the runs and removed afterwards.
        with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as tmp:
            binary = os.path.join(home, "sheetlab")
            shutil.copy(SHEETLAB, binary)
            elsewhere = os.path.join(home, "work")
            os.mkdir(elsewhere)
            code, out, err = sheetlab("bugs", "--format", "json", binary=binary, cwd=elsewhere, env={"TMPDIR": tmp})
            self.assertEqual(code, 0, err)
            self.assertEqual(json.loads(out), self.catalogue)
            code, out, err = sheetlab("bugs", "SheetIssueStateRestorationMultiplePresented", binary=binary,
                                      cwd=elsewhere, env={"TMPDIR": tmp})
            self.assertEqual(code, 0, err)
            self.assertIn("(built in)", out)
            self.assertIn("checked     the workaround holds on every profile", out)
            self.assertEqual(os.listdir(tmp), [], "the built-in scenarios were left behind")
            self.assertEqual(os.listdir(elsewhere), [])


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: bugs_test.py PATH_TO_SHEETLAB")
    SHEETLAB = os.path.abspath(sys.argv.pop(1))
    unittest.main()
