#!/usr/bin/env python3
"""End-to-end tests of issue 32's server items, through the built binary's
protocols (docs/safety.md, "What a server's client cannot do"): numbers out
of range are errors, not crashes (serve's params, mcp's arguments and the
events render_timeline_svg draws); a request cannot widen the server's
roots (path, policies, base_directory); waiting cancellations are bounded
in memory; --engine-memory is refused; a server that refused any of these
still answers.

Usage: .build/venv/bin/python Tests/e2e/safety_server_test.py PATH_TO_SHEETLAB
"""
import json
import os
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import parity_test  # noqa: E402  (its Stdio speaks both servers' line protocol)
from parity_test import ROOT, Stdio  # noqa: E402

INVALID_PARAMS = -32602
VIEW = {"name": "ContentView", "state": ["item"], "modifiers": [{"kind": "sheet", "item": "item", "content": "Detail"}]}


def tool_text(result):
    return "".join(part.get("text", "") for part in result.get("content", []))


class Servers(unittest.TestCase):
    def setUp(self):
        self.serve = Stdio("serve")
        self.mcp = Stdio("mcp")
        self.outside = tempfile.mkdtemp(prefix="sheetlab-outside-")
        with open(os.path.join(self.outside, "p.lua"), "w") as f:
            f.write("return {}\n")
        with open(os.path.join(self.outside, "s.lua"), "w") as f:
            f.write('view { name = "V" }\nexpect(true)\n')

    def tearDown(self):
        self.assertIn("app", self.serve.request("create", {})["result"], "serve still answers")
        self.assertEqual(self.mcp.request("ping", {})["result"], {}, "mcp still answers")
        self.assertEqual(self.serve.close(), 0)
        self.assertEqual(self.mcp.close(), 0)

    # Numbers
    def test_serve_refuses_a_number_out_of_its_range_naming_the_parameter(self):
        app = self.serve.request("create", {})["result"]["app"]
        for ms in (1e300, -1, 2 ** 63 - 1):
            error = self.serve.request("advance", {"app": app, "ms": ms})["error"]
            self.assertEqual(error["code"], INVALID_PARAMS, error)
            self.assertIn("'ms' must be from 0 to", error["message"])

    def test_mcp_render_timeline_svg_with_huge_numbers_is_a_tool_error_not_a_crash(self):
        for event in ({"time": 0, "kind": "presenting", "presenter": "V", "height": 1e300},
                      {"time": 2 ** 63 - 1, "kind": "presented", "presenter": "V"}):
            result = self.mcp.tool("render_timeline_svg", {"events": [event]})
            self.assertTrue(result.get("isError"), result)
            self.assertRegex(tool_text(result), r"(height|time).* from -?[0-9]+ to [0-9]+, got")

    # Roots
    def test_serve_run_scenario_cannot_widen_its_roots(self):
        inside = os.path.join("examples", "seeds", "seed000_lost_reopen.lua")
        cases = [
            ({"path": os.path.join(self.outside, "s.lua")}, "'path'"),
            ({"source": 'policy("p.lua")\nexpect(true)', "base_directory": "/"}, "'base_directory'"),
            ({"path": inside, "policies": [os.path.join(self.outside, "p.lua")]}, "p.lua"),
        ]
        for params, named in cases:
            response = self.serve.request("run_scenario", params)
            message = json.dumps(response.get("error") or response.get("result"))
            self.assertIn("error", response, "refused: %s -> %s" % (params, message))
            self.assertIn(named, message)

    def test_mcp_run_scenario_and_check_policy_cannot_widen_their_roots(self):
        result = self.mcp.tool("run_scenario", {"path": os.path.join(self.outside, "s.lua")})
        self.assertTrue(result.get("isError"), result)
        self.assertIn("outside", tool_text(result))
        result = self.mcp.tool("run_scenario", {"source": "expect(true)", "base_directory": "/"})
        self.assertTrue(result.get("isError"), result)
        self.assertIn("base_directory", tool_text(result))
        result = self.mcp.tool("check_policy", {"policies": [os.path.join(self.outside, "p.lua")], "depth": 2})
        self.assertTrue(result.get("isError"), result)

    # Queues
    def test_serve_bounds_the_cancellations_waiting_for_their_request(self):
        app = self.serve.request("create", {})["result"]["app"]
        looping = self.serve.start("eval", {"app": app, "source": "local n = 0 while n >= 0 do n = n + 1 end"})
        big = "x" * 1_000_000
        for i in range(300):  # 300 MB of ids if they were all kept
            self.serve.send({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": big + str(i)}})
        self.serve.send({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": looping}})
        answer = self.serve.answer()
        self.assertEqual(answer["id"], looping)
        self.assertIn("error", answer)
        with open("/proc/%d/status" % self.serve.process.pid) as f:
            peak = next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))
        self.assertLess(peak, 200 * 1024, "peak memory %d KiB: the waiting ids are bounded" % peak)


class CommandLine(unittest.TestCase):
    def test_engine_memory_is_refused_by_both_servers(self):
        for command in ("serve", "mcp"):
            done = subprocess.run([parity_test.SHEETLAB, command, "--engine-memory", "64"], cwd=ROOT,
                                  input="", capture_output=True, text=True, timeout=60)
            self.assertEqual(done.returncode, 2, done.stderr)
            self.assertIn("--memory", done.stderr)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__.strip())
    parity_test.SHEETLAB = os.path.abspath(sys.argv.pop())
    unittest.main(verbosity=1)
