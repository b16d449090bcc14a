#!/usr/bin/env python3
"""End-to-end tests of the sheetlab command line, run as a user would.

Usage: python3 Tests/e2e/cli_test.py PATH_TO_SHEETLAB
"""
import json
import os
import re
import signal
import stat
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "Tests", "e2e", "fixtures")
SHEETLAB = None


def sheetlab(*args, env=None, timeout=300, input=None):
    """Runs sheetlab from the repository root; returns (code, stdout, stderr).
    A run past `timeout` seconds is killed and fails the test."""
    full_env = dict(os.environ)
    full_env.pop("NO_COLOR", None)
    if env:
        full_env.update(env)
    p = subprocess.run([SHEETLAB, *args], cwd=ROOT, capture_output=True, text=True, env=full_env,
                       timeout=timeout, input=input if input is not None else "")
    return p.returncode, p.stdout, p.stderr


def scenario_file(folder, name, text):
    """Writes a scenario (or policy) file into `folder`; returns its path."""
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def fixture(name):
    return os.path.join(FIXTURES, name)


def player_data(html):
    """The data block of an HTML player page (docs/player.md, "Data")."""
    found = re.search(r'<script type="application/json" id="sheetlab-data">(.*?)</script>', html, re.S)
    return json.loads(found.group(1).replace("<\\/", "</"))


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
        self.assertIn("--timeline expects text, json, svg or html", err)


def example_scenarios():
    """Every scenario under examples/ (outside policies folders and the embedding package)."""
    found = []
    for folder, dirs, files in os.walk(os.path.join(ROOT, "examples")):
        dirs[:] = sorted(d for d in dirs if d not in ("policies", "embedding"))
        found += [os.path.relpath(os.path.join(folder, f), ROOT) for f in sorted(files) if f.endswith(".lua")]
    return found


