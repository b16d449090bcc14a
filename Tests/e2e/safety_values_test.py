#!/usr/bin/env python3
"""End-to-end tests of values crossing between Lua and the host (issue 32).

A Lua value whose tables are shared (`local t = {} for i = 1, 30 do t =
{t, t} end`: 30 tables, 2^30 values as a tree) is refused at the memory
limit of the side that would keep it, or stopped by the running call's
budget or a cancel, through every door: `sheetlab run` and `test` (set(),
a request hook's answer, content), `sheetlab serve` (eval: a limit error,
then the next request; a $/cancelRequest during a long copy) and
`sheetlab mcp` (run_scenario: the scenario's error, then ping). A value
nested as deep as state takes reads back everywhere, and a deeper one is
refused; a view name that is not UTF-8 says so.

Reuses the helpers of cli_test.py, serve_test.py (its `Server`, which
validates every message against docs/serve.openrpc.json with jsonschema)
and mcp_test.py (the official `mcp` SDK): Tests/e2e/requirements.txt.
No assertion depends on how fast the machine is, beyond generous timeouts.

Usage: .build/venv/bin/python Tests/e2e/safety_values_test.py PATH_TO_SHEETLAB
"""
import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cli_test  # noqa: E402
import mcp_test  # noqa: E402
import serve_test  # noqa: E402
from cli_test import scenario_file, sheetlab  # noqa: E402
from serve_test import CANCELLED, ENGINE_ERROR, LIMIT, Server  # noqa: E402

import anyio  # noqa: E402  (installed with mcp)

BOMB = "local t = {} for i = 1, 30 do t = {t, t} end"
# Each run must end well within this; a copy of 2^30 values would not.
TIMEOUT = 20
VIEW = 'view { name = "V", state = { x = 0, item = false },\n' \
       '  modifiers = { sheet { item = "item", content = "sheet" } } }\n'
TOO_LARGE = "value too large: copied out of Lua it takes more than 16 MiB, the memory limit (raise it with --memory)"


def nested_list(levels):
    """1 inside `levels` lists."""
    value = 1
    for _ in range(levels):
        value = [value]
    return value


class Run(unittest.TestCase):
    """`sheetlab run` and `sheetlab test` of scenarios that hand the host the bomb."""

    def run_files(self, files, *args, command="run"):
        with tempfile.TemporaryDirectory() as tmp:
            for name, text in files.items():
                scenario_file(tmp, name, text)
            return sheetlab(command, os.path.join(tmp, "scenario.lua"), *args, timeout=TIMEOUT)

    def test_set_ofTheBomb_isAScriptError_namingTheLimitAndItsFlag(self):
        code, out, err = self.run_files({"scenario.lua": VIEW + BOMB + "\nset('V.x', t)\n"})
        self.assertEqual(code, 3, out + err)
        self.assertIn("scenario.lua:4: bad argument #2 to 'set' (" + TOO_LARGE, err)

    def test_set_ofTheBomb_caughtByPcall_leavesTheScenarioRunning(self):
        code, out, err = self.run_files({"scenario.lua": VIEW + BOMB + """
local ok, message = pcall(set, 'V.x', t)
expect(not ok and message:find('value too large', 1, true), message)
set('V.x', 7)
expect_eq(get('V.x'), 7)
"""})
        self.assertEqual(code, 0, out + err)

    def test_test_countsTheBombAsAScriptError(self):
        code, out, err = self.run_files({"scenario.lua": VIEW + BOMB + "\nset('V.x', t)\n"}, command="test")
        self.assertEqual(code, 3, out + err)
        self.assertIn(TOO_LARGE, out + err)
        self.assertIn("0 passed, 1 failed", out)

    def test_aRequestHookAnsweringTheBomb_fallsBackToStock(self):
        files = {
            "bomb.lua": "return { request = function(ctx) " + BOMB + " return t end }\n",
            "scenario.lua": VIEW + """policy("bomb.lua")
set("V.item", {id = 1})
advance(600)
expect_eq(top().item_id, "1")
expect_error({ kind = "policyError" })
""",
        }
        code, out, err = self.run_files(files, "--timeline", "json")
        self.assertEqual(code, 0, out + err)
        errors = [e for e in map(json.loads, out.splitlines()) if e["kind"] == "policyError"]
        self.assertEqual(len(errors), 1, out)
        self.assertIn(TOO_LARGE, errors[0]["detail"])
        self.assertIn("hook 'request' fell back to stock", errors[0]["detail"])

    def test_aRequestHookAnsweringTheBomb_isStoppedByTheHooksBudget_underALargeCap(self):
        files = {
            "bomb.lua": "return { request = function(ctx) " + BOMB + " return t end }\n",
            "scenario.lua": VIEW + 'policy("bomb.lua")\nset("V.item", {id = 1})\nexpect_eq(#stack(), 1)\n',
        }
        code, out, err = self.run_files(files, "--memory", "4096", "--budget", "50", "--timeline", "json")
        self.assertEqual(code, 0, out + err)
        errors = [e for e in map(json.loads, out.splitlines()) if e["kind"] == "policyError"]
        self.assertEqual(len(errors), 1, out)
        self.assertIn("budget exceeded: a call's CPU budget of 50 ms was used up (raise it with --budget)",
                      errors[0]["detail"])

    def test_contentReturningTheBomb_isAContentError(self):
        scenario = VIEW.replace('content = "sheet"', "content = function() " + BOMB + " return t end") + \
            'set("V.item", {id = 1})\nexpect_error({ kind = "contentError" })\n'
        code, out, err = self.run_files({"scenario.lua": scenario}, "--timeline", "json")
        self.assertEqual(code, 0, out + err)
        errors = [e for e in map(json.loads, out.splitlines()) if e["kind"] == "contentError"]
        self.assertTrue(errors, out)
        self.assertIn(TOO_LARGE, errors[0]["detail"])

    def test_theDeepestValueStateTakes_readsBack_andADeeperOneIsRefused(self):
        nested = "local function nested(n) local t = {id = 'deep'} for i = 2, n do t = {id = 'deep', inner = t} end return t end\n"
        reads = """local function depth(t) local n = 0 while type(t) == "table" do n = n + 1 t = t.inner end return n end
set("V.item", nested(64))
advance(600)
expect_eq(depth(get("V.item")), 64)
expect_eq(depth(top().item), 64)
expect_eq(depth(stack()[1].item), 64)
expect_eq(depth(state().views[1].state.item), 64)
local ok, message = pcall(set, "V.x", nested(99))
expect(not ok, "a value 99 deep is refused")
expect(message:find("nests tables more than 64 levels deep", 1, true), message)
expect_eq(type(state()), "table")
"""
        code, out, err = self.run_files({"scenario.lua": VIEW + nested + reads}, "--timeline", "json")
        self.assertEqual(code, 0, out + err)
        for line in out.splitlines():
            json.loads(line)

    def test_aViewNameThatIsNotUTF8_saysSo(self):
        code, out, err = self.run_files({"scenario.lua": 'view { name = "\\255", state = {} }\n'})
        self.assertEqual(code, 3, out + err)
        self.assertIn("bad argument #1 to 'view' (field 'name' of a view is not valid UTF-8)", err)


