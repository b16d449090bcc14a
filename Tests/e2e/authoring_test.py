#!/usr/bin/env python3
"""End-to-end tests of the authoring loop through the built binary: every
part of a run in text, JSON and SVG; SVG and JSON on standard output stay
parseable when the scenario prints; `--watch` runs again after a file
changes (driven by the test, bounded in time, stopped with SIGINT); snapshot
timelines (`sheetlab test --record`, NAME.timeline, a unified diff on a
difference, the record modes, the opt-out line); and every example carries
its snapshot.

Usage: python3 Tests/e2e/authoring_test.py PATH_TO_SHEETLAB
"""
import glob
import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest
import xml.etree.ElementTree as ET

import cli_test
from cli_test import ROOT, sheetlab

RESETS = "examples/seeds/seed003_detent_heights.lua"  # five parts, the last on iPhone SE
SVG = "{http://www.w3.org/2000/svg}"

SCENARIO = """-- A sheet that opens and settles.
view { name = "ContentView", state = { "item" },
  modifiers = { sheet { item = "item", content = "sheet" } } }
set("item", { id = 0 })
advance(%d)
print("ran")
expect_eq(top().item_id, "0")
"""


def folder():
    path = tempfile.mkdtemp(prefix="sheetlab-authoring-")
    return path


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


class WholeRun(unittest.TestCase):
    def test_text_shows_every_part_with_its_profile(self):
        code, out, err = sheetlab("run", RESETS)
        self.assertEqual(code, 0, err)
        headers = re.findall(r"^part (\d+): profile (\S+)$", out, re.M)
        self.assertEqual([int(n) for n, _ in headers], [1, 2, 3, 4, 5])
        self.assertEqual(headers[-1][1], "iphonese-ios17")
        self.assertIn("detentClamped", out.split("part 3:")[1].split("part 4:")[0])

    def test_json_has_a_part_on_every_event(self):
        code, out, err = sheetlab("run", RESETS, "--timeline", "json")
        self.assertEqual(code, 0, err)
        events = [json.loads(line) for line in out.splitlines()]
        self.assertTrue(all("part" in e for e in events))
        self.assertEqual(sorted({e["part"] for e in events}), [1, 2, 3, 4, 5])
        self.assertEqual([e["part"] for e in events], sorted(e["part"] for e in events), "in order")

    def test_svg_has_one_panel_per_part_in_order(self):
        code, out, err = sheetlab("run", RESETS, "--timeline", "svg")
        self.assertEqual(code, 0, err)
        root = ET.fromstring(out)
        panels = [g for g in root.iter(SVG + "g") if g.get("class") == "part"]
        self.assertEqual([p.get("id") for p in panels], ["part-1", "part-2", "part-3", "part-4", "part-5"])
        self.assertEqual(panels[-1].get("data-profile"), "iphonese-ios17")
        title = next(t for t in root.iter(SVG + "text") if t.get("class") == "title")
        self.assertEqual(title.text, RESETS, "the title names the scenario")

    def test_svg_and_json_on_standard_output_parse_even_when_the_scenario_prints(self):
        tmp = folder()
        try:
            path = os.path.join(tmp, "prints.lua")
            write(path, SCENARIO % 500 + "reset()\nprint('<not xml>')\n" + SCENARIO % 100)
            code, out, err = sheetlab("run", path, "--timeline", "svg")
            self.assertEqual(code, 0, err)
            self.assertTrue(out.startswith("<?xml"))
            ET.fromstring(out)
            self.assertIn("<not xml>", err)
            code, out, err = sheetlab("run", path, "--timeline", "json")
            self.assertEqual(code, 0, err)
            self.assertEqual({json.loads(line)["part"] for line in out.splitlines()}, {1, 2})
            self.assertIn("ran", err)
        finally:
            shutil.rmtree(tmp)