class RunAcrossProfiles(unittest.TestCase):
    SEED004 = "examples/seeds/seed004_sheet_and_cover.lua"

    def test_help_mentions_the_option(self):
        code, out, _ = sheetlab("run", "--help")
        self.assertEqual(code, 0)
        self.assertIn("--profiles all|LIST", out)
        self.assertIn("--json", out)

    def test_every_example_runs_on_every_profile(self):
        _, listed, _ = sheetlab("profiles")
        self.assertIn("iphone17", listed)
        scenarios = example_scenarios()
        self.assertGreater(len(scenarios), 20)
        for path in scenarios:
            with self.subTest(path=path):
                code, out, err = sheetlab("run", path, "--profiles", "all")
                # 0 ok, 1 an expectation failed on some profile, 3 a script error on some profile: never a crash.
                self.assertIn(code, (0, 1, 3), err)
                self.assertNotIn("Fatal error", err)
                self.assertRegex(out, r"(?m)^(Outcomes that differ across \d+ profiles:|No differences across the \d+ profiles: )")
                if code != 0:
                    self.assertRegex(err, r"(?m)^(FAIL|error) on ")
                code_json, out_json, _ = sheetlab("run", path, "--profiles", "all", "--json")
                report = json.loads(out_json)
                self.assertEqual(code_json, code)
                self.assertEqual(report["exit_code"], code)
                self.assertGreater(len(report["profiles"]), 40)
                self.assertEqual(bool(report["differences"]), out.find("Outcomes that differ") >= 0)

    def test_seed004_shows_where_ios_14_4_and_15_differ(self):
        code, out, err = sheetlab("run", self.SEED004, "--profiles", "iphone15-ios14.4,iphone15-ios15")
        self.assertEqual(code, 1, err)
        self.assertIn('note: the scenario\'s profile("iphone15-ios14.4") is overridden by each compared profile', out)
        self.assertIn(
            "expect examples/seeds/seed004_sheet_and_cover.lua:46: "
            "B10: the sheet is shadowed by the cover applied after it\n"
            "  pass  iphone15-ios14.4\n"
            "  fail  iphone15-ios15\n", out)
        self.assertIn("modifierIgnored B10 (warning events)\n  1  iphone15-ios14.4\n  0  iphone15-ios15\n", out)
        self.assertRegex(out, r"\n\d+ outcomes are the same on every profile\.\n$")
        self.assertIn("FAIL on iphone15-ios15: examples/seeds/seed004_sheet_and_cover.lua:46:", err)

    def test_seed004_on_every_profile_groups_them_by_os(self):
        code, out, _ = sheetlab("run", self.SEED004, "--profiles", "all")
        self.assertEqual(code, 1)
        self.assertIn("  pass  ios14.4 on every device (7 profiles)\n  fail  ios15 to ios27 on every device", out)

    def test_json_comparison(self):
        code, out, _ = sheetlab("run", self.SEED004, "--profiles", "iphone15-ios14.4,iphone15-ios15", "--json")
        self.assertEqual(code, 1)
        report = json.loads(out)
        self.assertEqual(report["scenario"], self.SEED004)
        self.assertEqual(report["profiles"], ["iphone15-ios14.4", "iphone15-ios15"])
        self.assertEqual(report["overridden_profiles"], ["iphone15-ios14.4"])
        self.assertEqual(report["failed"], ["iphone15-ios15"])
        self.assertEqual(report["errored"], [])
        first = report["differences"][0]
        self.assertEqual(first["outcome"], "expectation")
        self.assertEqual(first["location"], "examples/seeds/seed004_sheet_and_cover.lua:46")
        self.assertEqual(first["values"], {"iphone15-ios14.4": {"passed": 1, "failed": 0},
                                           "iphone15-ios15": {"passed": 0, "failed": 1}})
        events = [d for d in report["differences"] if d["outcome"] == "events"]
        self.assertIn({"outcome": "events", "kind": "modifierIgnored", "severity": "warning", "rule": "B10",
                       "label": "modifierIgnored B10 (warning events)",
                       "values": {"iphone15-ios14.4": 1, "iphone15-ios15": 0}}, events)
        self.assertIsInstance(report["same"], int)

    def test_reset_with_a_name_is_honoured_and_print_goes_to_stderr(self):
        with tempfile.TemporaryDirectory() as d:
            path = scenario_file(d, "pinned.lua", 'reset("iphone15-ios14.4")\nprint("on " .. profile().name)\n'
                                 'expect_eq(profile().name, "iphone15-ios14.4")\n')
            code, out, err = sheetlab("run", path, "--profiles", "iphone15-ios17,iphone17-ios26", "--json")
            self.assertEqual(code, 0, err)
            self.assertEqual(json.loads(out)["differences"], [])
            self.assertIn("[iphone15-ios17] on iphone15-ios14.4\n[iphone17-ios26] on iphone15-ios14.4\n", err)
            code, out, _ = sheetlab("run", path, "--profiles", "iphone15-ios17,iphone17-ios26")
            self.assertEqual(out.splitlines()[-1],
                             "No differences across the 2 profiles: the one outcome is the same on every profile.")

    def test_script_error_on_one_profile_is_exit_3_and_says_where(self):
        with tempfile.TemporaryDirectory() as d:
            path = scenario_file(d, "old.lua", 'if not os_at_least("15") then error("too old") end\nexpect(true)\n')
            code, out, err = sheetlab("run", path, "--profiles", "iphone15-ios14.4,iphone15-ios15")
            self.assertEqual(code, 3)
            self.assertIn("script error\n", out)
            self.assertRegex(err, r"error on iphone15-ios14.4: .*old.lua:1: too old")

    def test_usage_errors(self):
        cases = [
            (["--profiles", "iphone15-ios17,pixel9"], "unknown profile 'pixel9'; valid profiles: "),
            (["--profiles", "iphone15-ios17"], "--profiles compares two or more profiles"),
            (["--json"], "--json goes with --profiles"),
            (["--profiles", "all", "--timeline", "json"], "--timeline does not go with --profiles"),
            (["--profiles", "all", "--profile", "iphone15-ios17"], "--profile does not go with --profiles"),
        ]
        for extra, message in cases:
            with self.subTest(extra=extra):
                code, out, err = sheetlab("run", self.SEED004, *extra)
                self.assertEqual(code, 2, err)
                self.assertIn(message, err)
                self.assertEqual(out, "")


class Test(unittest.TestCase):
    def test_examples_pass(self):
        code, out, err = sheetlab("test", "examples", "--strict")
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

    def test_html_format_is_the_player_of_the_failed_files(self):
        code, out, err = sheetlab("test", "--format", "html", fixture("failing_expectation.lua"),
                                  "examples/seeds/seed000_lost_reopen.lua")
        self.assertEqual(code, 1, err)
        self.assertTrue(out.startswith("<!DOCTYPE html>"), out[:200])
        data = player_data(out)
        self.assertEqual(data["title"], "sheetlab test: 1 passed, 1 failed (the failed files' runs)")
        self.assertEqual([p["label"] for p in data["parts"]], [fixture("failing_expectation.lua")])
        marks = data["parts"][0]["expectations"]
        self.assertTrue(any(not x["passed"] for x in marks), marks)
        # Nothing failed: a page with no run.
        code, out, _ = sheetlab("test", "--format", "html", "examples/seeds/seed000_lost_reopen.lua")
        self.assertEqual(code, 0)
        self.assertEqual(player_data(out)["parts"], [])
        self.assertIn("html (a player of the failed files' runs)", sheetlab("test", "--help")[1])

    def test_script_errors_are_exit_3(self):
        code, out, _ = sheetlab("test", fixture("syntax_error.lua"))
        self.assertEqual(code, 3)
        self.assertTrue(out.strip().endswith("0 passed, 1 failed"))

    def test_missing_path(self):
        code, _, err = sheetlab("test", "nowhere")
        self.assertEqual(code, 2)
        self.assertIn("no such file or folder: nowhere", err)