class Serve(unittest.TestCase):
    """`sheetlab serve`: eval returning the bomb, and cancelling a long copy."""

    def tearDown(self):
        self.assertEqual(self.server.close(), 0, "sheetlab serve exits 0 at the end of its input")

    def test_evalReturningTheBomb_isALimitError_andTheServerGoesOn(self):
        self.server = s = Server("--max-response", str(1 << 20))
        app = s.call("create")["app"]
        response = s.request("eval", {"app": app, "source": BOMB + " return t"})
        self.assertEqual(response["error"]["code"], LIMIT, response)
        self.assertEqual(response["error"]["data"]["kind"], "memory", response)
        self.assertIn("value too large: copied out of Lua it takes more than 1 MiB, the response limit "
                      "(raise it with --max-response)", response["error"]["message"])
        self.assertEqual(s.call("eval", app=app, source="return 6 * 7")["values"], [42])
        self.assertEqual(s.call("apps"), [app])

    def test_theDeepestValueStateTakes_readsBack_andADeeperSetIsRefused(self):
        self.server = s = Server()
        app = s.call("create")["app"]
        s.call("view", app=app, view={"name": "V", "state": {"x": 0}})
        deepest, deeper = nested_list(64), nested_list(65)
        s.call("set", app=app, slot="x", value=deepest)
        self.assertEqual(s.call("get", app=app, slot="x"), deepest)
        self.assertEqual(s.call("state", app=app)["views"][0]["state"]["x"], deepest)
        self.assertEqual(s.call("eval", app=app, source="return type(state().views[1].state.x)")["values"],
                         ["table"])
        error = s.request("set", {"app": app, "slot": "x", "value": deeper})["error"]
        self.assertEqual((error["code"], error["data"]["reason"]), (ENGINE_ERROR, "invalidArgument"), error)
        self.assertIn("nests lists and records more than 64 levels deep", error["message"])
        self.assertEqual(s.call("get", app=app, slot="x"), deepest, "the refused write changed nothing")

    def test_aCancelDuringALongCopy_stopsIt(self):
        # A cap and response limit so large that the copy runs for seconds; the
        # cancel is sent once the chunk has printed, just before it returns.
        self.server = s = Server("--max-app-memory", "1024", "--max-response", str(1 << 30))
        app = s.call("create", limits={"memory_mib": 1024, "script_budget_ms": 10000})["app"]
        s.methods[950] = "eval"
        s.send_raw(json.dumps({"jsonrpc": "2.0", "id": 950, "method": "eval", "params": {
            "app": app, "source": BOMB + " print('copying') return t"}}).encode())
        while True:
            message = s.read_message()
            self.assertNotIn("id", message, f"answered before the cancel: {message}")
            if message.get("method") == "print":
                break
        s.send_raw(b'{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":950}}')
        response = s.answer()
        self.assertEqual(response["id"], 950)
        self.assertEqual(response["error"]["code"], CANCELLED, response)
        self.assertEqual(s.call("eval", app=app, source="return 'still here'")["values"], ["still here"])


class MCP(unittest.TestCase):
    """`sheetlab mcp`: run_scenario with the bomb, then ping."""

    def test_runScenarioWithTheBomb_reportsTheScenariosError_andPingIsAnswered(self):
        async def body(session, _):
            with anyio.fail_after(TIMEOUT):
                result = await session.call_tool("run_scenario", {
                    "source": VIEW + BOMB + "\nset('V.x', t)\n", "name": "bomb.lua", "timeline": "none"})
                pong = await session.send_ping()
                after = await session.call_tool("run_scenario", {"path": mcp_test.SEED000, "timeline": "none"})
            return result, pong, after
        result, pong, after = mcp_test.run(body)
        self.assertFalse(result.is_error, mcp_test.text(result))
        self.assertEqual(result.structured_content["exit_status"], 3)
        error = result.structured_content["error"]
        self.assertEqual((error["file"], error["line"]), ("bomb.lua", 4))
        self.assertIn(TOO_LARGE, error["message"])
        self.assertIsNotNone(pong)
        self.assertTrue(after.structured_content["passed"])


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    cli_test.SHEETLAB = serve_test.SHEETLAB = mcp_test.SHEETLAB = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)
