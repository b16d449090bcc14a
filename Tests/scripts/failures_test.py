#!/usr/bin/env python3
"""Tests of scripts/failures on logs of real failures (Tests/scripts/fixtures).

    python3 Tests/scripts/failures_test.py

The fixtures are Swift Testing, XCTest, AddressSanitizer, LeakSanitizer,
compiler and libFuzzer output as the toolchain writes it (Swift 6.3.1), with
paths shortened.
"""

import subprocess
import sys
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
FIXTURES = ROOT / "Tests" / "scripts" / "fixtures"


def failures(kind, fixture):
    p = subprocess.run([sys.executable, str(ROOT / "scripts" / "failures"), kind, str(FIXTURES / fixture)],
                       capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        raise AssertionError(f"scripts/failures {kind} {fixture} exited {p.returncode}: {p.stderr}")
    return p.stdout


class TestLogs(unittest.TestCase):
    def test_every_issue_is_printed_whole_over_its_lines(self):
        out = failures("tests", "swift-testing-failures.log")
        self.assertIn("✘ Test expectFails() recorded an issue at BudgetTests.swift:104:9: Expectation failed: "
                      "(values.count → 3) == (two() → 2)\n↳ // a comment before the expectation\n↳ the count\n"
                      "  spans two lines\n", out)
        self.assertIn("Issue recorded\n↳ first line\n  second line\n    third, indented\n", out)
        self.assertIn("Caught error: line one\nline two of the error\n", out)
        self.assertIn('recorded an issue with 1 argument source → "a\nb" at SandboxTests.swift:176:20: '
                      'Expectation failed: (source → "a\nb").isEmpty → false\n', out)
        self.assertIn("requireFails() recorded an issue at NoSuchFile.swift:17:65: Expectation failed: x → nil", out)
        self.assertIn("(results → [42]) == [43]\n± inserted [42], removed [43]\n↳ // The answer should be 43.\n"
                      "↳ a comment\n  on two lines\n", out)

    def test_an_issue_names_its_file_in_the_repository(self):
        out = failures("tests", "swift-testing-failures.log")
        self.assertIn("↳ source: Tests/LuaRuntimeTests/BudgetTests.swift:104:9\n", out)
        self.assertIn("↳ source: Tests/FuzzTests/Support.swift:14:4, Tests/SheetScriptingTests/Support.swift:14:4",
                      out, "a name two files have: both")

    def test_lines_printed_by_tests_and_passing_tests_are_left_out(self):
        out = failures("tests", "swift-testing-failures.log")
        self.assertNotIn("engine fuzz:", out)
        self.assertNotIn("passes()", out)
        self.assertNotIn("started", out)

    def test_the_failing_tests_and_the_runs_last_line_follow_the_issues(self):
        out = failures("tests", "swift-testing-failures.log")
        self.assertIn("✘ Test param(source:) with 2 test cases failed after 0.001 seconds with 2 issues.\n", out)
        self.assertTrue(out.rstrip().endswith("✘ Test run with 6 tests in 1 suite failed after 0.012 seconds "
                                              "with 6 issues."), out)
        self.assertNotIn("did not finish", out)

    def test_xctest_failures(self):
        out = failures("tests", "swift-testing-failures.log")
        self.assertIn("OldTests.swift:21: error: OldTests.testAssert : XCTAssertEqual failed: "
                      '("2") is not equal to ("3") - xctest message', out)
        self.assertIn("Test Case 'OldTests.testAssert' failed", out)

    def test_an_asan_report_is_printed_whole_and_the_crashed_test_named(self):
        out = failures("tests", "asan-crash.log")
        report = out[out.index("ERROR: AddressSanitizer: heap-buffer-overflow"):]
        self.assertIn("WRITE of size 8", report)
        self.assertIn("Crashy.overflow()", report, "demangled")
        self.assertIn("Crash.swift:8:12", report)
        self.assertIn("allocated by thread T4 here:", report)
        self.assertIn("SUMMARY: AddressSanitizer: heap-buffer-overflow", report)
        self.assertNotIn("Shadow byte legend", out, "the report ends at its summary")
        self.assertIn("The test run did not finish", out)
        self.assertIn("In the stack of the report above:\n  overflow()\n", out)
        self.assertNotIn("  trap()", out, "it finished")
        self.assertNotIn("✔ Test trap() passed", out, "tests beside the report are left out of it")

    def test_a_swift_trap_gives_its_message_and_stack(self):
        out = failures("tests", "trap.log")
        self.assertIn("Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range", out)
        self.assertIn("ERROR: AddressSanitizer: ILL", out)
        self.assertIn("Crash.swift:16:14", out)
        self.assertIn("In the stack of the report above:\n  trap()\n", out)
        self.assertNotIn("running when it stopped", out, "the others had finished")

    def test_a_leak_found_after_a_passing_run(self):
        out = failures("tests", "leak-after-a-passing-run.log")
        self.assertIn("✔ Test run with 3 tests in 1 suite passed", out)
        self.assertIn("ERROR: LeakSanitizer: detected memory leaks", out)
        self.assertIn("Direct leak of 160 byte(s) in 1 object(s) allocated from:", out)
        self.assertIn("Crash.swift:21:41", out)
        self.assertIn("SUMMARY: AddressSanitizer: 176 byte(s) leaked in 2 allocation(s).", out)

    def test_a_long_report_is_cut_with_a_note(self):
        log = FIXTURES.parent / "long-report.log.tmp"
        frames = [f"    #{i} 0x55 in frame{i} /work/x.c:{i}:1" for i in range(400)]
        log.write_text("\n".join(["==1==ERROR: LeakSanitizer: detected memory leaks", *frames,
                                  "SUMMARY: AddressSanitizer: 1 byte(s) leaked in 1 allocation(s)."]) + "\n")
        try:
            p = subprocess.run([sys.executable, str(ROOT / "scripts" / "failures"), "tests", str(log)],
                               capture_output=True, text=True, timeout=120)
        finally:
            log.unlink()
        self.assertIn("frame148 ", p.stdout)
        self.assertNotIn("frame149 ", p.stdout)
        self.assertIn(f"... 252 more lines of this report in {log}", p.stdout)

    def test_a_run_stopped_without_a_report_lists_what_ran_and_ends_with_the_logs_end(self):
        log = FIXTURES.parent / "hung-run.log.tmp"
        log.write_text("◇ Test run started.\n" + "".join(f"◇ Test waits{i}() started.\n" for i in range(20))
                       + "✔ Test waits3() passed after 0.1 seconds.\n")
        try:
            p = subprocess.run([sys.executable, str(ROOT / "scripts" / "failures"), "tests", str(log)],
                               capture_output=True, text=True, timeout=120)
        finally:
            log.unlink()
        self.assertIn("The test run did not finish", p.stdout)
        self.assertIn("Still running when it stopped (7 more not shown):\n  waits0()\n", p.stdout)
        self.assertNotIn("  waits3()", p.stdout)
        self.assertTrue(p.stdout.rstrip().endswith("✔ Test waits3() passed after 0.1 seconds."), p.stdout)

    def test_compiler_errors_with_their_source_lines(self):
        out = failures("build", "build-error.log")
        self.assertIn("Lib.swift:3:26: error: cannot convert value of type 'Int' to specified type 'String'\n"
                      "1 | public func two() -> Int { 2 }\n", out)
        self.assertIn("Lib.swift:4:12: error: cannot find 'missingName' in scope", out)
        self.assertIn("error: fatalError", out)
        self.assertNotIn("Cannot export local symbol", out)
        self.assertNotIn("Emitting module", out)

    def test_a_libfuzzer_crash_gives_the_report_and_the_input(self):
        out = failures("fuzzer", "libfuzzer-crash.log")
        self.assertIn("ERROR: AddressSanitizer: heap-use-after-free", out)
        self.assertIn("runtime.c:37:22", out)
        self.assertIn("LuaRuntime.load(source:chunkName:)", out, "demangled")
        self.assertIn("Test unit written to .build/logs/libfuzzer-policy-load-crash-", out)
        self.assertIn("Base64: cmV0dXJuIHt9", out)
        self.assertNotIn("pulse", out)

    def test_a_libfuzzer_timeout(self):
        out = failures("fuzzer", "libfuzzer-timeout.log")
        self.assertIn("ERROR: libFuzzer: timeout after 11 seconds", out)
        self.assertIn("guard.c:150:18", out)
        self.assertIn("SUMMARY: libFuzzer: timeout", out)
        self.assertIn("Test unit written to .build/logs/libfuzzer-hook-result-timeout-", out)


if __name__ == "__main__":
    unittest.main(verbosity=1)