class Verdicts(unittest.TestCase):
    """Nothing passes by accident (issue 14, section 1)."""

    def run_scenario(self, text, *args):
        with tempfile.TemporaryDirectory() as tmp:
            return sheetlab("test", scenario_file(tmp, "s.lua", text), *args)

    APP = ('view { name = "ContentView", state = { "item" }, '
           'modifiers = { sheet { item = "item", content = "sheet" } } }\nset("item", { id = 0 })\n')

    def test_state_and_timeline_the_engine_holds_are_capped(self):
        # Eight lines that kept 2 GiB of Swift memory before the engine limit.
        code, out, _ = self.run_scenario(
            'view { name = "V", state = { "s" } }\n'
            'local big = string.rep("x", 1 << 20)\n'
            'for i = 1, 2000 do set("V.s", big .. i) end\n'
            'expect(true)\n', "--engine-memory", "8")
        self.assertEqual(code, 3, out)
        self.assertRegex(out, r"s\.lua:3: set: engine memory limit of 8 MiB reached \(state values and timeline; raise it with --engine-memory\)")

    def test_timeline_filter_with_an_unknown_field_is_an_error_at_its_line(self):
        code, out, _ = self.run_scenario(self.APP + 'expect_eq(#timeline({ knd = "set" }), 0)\n')
        self.assertEqual(code, 3, out)
        self.assertRegex(out, r"s\.lua:3: bad argument #1 to 'timeline' \(unknown field 'knd'; expected one of since, index, time, kind")

    def test_timeline_filter_with_an_unknown_kind_is_an_error(self):
        code, out, _ = self.run_scenario(self.APP + 'expect_eq(#timeline({ kind = "sett" }), 0)\n')
        self.assertEqual(code, 3, out)
        self.assertIn("bad argument #1 to 'timeline' (kind 'sett' is not an event kind; expected one of set, swipe", out)

    def test_timeline_filter_with_a_wrongly_typed_value_is_an_error(self):
        code, out, _ = self.run_scenario(self.APP + 'expect_eq(#timeline({ item = 0 }), 0)\n')
        self.assertEqual(code, 3, out)
        self.assertIn("bad argument #1 to 'timeline' (field 'item' expects a string, got number)", out)

    def test_events_filter_is_checked_the_same_way(self):
        code, out, _ = self.run_scenario(self.APP + 'expect_eq(#events({ severity = "fatal" }), 0)\n')
        self.assertEqual(code, 3, out)
        self.assertIn("bad argument #1 to 'events' (severity 'fatal' is not a severity; expected one of info, warning, error)", out)

    def test_filters_match_fields_and_start_after_since(self):
        code, out, _ = self.run_scenario(
            self.APP + 'set("item", { id = 1 })\n'
            'expect_eq(#timeline({ kind = "set" }), 2)\n'
            'local first = timeline({ kind = "set" })[1].index\n'
            'expect_eq(#timeline({ kind = "set", since = first }), 1, "since skips the first")\n'
            'expect_eq(timeline({ kind = "set", since = first })[1].item, nil)\n'
            'expect_eq(#timeline({ kind = "request", item = "1" }), 1)\n')
        self.assertEqual(code, 0, out)
        self.assertIn("(4 expectations)", out)

    def test_a_scenario_that_checks_nothing_fails(self):
        code, out, _ = sheetlab("test", "Tests/e2e/fixtures/no_expectation.lua")
        self.assertEqual(code, 1, out)
        self.assertIn("FAIL Tests/e2e/fixtures/no_expectation.lua (0 expectations)", out)
        self.assertIn("no expectation was checked", out)
        self.assertTrue(out.strip().endswith("0 passed, 1 failed"))

    def test_a_policy_file_is_skipped_with_a_note(self):
        code, out, _ = sheetlab("test", "examples/policies/queue.lua", "examples/seeds/seed000_lost_reopen.lua")
        self.assertEqual(code, 0, out)
        self.assertIn("SKIP examples/policies/queue.lua: a policy file (it returns a table of hooks), not a scenario", out)
        self.assertEqual(out.strip().split("\n")[-1], "1 passed, 0 failed, 1 skipped")

    def test_paths_that_hold_no_scenario_are_a_usage_error(self):
        with tempfile.TemporaryDirectory() as empty:
            code, out, err = sheetlab("test", empty, "examples/policies")
        self.assertEqual(code, 2, out + err)
        self.assertIn("no scenario in " + empty + ", examples/policies", err)
        self.assertNotIn("0 passed, 0 failed", out)

    def test_error_events_are_counted_across_reset(self):
        code, out, _ = sheetlab("test", "Tests/e2e/fixtures/error_events.lua")
        self.assertEqual(code, 0, out)
        self.assertIn("PASS Tests/e2e/fixtures/error_events.lua (1 expectation, 2 error events)", out)

    def test_strict_fails_on_unexpected_error_events_and_lists_them(self):
        code, out, _ = sheetlab("test", "--strict", "Tests/e2e/fixtures/error_events.lua")
        self.assertEqual(code, 1, out)
        self.assertIn("FAIL Tests/e2e/fixtures/error_events.lua (1 expectation, 2 error events)", out)
        self.assertIn("2 unexpected error events (--strict", out)
        self.assertEqual(out.count("0 ms policyError: Tests/e2e/fixtures/failing_policy.lua:6: this policy is broken"), 2)

    def test_expect_error_marks_an_error_as_expected(self):
        code, out, _ = sheetlab("test", "--strict", "Tests/e2e/fixtures/expected_error.lua")
        self.assertEqual(code, 0, out)
        self.assertIn("PASS Tests/e2e/fixtures/expected_error.lua (2 expectations, 1 error event, expected)", out)

    def test_expect_error_fails_when_no_error_happened(self):
        code, out, _ = self.run_scenario(self.APP + 'expect_error({ kind = "contentError" }, "the content fails")\n')
        self.assertEqual(code, 1, out)
        self.assertRegex(out, r"s\.lua:3: the content fails\n\s+expected: an error event matching \{kind = \"contentError\"\}\n\s+seen:\s+no error event")

    def test_expect_error_takes_only_error_kinds(self):
        code, out, _ = self.run_scenario(self.APP + 'expect_error({ kind = "requestLost" })\n')
        self.assertEqual(code, 3, out)
        self.assertIn("bad argument #1 to 'expect_error' (kind 'requestLost' is not an error event kind; "
                      "expected one of policyError, contentError, actionError, limitReached)", out)


