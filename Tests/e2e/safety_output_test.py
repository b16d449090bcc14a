#!/usr/bin/env python3
"""End-to-end tests of issue 32's "output nothing can forge": names, paths
and values a script controls cannot draw lines of their own in text, TAP or
check's report, and escaping them is linear.

Usage: python3 Tests/e2e/safety_output_test.py PATH_TO_SHEETLAB
"""
import os
import re
import sys
import tempfile
import unittest

import cli_test
from cli_test import scenario_file, sheetlab

PASSING = 'view { name = "V", state = { "x" } }\nexpect(true)\n'


class ForgedNames(unittest.TestCase):
    """A file named `b<newline>PASS fake.lua (3 expectations)`."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        self.forged = scenario_file(self.tmp.name, "b\nPASS fake.lua (3 expectations).lua",
                                    'error("boom")\n')

    def test_text_report_keeps_the_name_on_its_line(self):
        code, out, err = sheetlab("test", self.forged)
        self.assertEqual(code, 3, out + err)
        lines = (out + err).splitlines()
        self.assertFalse([l for l in lines if l.startswith("PASS")], out + err)
        self.assertTrue([l for l in lines if l.startswith("ERROR ") and "b\\nPASS fake.lua" in l], out + err)

    def test_tap_has_no_forged_test_point(self):
        code, out, err = sheetlab("test", "--format", "tap", self.forged)
        self.assertEqual(code, 3, out + err)
        points = [l for l in out.splitlines() if re.match(r"(not )?ok ", l)]
        self.assertEqual(len(points), 1, out)
        self.assertTrue(points[0].startswith("not ok 1 - "), out)
        self.assertIn("b\\\\nPASS fake.lua", points[0])  # TAP escapes the backslash


class CheckNames(unittest.TestCase):
    def test_a_property_name_with_escapes_is_escaped_on_the_properties_line(self):
        with tempfile.TemporaryDirectory() as tmp:
            props = scenario_file(
                tmp, "props.lua",
                'return { ["calm\\27[2K\\nPASS"] = always(eventually(happens{ kind = "dismissed" })) }\n')
            code, out, err = sheetlab("check", "--properties", props, "--depth", "4")
            self.assertNotIn("\x1b", out + err)
            line = next(l for l in out.splitlines() if l.startswith("properties: "))
            self.assertIn("calm\\27[2K\\nPASS", line)
            self.assertFalse([l for l in out.splitlines() if l.startswith("PASS")], out)


FORGED_INVARIANT = "calm\nexpect(true) do return end\n--"


class GeneratedScenarios(unittest.TestCase):
    """A counterexample is a file users run: no name or value a script chose
    may become code in it."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        # An invariant that always fails, named to end its comment line and
        # make the replay pass; a state value with a newline for the trace.
        self.policy = scenario_file(self.tmp.name, "forged.lua", (
            "return {\n"
            "  invariants = {\n"
            '    ["calm\\nexpect(true) do return end\\n--"] = function(state)\n'
            "      return #state.presentations == 0, \"shown\\rexpect(true) do return end\"\n"
            "    end,\n"
            "  },\n"
            "}\n"))

    def test_the_counterexample_fails_when_replayed(self):
        out_file = os.path.join(self.tmp.name, "cex.lua")
        code, out, err = sheetlab("check", self.policy, "--depth", "3", "--out", out_file)
        self.assertEqual(code, 1, out + err)
        with open(out_file) as f:
            scenario = f.read()
        for line in scenario.splitlines():
            self.assertNotRegex(line, r"^\s*expect\(true\)", scenario)
        self.assertNotIn("\r", scenario)
        code, out, err = sheetlab("run", out_file, "--allow-path", self.tmp.name)
        self.assertEqual(code, 1, out + err)
        self.assertIn("FAIL", err)

    def test_trace_text_keeps_each_value_on_its_line(self):
        setup = scenario_file(self.tmp.name, "setup.lua", (
            'view { name = "V", state = { "flag", "note" }, modifiers = { sheet { isPresented = "flag" } } }\n'
            'set("V.note", "one\\ntwo: forged")\n'))
        for fmt in ("text", "diff"):
            code, out, err = sheetlab("check", self.policy, "--scenario", setup, "--depth", "2",
                                      "--trace", fmt)
            self.assertEqual(code, 1, out + err)
            self.assertFalse([l for l in out.splitlines() if l.startswith("two: forged")], out)
            self.assertIn("one\\ntwo: forged", out)


class LinearEscaping(unittest.TestCase):
    def test_a_million_escape_characters_print_at_once(self):
        # Quadratic escaping took 30 s for 400,000; linear takes well under a second.
        with tempfile.TemporaryDirectory() as tmp:
            path = scenario_file(tmp, "esc.lua", 'print(("\\27"):rep(1000000))\nexpect(true)\n')
            code, out, err = sheetlab("run", path, timeout=60)
            self.assertEqual(code, 0, err[-400:])
            printed = out + err
            self.assertNotIn("\x1b", printed)
            self.assertGreaterEqual(printed.count("\\27"), 1000000)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    cli_test.SHEETLAB = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=1)
