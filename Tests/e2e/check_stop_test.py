#!/usr/bin/env python3
"""End-to-end tests of how `sheetlab check` stops (issues 27 and 32): every
mode (exhaustive, random, liveness; two jobs) stops at `--time-limit` and on
the first Ctrl-C (SIGINT) with the summary of what it explored, even with a
hook that spends most of its budget on every call, and the liveness
construction of a large property stops too.

Each bound is one second past the limit or the signal: a step that has
started runs to its end (one hook call, at most 100 ms here), and the stop
is asked before the next one.

Also issue 27's item 2: the profile explored is the one every report names
(a set-up's `profile(...)` wins), `--seed` without `--runs` is a usage error,
and a missing file's message names the argument's role.

Usage: python3 Tests/e2e/check_stop_test.py PATH_TO_SHEETLAB
"""
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest

import cli_test
from cli_test import ROOT, scenario_file

# A request hook that spends 80 of its 100 ms on every call.
SLOW = """return {
  request = function(ctx)
    local t = os.clock()
    while os.clock() - t < 0.08 do end
    return nil
  end,
}
"""

# any_of ten always(...): the negation's automaton has 2^10 and more nodes.
BIG_PROPERTY = """local fs = {}
for i = 1, 10 do
  fs[i] = always(holds(function(s) return s.time ~= i end))
end
return { big = any_of(table.unpack(fs)) }
"""

SLACK = 1.0  # seconds past the limit or the signal


class CheckStops(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        self.slow = scenario_file(self.tmp.name, "slow.lua", SLOW)
        self.big = scenario_file(self.tmp.name, "big.lua", BIG_PROPERTY)
        self.queue = os.path.join(ROOT, "examples", "policies", "queue.lua")

    MODES = {
        "random": lambda self: [self.slow, "--runs", "100000", "--depth", "8"],
        "exhaustive": lambda self: [self.slow, "--depth", "30", "--items", "4"],
        "liveness": lambda self: [self.queue, "--properties", self.big, "--depth", "4"],
    }

    def start(self, args):
        return subprocess.Popen([cli_test.SHEETLAB, "check", "--jobs", "2", "--progress", "0", *args], cwd=ROOT,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def finish(self, p, started, bound):
        try:
            out, err = p.communicate(timeout=bound + 30)
        except subprocess.TimeoutExpired:
            p.kill()
            out, err = p.communicate()
            self.fail(f"still running {bound + 30:.0f} s later: {out[-500:]} {err[-500:]}")
        return out, err, time.monotonic() - started

    def test_every_mode_stops_at_its_time_limit_with_a_summary(self):
        for mode, args in self.MODES.items():
            with self.subTest(mode=mode):
                started = time.monotonic()
                p = self.start([*args(self), "--time-limit", "2"])
                out, err, took = self.finish(p, started, 2 + SLACK)
                self.assertEqual(p.returncode, 5, out + err)
                self.assertIn("stopped: time limit reached (2 s; --time-limit raises it)", out)
                self.assertRegex(out, r"(exhaustive to depth|random, )\S* .*states, \d+ steps")
                if mode == "liveness":
                    self.assertIn("property big: inconclusive: the check stopped before this property", out)
                self.assertLess(took, 2 + SLACK, f"{mode} took {took:.2f} s with --time-limit 2")

    def test_every_mode_stops_on_the_first_interrupt_with_a_summary(self):
        for mode, args in self.MODES.items():
            with self.subTest(mode=mode):
                p = self.start([*args(self), "--time-limit", "60"])
                time.sleep(2)
                self.assertIsNone(p.poll(), f"{mode} ended before the interrupt")
                p.send_signal(signal.SIGINT)
                out, err, took = self.finish(p, time.monotonic(), SLACK)
                self.assertEqual(p.returncode, 130, out + err)
                self.assertIn("stopped: interrupted (Ctrl-C)", out)
                self.assertLess(took, SLACK, f"{mode} took {took:.2f} s after SIGINT")


# A set-up that pins its own profile, and lets an item be written while the sheet closes (B03).
PINNED = """profile("iphone15-ios17")
view { name = "ContentView", state = { "selectedItem" },
  modifiers = { sheet { item = "selectedItem", content = function(c) return "item " .. c.item.id end } } }
"""


class CheckReportsWhatItChecked(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        self.setup = scenario_file(self.tmp.name, "pinned.lua", PINNED)

    def test_the_profile_a_set_up_pins_is_the_one_reported_everywhere(self):
        trace = os.path.join(self.tmp.name, "trace.json")
        code, out, err = cli_test.sheetlab("check", "--scenario", self.setup, "--invariant", "no-request-lost",
                                           "--depth", "5", "--trace", "json", "--trace-out", trace,
                                           "--coverage", "json", "--jobs", "1")
        self.assertEqual(code, 1, out + err)
        self.assertIn(" on iphone15-ios17 from ", out.splitlines()[0])
        self.assertNotIn("iphone17-ios26", out)
        self.assertIn('profile("iphone15-ios17")', out, "the counterexample replays on it")
        with open(trace) as f:
            self.assertEqual(json.load(f)["#meta"]["profile"], "iphone15-ios17")

    def test_seed_without_runs_is_a_usage_error(self):
        code, out, err = cli_test.sheetlab("check", "--seed", "3", "--depth", "2")
        self.assertEqual(code, 2, out + err)
        self.assertIn("--seed chooses random mode's sequences; give --runs N too", err)

    def test_a_missing_file_is_named_by_its_role(self):
        missing = os.path.join(self.tmp.name, "nope.lua")
        for args, role in [([missing], "policy"), (["--scenario", missing], "set-up scenario (--scenario)"),
                           (["--properties", missing], "properties (--properties)")]:
            with self.subTest(role=role):
                code, out, err = cli_test.sheetlab("check", *args)
                self.assertEqual(code, 2, out + err)
                self.assertIn(f"no such file: {missing} (expected a {role} .lua file)", err)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    cli_test.SHEETLAB = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=1)