class OutputFiles(unittest.TestCase):
    """--out, :save and :timeline write through what a path names (issue 14, sections 3 and 5)."""

    SCENARIO = "examples/seeds/seed000_lost_reopen.lua"

    @unittest.skipUnless(os.path.exists("/dev/full"), "needs /dev/full")
    def test_standard_output_that_cannot_be_written_is_exit_4(self):
        # README's exit 4: output that cannot be written, standard output too.
        for args in [("run", self.SCENARIO), ("test", self.SCENARIO), ("profiles",)]:
            with open("/dev/full", "w") as full:
                p = subprocess.run([SHEETLAB, *args], cwd=ROOT, stdout=full, stderr=subprocess.PIPE, text=True,
                                   timeout=300)
            self.assertEqual(p.returncode, 4, args)
            self.assertEqual(p.stderr, "sheetlab: cannot write standard output: No space left on device\n", args)
        # A usage error stays a usage error.
        with open("/dev/full", "w") as full:
            p = subprocess.run([SHEETLAB, "run", "--nope"], cwd=ROOT, stdout=full, stderr=subprocess.PIPE, text=True)
        self.assertEqual(p.returncode, 2)

    def test_a_file_that_cannot_be_written_is_exit_4_with_the_system_message(self):
        code, out, err = sheetlab("run", self.SCENARIO, "--out", "/nonexistent/folder/t.txt")
        self.assertEqual(code, 4, err)
        self.assertEqual(err, "sheetlab run: cannot write /nonexistent/folder/t.txt: No such file or directory\n")

    def test_out_through_a_symlink_writes_its_target_and_the_link_stays(self):
        with tempfile.TemporaryDirectory() as tmp:
            target = scenario_file(tmp, "target.txt", "old\n")
            link = os.path.join(tmp, "link.txt")
            os.symlink("target.txt", link)
            code, _, err = sheetlab("run", self.SCENARIO, "--out", link)
            self.assertEqual(code, 0, err)
            self.assertTrue(os.path.islink(link))
            with open(target) as f:
                self.assertIn("requestLost", f.read())

    def test_out_to_a_device_node_writes_through_it(self):
        with tempfile.TemporaryDirectory() as tmp:
            node = os.path.join(tmp, "null")
            try:
                os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # what /dev/null is
            except PermissionError:
                self.skipTest("making a device node needs root")
            code, _, err = sheetlab("run", self.SCENARIO, "--out", node)
            self.assertEqual(code, 0, err)
            self.assertTrue(stat.S_ISCHR(os.lstat(node).st_mode), "still a character device")

    def test_out_to_a_fifo_without_a_reader_does_not_block(self):
        with tempfile.TemporaryDirectory() as tmp:
            fifo = os.path.join(tmp, "f")
            os.mkfifo(fifo)
            code, _, err = sheetlab("run", self.SCENARIO, "--out", fifo, timeout=30)
            self.assertEqual(code, 4, err)
            self.assertIn("cannot write " + fifo + ": No such device or address (a FIFO with no reader)", err)
            self.assertTrue(stat.S_ISFIFO(os.lstat(fifo).st_mode))

    def test_a_scenario_that_cannot_be_read_is_exit_4(self):
        code, _, err = sheetlab("run", "/proc/self/mem")  # a regular file whose read fails (EIO)
        self.assertEqual(code, 4, err)
        self.assertIn("/proc/self/mem", err)

    def test_check_out_that_cannot_be_written_still_prints_the_counterexample(self):
        code, out, err = sheetlab("check", "--invariant", "no-request-lost", "--depth", "6",
                                  "--out", "/nonexistent/cx.lua")
        self.assertEqual(code, 4, err)
        self.assertIn("sheetlab check: cannot write /nonexistent/cx.lua: No such file or directory", err)
        self.assertIn('expect(invariant("no-request-lost"))', out)

    def test_repl_save_and_timeline_report_and_the_session_goes_on(self):
        code, out, err = sheetlab("repl", input=":save /nonexistent/s.lua\n:timeline json /nonexistent/t.json\n"
                                                 "print(6 * 7)\n")
        self.assertEqual(code, 4, "a file that could not be written reaches the exit status: " + err)
        self.assertIn("error: cannot write /nonexistent/s.lua: No such file or directory", err)
        self.assertIn("error: cannot write /nonexistent/t.json: No such file or directory", err)
        self.assertIn("42", out)

    def test_repl_save_through_a_symlink_keeps_the_link(self):
        with tempfile.TemporaryDirectory() as tmp:
            target = scenario_file(tmp, "target.lua", "")
            link = os.path.join(tmp, "saved.lua")
            os.symlink(target, link)
            code, out, err = sheetlab("repl", input=":save " + link + "\n")
            self.assertEqual(code, 0, err)
            self.assertTrue(os.path.islink(link))
            with open(target) as f:
                self.assertIn("A sheetlab repl session", f.read())


