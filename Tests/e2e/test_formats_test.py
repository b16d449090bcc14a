#!/usr/bin/env python3
"""End-to-end tests of `sheetlab test --format junit|json|tap`: each report
is parsed as a CI tool would (JUnit with junitparser from PyPI, JSON lines
with json, TAP with the small TAP 14 parser below).

Usage: python3 Tests/e2e/test_formats_test.py PATH_TO_SHEETLAB
(scripts/test runs it with the python of .build/venv, where junitparser is installed.)
"""
import json
import os
import re
import sys
import unittest

import junitparser

import cli_test
from cli_test import sheetlab

FIXTURES = "Tests/e2e/fixtures/"
# One file of each verdict: passed, failed (expectation), skipped (policy
# file), error (syntax), failed (no expectation), failed under --strict.
FILES = [
    "examples/seeds/seed000_lost_reopen.lua",
    FIXTURES + "failing_expectation.lua",
    "examples/policies/queue.lua",
    FIXTURES + "syntax_error.lua",
    FIXTURES + "no_expectation.lua",
    FIXTURES + "error_events.lua",
]


def report(fmt):
    code, out, err = sheetlab("test", "--strict", "--format", fmt, *FILES)
    return code, out, err


class JUnit(unittest.TestCase):
    def test_junitparser_reads_one_testcase_per_file(self):
        code, out, err = report("junit")
        self.assertEqual(code, 3, err)
        xml = junitparser.JUnitXml.fromstring(out)
        suites = list(xml) if isinstance(xml, junitparser.JUnitXml) else [xml]
        cases = [case for suite in suites for case in suite]
        self.assertEqual([c.name for c in cases], [os.path.basename(f) for f in FILES])
        self.assertEqual(cases[0].classname, "examples.seeds")
        self.assertTrue(cases[0].is_passed)

        failure = cases[1].result[0]
        self.assertIsInstance(failure, junitparser.Failure)
        self.assertIn("failing_expectation.lua:6: not yet: the transition takes 500 ms", failure.message)
        self.assertIn('expected: "presented"', failure.text)
        self.assertIn('seen:     "presenting"', failure.text)

        self.assertIsInstance(cases[2].result[0], junitparser.Skipped)
        self.assertIn("a policy file", cases[2].result[0].message)

        error = cases[3].result[0]
        self.assertIsInstance(error, junitparser.Error)
        self.assertEqual(error.type, "syntax")
        self.assertRegex(error.message, r"syntax_error\.lua:\d+:")

        self.assertIn("no expectation was checked", cases[4].result[0].message)
        self.assertIn("2 unexpected error events", cases[5].result[0].text)
        self.assertIn("policyError", cases[5].system_err)

        suite = suites[0]
        self.assertEqual((suite.tests, suite.failures, suite.errors, suite.skipped), (6, 3, 1, 1))

    def test_text_a_scenario_controls_is_well_formed_xml(self):
        code, out, _ = sheetlab("test", "--format", "junit", FIXTURES + "forged_report.lua")
        self.assertEqual(code, 3)
        xml = junitparser.JUnitXml.fromstring(out)
        case = next(iter(next(iter(xml))))
        self.assertIn("\\27[2K", case.result[0].message)


class JSONLines(unittest.TestCase):
    def test_one_object_per_file(self):
        code, out, err = report("json")
        self.assertEqual(code, 3, err)
        objects = [json.loads(line) for line in out.strip().split("\n")]
        self.assertEqual([o["path"] for o in objects], FILES)
        self.assertEqual([o["status"] for o in objects], ["passed", "failed", "skipped", "error", "failed", "failed"])
        for o in objects:
            self.assertIsInstance(o["time_ms"], (int, float))
            self.assertIsInstance(o["expectations"], int)
        failure = objects[1]["failures"][0]
        self.assertEqual(failure["location"], FIXTURES + "failing_expectation.lua:6")
        self.assertEqual(failure["message"], "not yet: the transition takes 500 ms")
        self.assertEqual((failure["expected"], failure["seen"]), ('"presented"', '"presenting"'))
        self.assertEqual(objects[2]["skip_reason"], "a policy file (it returns a table of hooks), not a scenario")
        self.assertEqual(objects[3]["error"]["kind"], "syntax")
        self.assertEqual(objects[4]["problems"], ["no expectation was checked"])
        events = objects[5]["error_events"]
        self.assertEqual([e["kind"] for e in events], ["policyError", "policyError"])
        self.assertEqual((objects[5]["error_event_count"], objects[5]["unexpected_error_events"]), (2, 2))
        self.assertFalse(events[0]["expected"])


def parse_tap(text):
    """A small TAP 14 parser: the version, the plan, and test points with
    their directive and YAML block (as raw lines)."""
    lines = text.split("\n")
    assert lines[0] == "TAP version 14", lines[0]
    plan = re.fullmatch(r"1\.\.(\d+)", lines[1])
    assert plan, lines[1]
    points = []
    i = 2
    while i < len(lines):
        line = lines[i]
        m = re.fullmatch(r"(not ok|ok) (\d+) - (.*?)(?: # (SKIP|TODO)\b ?(.*))?", line)
        if m:
            point = {"ok": m.group(1) == "ok", "number": int(m.group(2)), "description": m.group(3),
                     "directive": m.group(4), "reason": m.group(5), "yaml": []}
            points.append(point)
            if i + 1 < len(lines) and lines[i + 1] == "  ---":
                i += 2
                while lines[i] != "  ...":
                    point["yaml"].append(lines[i][2:])
                    i += 1
        else:
            assert line == "" or line.startswith("#"), "not TAP: %r" % line
        i += 1
    assert len(points) == int(plan.group(1)), "plan and points disagree"
    assert [p["number"] for p in points] == list(range(1, len(points) + 1))
    return points


class TAP(unittest.TestCase):
    def test_a_tap_consumer_reads_every_point(self):
        code, out, err = report("tap")
        self.assertEqual(code, 3, err)
        points = parse_tap(out)
        self.assertEqual([p["description"] for p in points], FILES)
        self.assertEqual([p["ok"] for p in points], [True, False, True, False, False, False])
        self.assertEqual(points[2]["directive"], "SKIP")
        self.assertIn("a policy file", points[2]["reason"])
        failed = "\n".join(points[1]["yaml"])
        self.assertIn('location: "Tests/e2e/fixtures/failing_expectation.lua:6"', failed)
        self.assertIn('expected: "\\"presented\\""', failed)
        self.assertIn("status: error", points[3]["yaml"])
        self.assertIn("# 1 passed, 4 failed, 1 skipped", out)


class Usage(unittest.TestCase):
    def test_help_documents_formats_strict_and_exit_codes(self):
        code, out, _ = sheetlab("test", "--help")
        self.assertEqual(code, 0)
        for text in ["--format FORMAT", "junit", "tap", "--strict", "expect_error", "at least one was checked",
                     "2 usage error", "4 a file could not be read"]:
            self.assertIn(text, out)

    def test_an_unknown_format_is_a_usage_error(self):
        code, _, err = sheetlab("test", "--format", "xml")
        self.assertEqual(code, 2)
        self.assertIn("--format expects text, junit, json, tap, github or html, got 'xml'", err)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    cli_test.SHEETLAB = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=1)