class Watch(unittest.TestCase):
    """A watching sheetlab in a subprocess: the test waits for its status
    lines on standard error (never sleeping for a guess), changes a file,
    waits for the next run, then stops it with SIGINT."""

    def start(self, *args):
        p = subprocess.Popen([cli_test.SHEETLAB, *args], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        def end():
            if p.poll() is None:
                p.kill()
                p.wait()
            p.stdout.close()
            p.stderr.close()
        self.addCleanup(end)
        self.buffers = {p.stdout.fileno(): b"", p.stderr.fileno(): b""}
        return p

    def wait_for(self, p, pattern, stream="stderr", timeout=30):
        fd = (p.stderr if stream == "stderr" else p.stdout).fileno()
        deadline = time.time() + timeout
        while not re.search(pattern, self.buffers[fd].decode(errors="replace")):
            left = deadline - time.time()
            if left <= 0 or p.poll() is not None and not select.select([fd], [], [], 0)[0]:
                self.fail("no %r within %d s; stdout:\n%s\nstderr:\n%s" % (
                    pattern, timeout, self.buffers[p.stdout.fileno()].decode(errors="replace"),
                    self.buffers[p.stderr.fileno()].decode(errors="replace")))
            ready, _, _ = select.select(list(self.buffers), [], [], min(left, 0.2))
            for r in ready:
                self.buffers[r] += os.read(r, 65536)
        return self.buffers[fd].decode(errors="replace")

    def stop(self, p):
        p.send_signal(signal.SIGINT)
        try:
            p.wait(timeout=20)
        except subprocess.TimeoutExpired:
            p.kill()
            self.fail("--watch did not stop on SIGINT")
        self.assertEqual(p.returncode, 130)

    def test_run_watch_runs_again_after_the_scenario_or_its_policy_changes(self):
        tmp = folder()
        self.addCleanup(shutil.rmtree, tmp)
        policy = os.path.join(tmp, "q.lua")
        shutil.copy(os.path.join(ROOT, "examples/policies/queue.lua"), policy)
        scenario = os.path.join(tmp, "s.lua")
        write(scenario, 'policy("q.lua")\n' + SCENARIO % 500)
        p = self.start("run", scenario, "--watch")
        self.wait_for(p, r"watching .*s\.lua, .*q\.lua \(run 1\)")
        self.assertEqual(self.buffers[p.stdout.fileno()].decode().count("presented"), 1)

        write(scenario, 'policy("q.lua")\n' + SCENARIO % 700)
        self.wait_for(p, r"\(run 2\); Ctrl-C stops")
        self.assertIn("s.lua changed; run 2", self.buffers[p.stderr.fileno()].decode())
        self.assertEqual(self.buffers[p.stdout.fileno()].decode().count("presented"), 2)

        # A broken policy: its error is shown and the last good version runs.
        write(policy, "return {\n")
        err = self.wait_for(p, r"\(run 3\); Ctrl-C stops")
        self.assertIn("q.lua:2: unexpected symbol near <eof>", err)
        self.assertIn("the last version of this policy that loaded is used", err)
        self.assertEqual(self.buffers[p.stdout.fileno()].decode().count("ran\n"), 3, "the scenario still ran")
        self.stop(p)

    def test_test_watch_runs_the_files_again(self):
        tmp = folder()
        self.addCleanup(shutil.rmtree, tmp)
        write(os.path.join(tmp, "a.lua"), SCENARIO % 500)
        p = self.start("test", tmp, "--watch")
        self.wait_for(p, r"\(run 1\); Ctrl-C stops")
        self.assertIn("1 passed, 0 failed", self.buffers[p.stdout.fileno()].decode())
        write(os.path.join(tmp, "b.lua"), SCENARIO.replace('"0")', '"9")') % 500)  # a new, failing file
        self.wait_for(p, r"\(run 2\); Ctrl-C stops")
        self.assertIn("1 passed, 1 failed", self.buffers[p.stdout.fileno()].decode())
        self.stop(p)


class Snapshots(unittest.TestCase):
    def setUp(self):
        self.tmp = folder()
        self.addCleanup(shutil.rmtree, self.tmp)
        self.scenario = os.path.join(self.tmp, "s.lua")
        self.snapshot = os.path.join(self.tmp, "s.timeline")
        write(self.scenario, SCENARIO % 500)

    def test_record_then_test_passes_and_an_edit_fails_with_a_diff(self):
        code, out, err = sheetlab("test", "--record", self.scenario)
        self.assertEqual(code, 0, out + err)
        self.assertIn("timeline recorded", out)
        with open(self.snapshot) as f:
            recorded = f.read()
        self.assertTrue(recorded.startswith("profile iphone17-ios26\n"))  # the default profile
        self.assertIn("presented", recorded)

        code, out, _ = sheetlab("test", self.scenario)
        self.assertEqual(code, 0, out)
        self.assertIn("timeline matches", out)

        write(self.scenario, SCENARIO % 400)  # presented later: a different timeline
        code, out, _ = sheetlab("test", self.scenario)
        self.assertEqual(code, 1, out)
        self.assertIn("FAIL %s" % self.scenario, out)
        self.assertIn("the timeline differs from %s" % self.snapshot, out)
        self.assertIn("--- %s" % self.snapshot, out)
        self.assertIn("+++ %s (this run)" % self.scenario, out)
        self.assertRegex(out, r"\n      @@ -\d+,\d+ \+\d+,\d+ @@\n")
        self.assertRegex(out, r"\n      -   500 ms   presented ")
        self.assertTrue(out.strip().endswith("0 passed, 1 failed"))

        code, out, _ = sheetlab("test", "--format", "json", self.scenario)
        report = json.loads(out)
        self.assertEqual(report["timeline"]["status"], "differs")
        self.assertIn("+++ %s (this run)" % self.scenario, report["timeline"]["diff"])

    def test_record_modes_missing_all_failed(self):
        sheetlab("test", "--record", self.scenario)
        write(self.scenario, SCENARIO % 400)
        code, out, _ = sheetlab("test", "--record", "missing", self.scenario)
        self.assertEqual(code, 1, "missing records only what is missing: this one differs")
        code, out, _ = sheetlab("test", "--record", "failed", self.scenario)
        self.assertEqual(code, 0, out)
        self.assertIn("timeline re-recorded", out)
        code, out, _ = sheetlab("test", self.scenario)
        self.assertIn("timeline matches", out)
        code, out, _ = sheetlab("test", "--record", "all", self.tmp)
        self.assertEqual(code, 0, out)
        self.assertIn("timeline re-recorded", out)
        code, _, err = sheetlab("test", "--record=sometimes", self.scenario)
        self.assertEqual(code, 2)
        self.assertIn("--record expects missing, all, failed, got 'sometimes'", err)

    def test_a_scenario_can_opt_out(self):
        write(self.scenario, "-- no timeline snapshot\n" + SCENARIO % 500)
        code, out, _ = sheetlab("test", "--record", "all", self.scenario)
        self.assertEqual(code, 0, out)
        self.assertNotIn("timeline", out)
        self.assertFalse(os.path.exists(self.snapshot))

    def test_every_example_carries_its_snapshot_and_matches_it(self):
        scenarios = [f for f in glob.glob(os.path.join(ROOT, "examples", "**", "*.lua"), recursive=True)
                     if "/policies/" not in f]
        missing = [f for f in scenarios if not os.path.exists(f[:-4] + ".timeline")]
        self.assertEqual(missing, [], "re-record with: sheetlab test --record all examples")
        code, out, _ = sheetlab("test", "examples")
        self.assertEqual(code, 0, out)
        self.assertEqual(out.count("timeline matches"), len(scenarios))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    cli_test.SHEETLAB = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=1)