class NothingHidden(unittest.TestCase):
    """print never breaks a machine-readable timeline; script text cannot drive the terminal (section 2)."""

    def test_print_goes_to_standard_error_under_an_svg_timeline(self):
        code, out, err = sheetlab("run", fixture("prints.lua"), "--timeline", "svg")
        self.assertEqual(code, 0, err)
        root = ET.fromstring(out)
        self.assertTrue(root.tag.endswith("svg"))
        self.assertIn("hello from the scenario", err)

    def assertNoEscape(self, text):
        self.assertNotIn("\x1b", text)
        self.assertNotIn("\r", text)

    def test_test_report_escapes_control_characters(self):
        code, out, err = sheetlab("test", "-v", fixture("forged_report.lua"))
        self.assertEqual(code, 3, out + err)
        self.assertNoEscape(out + err)
        self.assertIn("\\27[2K\\13PASS fake.lua", out)
        self.assertEqual(out.strip().split("\n")[-1], "0 passed, 1 failed")
        body = "\n".join(out.strip().split("\n")[:-1])
        self.assertNotRegex(body, r"(?m)^(PASS|\d+ passed)", "no forged line starts a line")

    def test_run_problem_lines_escape_control_characters(self):
        code, out, err = sheetlab("run", fixture("forged_report.lua"))
        self.assertEqual(code, 3, err)
        self.assertNoEscape(out + err)
        self.assertIn("\\27[2K", err)

    def test_check_and_repl_escape_control_characters(self):
        with tempfile.TemporaryDirectory() as tmp:
            setup = scenario_file(tmp, "setup.lua", 'error("\\27[2K\\rno violation")\n')
            code, out, err = sheetlab("check", "--scenario", setup)
            self.assertEqual(code, 3, err)
            self.assertNoEscape(out + err)
        code, out, err = sheetlab("repl", input='print("\\27[31mred")\nerror("\\27[2K")\n"\\27[1A"\n')
        self.assertNoEscape(out + err)
        self.assertIn("\\27[31mred", out)


