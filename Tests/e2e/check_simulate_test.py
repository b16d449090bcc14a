#!/usr/bin/env python3
"""End-to-end tests of `sheetlab check --simulate` (issue 27 item 5): random
mode as TLC's simulation, checking the state of every step from each state
of a run, not only the one taken.

A policy declares that the app never turns landscape. At seed 000's set-up
rotating is one step of three, so a one-step random run misses it for some
seeds; with --simulate the same run (same seed, same path) checks the
rotation's state too and finds it.

Usage: python3 Tests/e2e/check_simulate_test.py PATH_TO_SHEETLAB
"""
import os
import sys
import tempfile
import unittest

import cli_test
from cli_test import scenario_file

PORTRAIT = """return {
  invariants = {
    portrait = function(state)
      return state.orientation ~= "landscape", "rotated"
    end,
  },
}
"""


class CheckSimulates(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        self.policy = scenario_file(self.tmp.name, "portrait.lua", PORTRAIT)

    def check(self, *args):
        return cli_test.sheetlab("check", self.policy, "--runs", "1", "--depth", "1", "--jobs", "1", *args)

    def test_simulation_finds_what_the_same_random_run_misses(self):
        missed = None
        for seed in range(1, 40):
            code, out, err = self.check("--seed", str(seed))
            self.assertIn(code, (0, 1), out + err)
            if code == 0:
                missed = seed
                break
        self.assertIsNotNone(missed, "some seed's one random step is not the rotation")
        code, out, err = self.check("--seed", str(missed))
        self.assertIn(f"random, 1 runs of 1 steps from seed {missed}: 1 states", out)
        code, out, err = self.check("--seed", str(missed), "--simulate")
        self.assertEqual(code, 1, out + err)
        self.assertIn("VIOLATION portrait", out)
        self.assertIn("rotated", out)
        self.assertIn(f"simulation, 1 runs of 1 steps from seed {missed}:", out)
        self.assertIn("rotate(", out, "the counterexample is the rotation")

    def test_simulation_checks_more_states_than_its_path(self):
        queue = os.path.join(cli_test.ROOT, "examples", "policies", "queue.lua")
        counts = {}
        for mode in ([], ["--simulate"]):
            code, out, err = cli_test.sheetlab("check", queue, "--runs", "50", "--depth", "6", "--seed", "5",
                                               "--jobs", "2", *mode)
            self.assertEqual(code, 0, out + err)
            line = next(l for l in out.splitlines() if " runs of 6 steps from seed 5: " in l)
            counts[bool(mode)] = int(line.split(": ")[1].split(" states")[0])
        self.assertGreater(counts[True], counts[False])

    def test_simulate_needs_runs_and_has_help(self):
        code, out, err = cli_test.sheetlab("check", "--simulate", "--depth", "2")
        self.assertEqual(code, 2, out + err)
        self.assertIn("--simulate is random mode's: give --runs N too", err)
        code, out, err = cli_test.sheetlab("check", "--help")
        self.assertEqual(code, 0, out + err)
        self.assertIn("--simulate", out)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    cli_test.SHEETLAB = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=1)
