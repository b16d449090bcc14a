#!/usr/bin/env python3
"""End-to-end tests of the sheetlab command line, run as a user would.

Usage: python3 Tests/e2e/cli_test.py PATH_TO_SHEETLAB
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "Tests", "e2e", "fixtures")
SHEETLAB = None


def sheetlab(*args, env=None):
    """Runs sheetlab from the repository root; returns (code, stdout, stderr)."""
    full_env = dict(os.environ)
    full_env.pop("NO_COLOR", None)
    if env:
        full_env.update(env)
    p = subprocess.run([SHEETLAB, *args], cwd=ROOT, capture_output=True, text=True, env=full_env, timeout=300)
    return p.returncode, p.stdout, p.stderr


def fixture(name):
    return os.path.join(FIXTURES, name)


class TopLevel(unittest.TestCase):
    def test_version_and_help(self):
        code, out, _ = sheetlab("--version")
        self.assertEqual(code, 0)
        self.assertRegex(out, r"^sheetlab \d+\.\d+\.\d+\n$")
        code, out, _ = sheetlab("--help")
        self.assertEqual(code, 0)
        for command in ["run", "test", "demo", "check", "profiles"]:
            self.assertIn(command, out)

    def test_every_subcommand_has_help(self):
        for command in ["run", "test", "demo", "check", "profiles"]:
            code, out, _ = sheetlab(command, "--help")
            self.assertEqual(code, 0, command)
            self.assertIn(f"Usage: sheetlab {command}", out)

    def test_no_arguments_is_a_usage_error(self):
        code, out, err = sheetlab()
        self.assertEqual(code, 2)
        self.assertIn("Usage:", err)

    def test_unknown_command_is_a_usage_error(self):
        code, _, err = sheetlab("frobnicate")
        self.assertEqual(code, 2)
        self.assertIn("unknown command 'frobnicate'", err)

    def test_no_colour_when_not_a_terminal(self):
        _, out, err = sheetlab("demo")
        self.assertNotIn("\x1b[", out + err)


class Run(unittest.TestCase):
    def test_seed_scenario_prints_its_timeline(self):
        code, out, err = sheetlab("run", "examples/seeds/seed000_lost_reopen.lua")
        self.assertEqual(code, 0, err)
        self.assertIn("requestLost", out)
        self.assertEqual(err, "")

    def test_missing_file(self):
        code, out, err = sheetlab("run", "no/such/file.lua")
        self.assertEqual(code, 2)
        self.assertIn("no such file: no/such/file.lua", err)

    def test_missing_argument(self):
        code, _, err = sheetlab("run")
        self.assertEqual(code, 2)
        self.assertIn("needs FILE", err)

    def test_bad_flag(self):
        code, _, err = sheetlab("run", "examples/seeds/seed000_lost_reopen.lua", "--polcy", "x")
        self.assertEqual(code, 2)
        self.assertIn("unknown option '--polcy'", err)

    def test_unknown_profile_lists_the_valid_ones(self):
        code, _, err = sheetlab("run", "examples/seeds/seed000_lost_reopen.lua", "--profile", "nokia3310")
        self.assertEqual(code, 2)
        self.assertIn("unknown profile 'nokia3310'", err)
        self.assertIn("iphone15-ios17", err)

    def test_syntax_error_is_exit_3_with_file_and_line(self):
        code, _, err = sheetlab("run", fixture("syntax_error.lua"))
        self.assertEqual(code, 3)
        self.assertRegex(err, r"syntax_error\.lua:\d+: .*expected")

    def test_runtime_error_is_exit_3_with_file_and_line(self):
        code, _, err = sheetlab("run", fixture("runtime_error.lua"))
        self.assertEqual(code, 3)
        self.assertIn("runtime_error.lua:3: bad argument #1 to 'set' (string or table expected, got number)", err)

    def test_failed_expectation_is_exit_1_with_expected_and_seen(self):
        code, out, err = sheetlab("run", fixture("failing_expectation.lua"))
        self.assertEqual(code, 1)
        self.assertRegex(err, r"failing_expectation\.lua:6: not yet: the transition takes 500 ms")
        self.assertIn('expected: "presented"', err)
        self.assertIn('seen:     "presenting"', err)

    def test_infinite_loop_is_stopped_by_the_budget(self):
        code, _, err = sheetlab("run", fixture("infinite_loop.lua"), "--script-budget", "300")
        self.assertEqual(code, 3)
        self.assertRegex(err, r"infinite_loop\.lua:3: .*budget")
        self.assertIn("infinite_loop.lua:3: budget exceeded: the script's CPU budget of 300 ms was used up "
                      "(raise it with --script-budget)", err)

    def test_memory_and_stack_limits_name_the_line_the_limit_and_the_flag(self):
        with tempfile.TemporaryDirectory() as tmp:
            cases = [
                ("local t = {}\nwhile true do t[#t + 1] = {} end\n", 2, []),
                ("local function deep() return deep() + 1 end\ndeep()\n", 1, []),  # the stack meets the cap first
                ('view { name = "A", state = { n = 0 } }\nfor i = 1, 200 do set("A.n", i) end\n'
                 "local keep = {}\nwhile true do keep[#keep + 1] = timeline() end\n", 4, ["--memory", "8"]),
            ]
            for source, line, flags in cases:
                path = os.path.join(tmp, "limit.lua")
                with open(path, "w") as f:
                    f.write(source)
                code, _, err = sheetlab("run", path, *flags)
                self.assertEqual(code, 3, err)
                mib = flags[1] if flags else "16"
                self.assertIn("limit.lua:%d: not enough memory: the memory limit of %s MiB was reached "
                              "(raise it with --memory)" % (line, mib), err)

    def test_policy_option(self):
        code, out, _ = sheetlab("run", "examples/seeds/seed000_lost_reopen.lua", "--policy", "examples/policies/queue.lua")
        self.assertEqual(code, 1, "the stock scenario's expectations fail once the reopen is queued")
        self.assertIn("queued", out)

    def test_json_timeline_is_one_object_per_line(self):
        code, out, err = sheetlab("run", "examples/seeds/seed000_lost_reopen.lua", "--timeline", "json")
        self.assertEqual(code, 0, err)
        lines = out.strip().split("\n")
        events = [json.loads(line) for line in lines]
        self.assertTrue(all(isinstance(e, dict) and "kind" in e and "time" in e for e in events))
        self.assertIn("requestLost", [e["kind"] for e in events])

    def test_svg_timeline_is_well_formed_with_lanes_and_marks(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "t.svg")
            code, out, err = sheetlab("run", "examples/seeds/seed000_lost_reopen.lua", "--timeline", "svg", "--out", path)
            self.assertEqual(code, 0, err)
            self.assertEqual(out, "")
            root = ET.parse(path).getroot()
            self.assertTrue(root.tag.endswith("svg"))
            classes = [e.get("class") or "" for e in root.iter()]
            self.assertTrue(any("lane" in c.split() for c in classes))
            self.assertTrue(any("mark" in c.split() for c in classes))

    def test_bad_timeline_format(self):
        code, _, err = sheetlab("run", "examples/seeds/seed000_lost_reopen.lua", "--timeline", "pdf")
        self.assertEqual(code, 2)
        self.assertIn("--timeline expects text, json or svg", err)


class Test(unittest.TestCase):
    def test_examples_pass(self):
        code, out, err = sheetlab("test", "examples")
        self.assertEqual(code, 0, out + err)
        last = out.strip().split("\n")[-1]
        self.assertRegex(last, r"^\d+ passed, 0 failed$")
        self.assertNotIn("policies/", out, "policy files are not run as scenarios")

    def test_failures_are_explained_and_counted(self):
        code, out, _ = sheetlab("test", fixture("failing_expectation.lua"), "examples/seeds/seed000_lost_reopen.lua")
        self.assertEqual(code, 1)
        self.assertIn("FAIL", out)
        self.assertIn("failing_expectation.lua:6", out)
        self.assertTrue(out.strip().endswith("1 passed, 1 failed"))

    def test_script_errors_are_exit_3(self):
        code, out, _ = sheetlab("test", fixture("syntax_error.lua"))
        self.assertEqual(code, 3)
        self.assertTrue(out.strip().endswith("0 passed, 1 failed"))

    def test_missing_path(self):
        code, _, err = sheetlab("test", "nowhere")
        self.assertEqual(code, 2)
        self.assertIn("no such file or folder: nowhere", err)


class Demo(unittest.TestCase):
    def test_shows_both_timelines(self):
        code, out, err = sheetlab("demo")
        self.assertEqual(code, 0, err)
        self.assertIn("Stock SwiftUI", out)
        self.assertIn("requestLost", out)
        self.assertIn("queued", out)
        self.assertIn("item 1 is presented", out)


class Profiles(unittest.TestCase):
    def test_lists_devices_and_versions(self):
        code, out, _ = sheetlab("profiles")
        self.assertEqual(code, 0)
        for text in ["iPhone SE", "iPad Pro", "14.4", "16.4", "maxDetentValue"]:
            self.assertIn(text, out)


class PolicyFiles(unittest.TestCase):
    """policy(path) in a scenario reads only regular files of at most 1 MiB,
    never blocks, reads only from the scenario's folder and the places the
    command line allows, and does not quote files that are not Lua."""

    def run_scenario(self, folder, source, *flags):
        path = os.path.join(folder, "scenario.lua")
        with open(path, "w") as f:
            f.write(source)
        # A FIFO or a device would block or never end: far less than this.
        p = subprocess.run([SHEETLAB, "run", path, *flags], cwd=ROOT, capture_output=True, text=True, timeout=20)
        return p.returncode, p.stdout, p.stderr

    def test_dev_zero_is_refused(self):
        with tempfile.TemporaryDirectory() as tmp:
            code, _, err = self.run_scenario(tmp, 'policy("/dev/zero")\n', "--allow-path", "/dev")
            self.assertEqual(code, 3, err)
            self.assertIn("scenario.lua:1: cannot load /dev/zero: it is a character device, not a regular file", err)

    def test_fifo_is_refused_without_blocking(self):
        with tempfile.TemporaryDirectory() as tmp:
            os.mkfifo(os.path.join(tmp, "pipe.lua"))
            code, _, err = self.run_scenario(tmp, 'policy("pipe.lua")\n')
            self.assertEqual(code, 3, err)
            self.assertIn("pipe.lua: it is a FIFO, not a regular file", err)
            p = subprocess.run([SHEETLAB, "run", os.path.join(tmp, "pipe.lua")], cwd=ROOT, capture_output=True,
                               text=True, timeout=20)
            self.assertEqual(p.returncode, 3, p.stderr)
            self.assertIn("it is a FIFO, not a regular file", p.stderr)

    def test_sparse_file_over_the_limit_is_refused(self):
        with tempfile.TemporaryDirectory() as tmp:
            with open(os.path.join(tmp, "huge.lua"), "w") as f:
                f.truncate(1 << 30)
            code, _, err = self.run_scenario(tmp, 'policy("huge.lua")\n')
            self.assertEqual(code, 3, err)
            self.assertIn("is larger than the 1 MiB a Lua source may have (raise it with --max-source)", err)

    def test_path_outside_is_refused_naming_the_path_and_the_flag(self):
        with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as elsewhere:
            policy = os.path.join(elsewhere, "p.lua")
            with open(policy, "w") as f:
                f.write("return {}\n")
            code, _, err = self.run_scenario(tmp, "policy(%s)\nexpect(true)\n" % json.dumps(policy))
            self.assertEqual(code, 3, err)
            self.assertIn("cannot load %s: a script reads policies only from" % policy, err)
            self.assertIn("--allow-path DIR", err)
            code, _, err = self.run_scenario(tmp, "policy(%s)\nexpect(true)\n" % json.dumps(policy),
                                             "--allow-path", elsewhere)
            self.assertEqual(code, 0, err)

    def test_a_file_that_is_not_lua_is_not_quoted(self):
        with tempfile.TemporaryDirectory() as tmp:
            secret = "2a4f0e9c1b7d4e8f9a0b1c2d3e4f5a6b"
            with open(os.path.join(tmp, "machine-id"), "w") as f:
                f.write(secret + "\n")
            code, _, err = self.run_scenario(tmp, 'policy("machine-id")\n')
            self.assertEqual(code, 3, err)
            self.assertIn("machine-id:1: malformed number (the file's text is not quoted", err)
            self.assertNotIn(secret, err)


class Check(unittest.TestCase):
    def test_queue_policy_passes(self):
        code, out, err = sheetlab("check", "examples/policies/queue.lua", "--depth", "6")
        self.assertEqual(code, 0, out + err)
        self.assertIn("no violation", out)
        self.assertRegex(out, r"\d+ states, \d+ steps")

    def test_stock_loses_a_request_and_the_counterexample_replays(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "cx.lua")
            code, out, _ = sheetlab("check", "--invariant", "no-request-lost", "--depth", "6", "--out", path)
            self.assertEqual(code, 1)
            self.assertIn("VIOLATION no-request-lost", out)
            code, _, err = sheetlab("run", path)
            self.assertEqual(code, 1)
            self.assertIn("overwritten by the write-back (B03)", err)

    def test_unknown_invariant_is_a_usage_error(self):
        code, _, err = sheetlab("check", "--invariant", "be-nice")
        self.assertEqual(code, 2)
        self.assertIn("unknown invariant 'be-nice'", err)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    SHEETLAB = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=1)