class Walking(unittest.TestCase):
    """sheetlab test walks folders without opening FIFOs or looping (section 5)."""

    def test_a_fifo_is_reported_and_never_opened(self):
        with tempfile.TemporaryDirectory() as tmp:
            scenario_file(tmp, "a.lua", 'expect(true)\n')
            os.mkfifo(os.path.join(tmp, "b.lua"))
            code, out, err = sheetlab("test", tmp, timeout=30)
            self.assertEqual(code, 0, out + err)
            self.assertIn("SKIP " + tmp + "/b.lua: a FIFO, not a regular file (not opened)", out)
            self.assertEqual(out.strip().split("\n")[-1], "1 passed, 0 failed, 1 skipped")

    def test_directory_cycles_through_symlinks_are_reported_once(self):
        with tempfile.TemporaryDirectory() as tmp:
            inner = os.path.join(tmp, "inner")
            os.mkdir(inner)
            scenario_file(inner, "a.lua", 'expect(true)\n')
            os.symlink("..", os.path.join(inner, "loop1"))
            os.symlink("..", os.path.join(inner, "loop2"))
            code, out, err = sheetlab("test", tmp, timeout=30)
            self.assertEqual(code, 0, out + err)
            self.assertEqual(out.strip().split("\n")[-1], "1 passed, 0 failed")
            self.assertEqual(err.count("a directory cycle"), 2, err)
            self.assertIn("note: " + inner + "/loop1: a link back to " + tmp + " (a directory cycle); not followed", err)


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
            self.assertEqual(p.returncode, 4, "a scenario file that cannot be read is an I/O error: " + p.stderr)
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

    def test_time_limit_stops_a_slow_check_with_its_summary(self):
        # Hooks are asked once per distinct context: many item ids make many contexts.
        code, out, err = sheetlab("check", fixture("slow_policy.lua"), "--items", "16", "--time-limit", "1",
                                  timeout=120)
        self.assertEqual(code, 5, out + err)
        self.assertRegex(out, r"exhaustive to depth 6: \d+ states, \d+ steps")
        self.assertIn("stopped: time limit reached (1 s; --time-limit raises it): no violation in what was explored", out)

    def test_ctrl_c_stops_a_check_with_its_summary(self):
        p = subprocess.Popen([SHEETLAB, "check", fixture("slow_policy.lua"), "--items", "16"], cwd=ROOT,
                             stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
        try:
            first = p.stdout.readline() + p.stdout.readline()  # "checking ...", "invariants: ..."
            self.assertIn("invariants:", first)
            p.send_signal(signal.SIGINT)
            out, err = p.communicate(timeout=60)
        finally:
            p.kill()
        self.assertEqual(p.returncode, 130, out + err)
        self.assertIn("stopped: interrupted (Ctrl-C): no violation in what was explored", out)

    def test_stock_breaks_request_served_and_the_lasso_replays(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "lasso.lua")
            code, out, err = sheetlab("check", "--property", "request-served", "--depth", "12", "--out", path)
            self.assertEqual(code, 1, out + err)
            self.assertIn("property request-served: VIOLATED property 'request-served' is broken for request", out)
            self.assertIn("a cycle of", out)
            code, _, err = sheetlab("run", path)
            self.assertEqual(code, 1)
            self.assertIn("property 'request-served': the cycle came back to where it started", err)

    def test_queue_policy_holds_request_served_and_a_cut_is_inconclusive(self):
        code, out, err = sheetlab("check", "examples/policies/queue.lua", "--property", "request-served",
                                  "--depth", "30")
        self.assertEqual(code, 0, out + err)
        self.assertIn("property request-served: holds", out)
        code, out, err = sheetlab("check", "examples/policies/queue.lua", "--property", "request-served",
                                  "--depth", "4")
        self.assertEqual(code, 5, out + err)
        self.assertIn("property request-served: inconclusive: no run found breaks it, but the depth bound", out)

    def test_oscillating_policy_breaks_no_endless_oscillation(self):
        code, out, err = sheetlab("check", "Tests/SheetScriptingTests/Fixtures/broken_queue.lua",
                                  "--property", "no-endless-oscillation", "--depth", "20")
        self.assertEqual(code, 1, out + err)
        self.assertIn("property no-endless-oscillation: VIOLATED", out)
        self.assertIn("oscillation_guard(false)", out)

    def test_properties_file_in_lua(self):
        with tempfile.TemporaryDirectory() as tmp:
            props = os.path.join(tmp, "props.lua")
            with open(props, "w") as f:
                f.write('return {\n'
                        '  closes = leads_to(happens{ kind = "dismissing" }, happens{ kind = "dismissed" }),\n'
                        '  shows = always(eventually(happens{ kind = "presenting" })),\n'
                        '}\n')
            code, out, err = sheetlab("check", "examples/policies/queue.lua", "--properties", props, "--depth", "30")
            self.assertEqual(code, 1, out + err)
            self.assertIn("property closes: holds", out)
            self.assertIn("property shows: VIOLATED", out)
            with open(props, "w") as f:
                f.write('return { bad = always(3) }\n')
            code, _, err = sheetlab("check", "--properties", props)
            self.assertEqual(code, 3, err)
            self.assertIn("props.lua:1: bad argument #1 to 'always' (formula expected", err)

    def test_symmetry_reduces_states_and_refuses_liveness(self):
        code, out, _ = sheetlab("check", "examples/policies/queue.lua", "--items", "4", "--depth", "14")
        plain = int(re.search(r"(\d+) states,", out).group(1))
        code, out, err = sheetlab("check", "examples/policies/queue.lua", "--items", "4", "--depth", "14",
                                  "--symmetry")
        self.assertEqual(code, 0, out + err)
        m = re.search(r"(\d+) states \(standing for (\d+) without symmetry\)", out)
        self.assertIsNotNone(m, out)
        self.assertLess(int(m.group(1)), plain)
        self.assertEqual(int(m.group(2)), plain)
        code, _, err = sheetlab("check", "--symmetry", "--property", "request-served")
        self.assertEqual(code, 2)
        self.assertIn("symmetry reduction is for invariants only", err)

    def test_sleep_sets_skip_steps_only_and_turn_off(self):
        # docs/check.md, "Sleep sets": three root views with fixed-text sheets run no code.
        three = ('for _, name in ipairs({ "A", "B", "C" }) do\n'
                 '  view { name = name, state = { show = false },\n'
                 '         modifiers = { sheet { isPresented = "show", content = name .. " sheet" } } }\n'
                 'end\n')
        def summary(out):
            return re.search(r"exhaustive to depth \d+: (\d+) states", out).group(1), out.split("\n")[-2:]
        with tempfile.TemporaryDirectory() as tmp:
            setup = os.path.join(tmp, "three.lua")
            with open(setup, "w") as f:
                f.write(three)
            for depth in ("2", "3"):
                on = sheetlab("check", "--scenario", setup, "--depth", depth, "--jobs", "1")
                off = sheetlab("check", "--scenario", setup, "--depth", depth, "--jobs", "1", "--no-reduction")
                self.assertEqual(on[0], off[0], on[1] + on[2])
                m = re.search(r"reduction: sleep sets, (\d+) of (\d+) steps skipped", on[1])
                self.assertIsNotNone(m, on[1])
                steps = int(re.search(r"states, (\d+) steps", on[1]).group(1))
                self.assertEqual(int(m.group(2)), steps + int(m.group(1)))
                self.assertNotIn("reduction:", off[1])
                self.assertEqual(summary(on[1])[0], summary(off[1])[0], "the same states")
                self.assertEqual(re.search(r"VIOLATION [^\n]*", on[1]).group(0) if "VIOLATION" in on[1] else None,
                                 re.search(r"VIOLATION [^\n]*", off[1]).group(0) if "VIOLATION" in off[1] else None)
            for extra in (["--symmetry"], ["--coverage"], ["--property", "request-served"], ["--runs", "20"]):
                code, out, err = sheetlab("check", "--scenario", setup, "--depth", "3", *extra)
                self.assertNotIn("reduction:", out, extra)
        # Seed 000's app shows its item from a content function: code, so no reduction.
        code, out, err = sheetlab("check", "--depth", "4")
        self.assertEqual(code, 0, out + err)
        self.assertNotIn("reduction:", out)

    def test_one_and_two_jobs_give_the_same_result(self):
        def strip(out):
            return re.sub(r" in [\d.]+ s \(.*\)", "", out)
        for args in (["--invariant", "no-request-lost", "--depth", "6"],
                     ["examples/policies/queue.lua", "--items", "3", "--depth", "10", "--coverage"],
                     ["--property", "request-served", "--depth", "12"],
                     ["--runs", "300", "--invariant", "no-request-lost"]):
            one = sheetlab("check", *args, "--jobs", "1")
            two = sheetlab("check", *args, "--jobs", "2")
            self.assertEqual(one[0], two[0])
            self.assertEqual(strip(one[1]), strip(two[1]))
            self.assertIn("2 jobs", two[1])

    def test_coverage_text_and_json(self):
        code, out, err = sheetlab("check", "examples/policies/queue.lua", "--depth", "10", "--coverage")
        self.assertEqual(code, 0, out + err)
        self.assertRegex(out, r"rules reached \(\d+ of \d+\): B01")
        self.assertRegex(out, r"rules not reached \(\d+\): .*B05")
        self.assertIn("decisions reached", out)
        self.assertIn("request -> queue [queue.lua]", out)
        code, out, err = sheetlab("check", "examples/policies/queue.lua", "--depth", "10", "--coverage", "json")
        self.assertEqual(code, 0, out + err)
        report = json.loads(out.strip().splitlines()[-1])
        self.assertIn("B01", [r["item"] for r in report["rules"]["reached"]])
        self.assertIn("B05", report["rules"]["unreached"])
        for family in ("rules", "kinds", "phases", "decisions", "detents"):
            self.assertIn(family, report)

    def test_emit_suite_passes_sheetlab_test_strict(self):
        with tempfile.TemporaryDirectory() as tmp:
            suite = os.path.join(tmp, "suite")
            code, out, err = sheetlab("check", "examples/policies/queue.lua", "--depth", "10", "--emit-suite", suite)
            self.assertEqual(code, 0, out + err)
            command = re.search(r"run them with: sheetlab test (.*)", out).group(1).split()
            files = sorted(os.listdir(suite))
            self.assertGreater(len(files), 2)
            code, out, err = sheetlab("test", *command, "--strict")
            self.assertEqual(code, 0, out + err)
            self.assertIn(f"{len(files)} passed, 0 failed", out)
            # What a file pins fails when it changes.
            path = os.path.join(suite, files[0])
            with open(path) as f:
                text = f.read()
            with open(path, "w") as f:
                f.write(re.sub(r"expect_eq\((.*), (\d+), ", lambda m: f"expect_eq({m.group(1)}, {int(m.group(2)) + 1}, ",
                               text, count=1))
            code, out, _ = sheetlab("test", *command)
            self.assertEqual(code, 1, out)

    def test_trace_json_is_itf_and_diff_shows_changes(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "trace.itf.json")
            code, out, err = sheetlab("check", "--property", "request-served", "--depth", "12", "--trace", "json",
                                      "--trace-out", path)
            self.assertEqual(code, 1, out + err)
            with open(path) as f:
                trace = json.load(f)
            self.assertEqual(trace["#meta"]["format"], "ITF")
            self.assertEqual(trace["vars"], ["orientation", "views", "presentations", "held"])
            self.assertLess(trace["loop"], len(trace["states"]))
            self.assertIn("loop-step", trace["#meta"], "the step from the last state back to the loop's first")
            self.assertEqual(trace["states"][0]["#meta"]["index"], 0)
            self.assertEqual(trace["states"][0]["views"]["ContentView"]["selectedItem"]["tag"], "None")
            self.assertEqual(trace["states"][1]["views"]["ContentView"]["selectedItem"], {"id": {"#bigint": "0"}})
        code, out, err = sheetlab("check", "--invariant", "no-request-lost", "--depth", "6", "--trace", "diff")
        self.assertEqual(code, 1, out + err)
        self.assertIn("state 0 (set-up)", out)
        self.assertRegex(out, r"state 1 after set\(\"ContentView.selectedItem\", \{id = 0\}\)")
        self.assertEqual(out.count("  orientation: portrait"), 1, "only the set-up lists what does not change")

    def test_trace_html_is_the_counterexamples_player(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "cx.html")
            code, out, err = sheetlab("check", "--invariant", "no-request-lost", "--depth", "6", "--trace", "html",
                                      "--trace-out", path)
            self.assertEqual(code, 1, out + err)
            self.assertIn("trace written to " + path, out)
            with open(path) as f:
                data = player_data(f.read())
        self.assertTrue(data["title"].startswith("sheetlab check: a counterexample for stock behaviour"))
        part = data["parts"][0]
        kinds = [e["k"] for e in part["events"]]
        self.assertEqual(kinds[0], "set", "from the set-up's first step")
        self.assertIn("requestLost", kinds)
        self.assertEqual(len(part["expectations"]), 1)
        broke = part["expectations"][0]
        self.assertFalse(broke["passed"])
        self.assertTrue(broke["message"].startswith("invariant no-request-lost broke:"), broke)
        self.assertEqual(broke["time"], part["end"])
        # --format html is the same, on standard output after the scenario.
        code, out, _ = sheetlab("check", "--invariant", "no-request-lost", "--depth", "6", "--format", "html")
        self.assertEqual(code, 1)
        self.assertIn("<!DOCTYPE html>", out)
        self.assertEqual(player_data(out[out.index("<!DOCTYPE html>"):])["parts"][0]["events"], part["events"])
        code, _, err = sheetlab("check", "--format", "html", "--trace", "json")
        self.assertEqual(code, 2)
        self.assertIn("--format html is --trace html", err)

    def test_progress_lines_off_a_terminal(self):
        code, out, err = sheetlab("check", "examples/policies/queue.lua", "--items", "8", "--depth", "64",
                                  "--jobs", "1", "--progress", "0.01")
        self.assertEqual(code, 0, out + err)
        self.assertRegex(err, r"sheetlab check: \d+ states, \d+ steps, depth \d+, \d+ states/s after \d+ s\n")
        # Random mode: the runs done, and the depth reached (not 0 once a batch is in).
        code, out, err = sheetlab("check", "examples/policies/queue.lua", "--runs", "20000", "--depth", "20",
                                  "--seed", "7", "--jobs", "1", "--progress", "0.01")
        self.assertEqual(code, 0, out + err)
        self.assertRegex(err, r"sheetlab check: \d+ of 20000 runs, \d+ states, \d+ steps, depth \d+, \d+ steps/s")

    def test_unknown_invariant_is_a_usage_error(self):
        code, _, err = sheetlab("check", "--invariant", "be-nice")
        self.assertEqual(code, 2)
        self.assertIn("unknown invariant 'be-nice'", err)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    SHEETLAB = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=1)
