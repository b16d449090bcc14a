#!/usr/bin/env python3
"""End-to-end tests of `sheetlab mcp` with the official MCP Python SDK.

Starts `sheetlab mcp` through the SDK's stdio client (`mcp` on PyPI,
Tests/e2e/requirements.txt; scripts/test installs it into .build/venv),
goes through the handshake, lists the tools and their input schemas, runs
seed 000's impatient reopen stock (the reopen is lost: `requestLost`) and
with examples/policies/queue.lua (kept: `queued`, the new item presented),
explains the lost request's event, checks a policy, draws a timeline,
reads resources, and checks tool errors and protocol errors. Also the
SDK's default connection (`Client`, which probes `server/discover` first
and falls back to `initialize`), and a cancelled tool call.

Usage: .build/venv/bin/python Tests/e2e/mcp_test.py PATH_TO_SHEETLAB
"""
import json
import os
import subprocess
import sys
import unittest

try:
    import anyio
    from mcp import ClientSession, StdioServerParameters
    from mcp.client import Client
    from mcp.client.stdio import stdio_client
    from mcp.shared.exceptions import MCPError
except ImportError:
    sys.exit("mcp_test.py needs the mcp package: run scripts/test, or "
             "python3 -m venv .build/venv && .build/venv/bin/pip install -r Tests/e2e/requirements.txt "
             "and run it with .build/venv/bin/python")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SEED000 = "sheetlab://examples/seeds/seed000_lost_reopen.lua"
QUEUE = "sheetlab://examples/policies/queue.lua"
SHEETLAB = None
TOOLS = {"run_scenario", "check_policy", "list_profiles", "list_rules", "explain_event", "render_timeline_svg",
         "render_player_html"}


def params(*extra):
    # From another folder: the server finds the checkout from its binary.
    return StdioServerParameters(command=SHEETLAB, args=["mcp", *extra], cwd="/")


def run(body, *extra):
    """Runs `body(session)` on a fresh server, after the SDK's initialize handshake."""
    async def main():
        async with stdio_client(params(*extra)) as (read, write):
            async with ClientSession(read, write) as session:
                result = await session.initialize()
                return await body(session, result)
    return anyio.run(main)


def text(result):
    return "\n".join(block.text for block in result.content if block.type == "text")


class MCPTests(unittest.TestCase):
    def test_initialize_negotiatesTheSDKsVersion_andNamesTheServer(self):
        async def body(session, init):
            return init
        init = run(body)
        self.assertEqual(init.protocol_version, "2025-11-25")
        self.assertEqual(init.server_info.name, "sheetlab")
        self.assertIsNotNone(init.capabilities.tools)
        self.assertIsNotNone(init.capabilities.resources)

    def test_toolsList_namesEveryTool_withAnObjectSchema(self):
        async def body(session, _):
            return await session.list_tools()
        tools = {tool.name: tool for tool in run(body).tools}
        self.assertEqual(set(tools), TOOLS)
        schema = tools["run_scenario"].input_schema
        self.assertEqual(schema["type"], "object")
        self.assertIn("path", schema["properties"])
        self.assertEqual(schema["properties"]["timeline"]["enum"], ["text", "json", "both", "none"])
        self.assertFalse(schema["additionalProperties"])
        for tool in tools.values():
            self.assertTrue(tool.description)

    def test_inputSchemas_sayWhatTheToolsAccept(self):
        # The schema a client validates against agrees with the tool: what it
        # refuses, the tool refuses too; and no combinator at the top level
        # (the Anthropic API refuses tools whose input_schema has one).
        import jsonschema
        cases = [  # (tool, arguments, valid)
            ("run_scenario", {}, False),
            ("run_scenario", {"path": SEED000}, True),
            ("run_scenario", {"path": SEED000, "source": "advance(1)"}, False),
            ("run_scenario", {"path": SEED000, "name": "x.lua"}, False),
            ("run_scenario", {"source": "advance(1)", "name": "x.lua"}, True),
            ("render_timeline_svg", {}, False),
            ("render_timeline_svg", {"events": []}, True),
            ("render_timeline_svg", {"events": [], "path": SEED000}, False),
            ("render_player_html", {}, False),
            ("render_player_html", {"events": []}, True),
            ("render_player_html", {"source": "advance(1)", "path": SEED000}, False),
            ("explain_event", {}, False),
            ("explain_event", {"event": {"time": 0, "kind": "presented"}}, True),
            ("explain_event", {"event": {"time": 0, "kind": "presented"}, "index": 1}, False),
            ("explain_event", {"path": SEED000}, False),
            ("explain_event", {"path": SEED000, "index": 2}, True),
            ("check_policy", {"seed": 3}, False),
            ("check_policy", {"simulate": True}, False),
            ("check_policy", {"runs": 2, "seed": 3, "depth": 2}, True),
            ("check_policy", {"invariants": ["no-such-invariant"]}, False),
            ("check_policy", {"policies": [{"source": "return {}", "name": "x.lua"}], "depth": 1}, True),
            ("check_policy", {"max_ms": 2000, "depth": 1}, True),
            ("check_policy", {"max_ms": 2001, "depth": 1}, False),
        ]

        async def body(session, _):
            tools = {tool.name: tool for tool in (await session.list_tools()).tools}
            answers = []
            for name, arguments, _ in cases:
                answers.append(await session.call_tool(name, arguments))
            return tools, answers
        tools, answers = run(body, "--max-request-budget", "2000", "--script-budget", "2000")
        for tool in tools.values():
            for keyword in ["oneOf", "anyOf", "allOf"]:
                self.assertNotIn(keyword, tool.input_schema, tool.name)
        self.assertEqual(tools["check_policy"].input_schema["properties"]["max_ms"]["maximum"], 2000)
        for (name, arguments, valid), answer in zip(cases, answers):
            validator = jsonschema.Draft202012Validator(tools[name].input_schema)
            self.assertEqual(validator.is_valid(arguments), valid, f"{name} {arguments}: schema")
            self.assertEqual(not answer.is_error, valid, f"{name} {arguments}: {text(answer)}")

    def test_seed000_stock_losesTheReopen(self):
        async def body(session, _):
            return await session.call_tool("run_scenario", {"path": SEED000, "timeline": "both"})
        result = run(body)
        self.assertFalse(result.is_error, text(result))
        s = result.structured_content
        self.assertTrue(s["passed"])
        self.assertEqual(s["exit_status"], 0)
        kinds = [e["kind"] for e in s["timeline"]]
        self.assertIn("requestLost", kinds)
        self.assertNotIn("queued", kinds)
        lost = next(e for e in s["timeline"] if e["kind"] == "requestLost")
        self.assertEqual(lost["rule"], "B03")
        self.assertIn("requestLost", s["timeline_text"])
        self.assertIn("passed:", text(result))

    def test_seed000_withQueuePolicy_keepsTheReopen(self):
        # The seed's expectations describe stock behaviour, so with the queue policy
        # they fail: the reopen is kept and item 1 is presented.
        async def body(session, _):
            return await session.call_tool(
                "run_scenario", {"path": SEED000, "policies": [QUEUE], "timeline": "json"})
        result = run(body)
        self.assertFalse(result.is_error, text(result))
        s = result.structured_content
        kinds = [e["kind"] for e in s["timeline"]]
        self.assertIn("queued", kinds)
        self.assertNotIn("requestLost", kinds)
        queued = next(e for e in s["timeline"] if e["kind"] == "queued")
        self.assertEqual(queued["source"], "queue.lua")
        presenting = [e for e in s["timeline"] if e["kind"] == "presenting"]
        self.assertEqual(presenting[-1]["item"], "1")
        self.assertFalse(s["passed"])
        self.assertEqual(s["exit_status"], 1)
        self.assertTrue(all(f["file"].endswith("seed000_lost_reopen.lua") for f in s["failures"]))

    def test_runScenario_source_withARelativePolicy(self):
        source = 'policy("policies/queue.lua")\n' \
                 'view { name = "V", state = { "item" }, modifiers = { sheet { item = "item" } } }\n' \
                 'set("item", { id = 0 }) advance(500) swipe() advance(100) set("item", { id = 1 }) advance(150)\n' \
                 'expect_eq(top().item_id, "1", "kept")\nexpect(false, "on purpose")\n'

        async def body(session, _):
            return await session.call_tool("run_scenario", {
                "source": source, "name": "mine.lua", "base_directory": os.path.join(ROOT, "examples"),
                "timeline": "none"})
        s = run(body).structured_content
        self.assertEqual(s["expectations"], 2)
        self.assertEqual([f["location"] for f in s["failures"]], ["mine.lua:5"])
        self.assertNotIn("timeline", s)

    def test_explainEvent_theLostRequest_citesB03(self):
        async def body(session, _):
            run_result = await session.call_tool("run_scenario", {"path": SEED000, "timeline": "json"})
            lost = next(e for e in run_result.structured_content["timeline"] if e["kind"] == "requestLost")
            by_index = await session.call_tool("explain_event", {"path": SEED000, "index": lost["index"]})
            by_event = await session.call_tool("explain_event", {"event": lost})
            queued_run = await session.call_tool(
                "run_scenario", {"path": SEED000, "policies": [QUEUE], "timeline": "json"})
            queued = next(e for e in queued_run.structured_content["timeline"] if e["kind"] == "queued")
            by_policy = await session.call_tool("explain_event", {"event": queued})
            return by_index, by_event, by_policy
        by_index, by_event, by_policy = run(body)
        for result in (by_index, by_event):
            self.assertFalse(result.is_error, text(result))
            self.assertEqual(result.structured_content["rule"]["id"], "B03")
            self.assertIn("write-back", result.structured_content["rule"]["summary"])
            self.assertEqual(result.structured_content["rule"]["confidence"], "field")
            self.assertIn("rule: B03", text(result))
        self.assertEqual(by_policy.structured_content["decider"],
                         {"kind": "policy", "name": "queue.lua", "hook": "request",
                          "explanation": "the policy queue.lua, through its request hook"})

    def test_checkPolicy_stockLosesARequest_queueDoesNot(self):
        async def body(session, _):
            stock = await session.call_tool("check_policy", {"invariants": ["no-request-lost"], "depth": 5})
            queue = await session.call_tool(
                "check_policy", {"policies": [QUEUE], "invariants": ["no-request-lost"], "depth": 4})
            return stock, queue
        stock, queue = run(body)
        self.assertFalse(stock.is_error, text(stock))
        violation = stock.structured_content["violation"]
        self.assertEqual(violation["invariant"], "no-request-lost")
        self.assertIn("expect(invariant(\"no-request-lost\"))", violation["scenario"])
        self.assertIsNone(queue.structured_content["violation"], text(queue))
        self.assertFalse(queue.structured_content["stopped"])
        # Seed 000's app shows its item from a content function: sleep sets are off (check.md).
        self.assertIn("steps_skipped", queue.structured_content)
        self.assertIsNone(queue.structured_content["steps_skipped"])
        self.assertNotIn("reduction:", text(queue))

    def test_checkPolicy_timeCap_stopsEarly(self):
        async def body(session, _):
            return await session.call_tool(
                "check_policy", {"policies": [QUEUE], "runs": 100000, "depth": 10, "max_ms": 200})
        s = run(body).structured_content
        self.assertTrue(s["stopped"])
        self.assertIsNone(s["violation"])

    def test_listProfilesAndRules(self):
        async def body(session, _):
            return (await session.call_tool("list_profiles", {}),
                    await session.call_tool("list_rules", {}),
                    await session.call_tool("list_rules", {"id": "B28"}))
        profiles, rules, b28 = run(body)
        names = profiles.structured_content["profiles"]
        self.assertIn("iphone15-ios17", names)
        self.assertIn(profiles.structured_content["default"], names)
        self.assertTrue(all(v["rules_on"] is not None for v in profiles.structured_content["os_versions"]))
        listed = subprocess.run([SHEETLAB, "profiles", "--rules", "--json"], capture_output=True, text=True, check=True)
        self.assertEqual(rules.structured_content, json.loads(listed.stdout), "the same as sheetlab profiles --rules --json")
        ids = [r["id"] for r in rules.structured_content["rules"]]
        self.assertIn("B03", ids)
        self.assertIn("P05", ids)
        rule = b28.structured_content["rules"][0]
        self.assertEqual(rule["id"], "B28")
        self.assertEqual(rule["os_through"], "15")
        self.assertIn("confidence", rule)

    def test_renderTimelineSVG_isAnSVGDocument(self):
        async def body(session, _):
            return await session.call_tool("render_timeline_svg", {"path": SEED000, "title": "seed 000"})
        result = run(body)
        self.assertFalse(result.is_error, text(result))
        svg = result.structured_content["svg"]
        self.assertTrue(svg.startswith("<svg") or svg.startswith("<?xml"), svg[:80])
        self.assertIn("seed 000", svg)
        embedded = [b for b in result.content if b.type == "resource"]
        self.assertEqual(embedded[0].resource.mime_type, "image/svg+xml")

    def test_renderPlayerHTML_andCheckPolicysCounterexample_areThePlayer(self):
        async def body(session, _):
            player = await session.call_tool("render_player_html", {"path": SEED000})
            check = await session.call_tool("check_policy", {"invariants": ["no-request-lost"], "depth": 6,
                                                             "html": True})
            return player, check
        player, check = run(body)
        self.assertFalse(player.is_error, text(player))
        html = player.structured_content["html"]
        self.assertTrue(html.startswith("<!DOCTYPE html>"), html[:80])
        embedded = [b for b in player.content if b.type == "resource"]
        self.assertEqual(embedded[0].resource.mime_type, "text/html")
        self.assertEqual(embedded[0].resource.text, html)
        violation = check.structured_content["violation"]
        self.assertIn("invariant no-request-lost broke", violation["html"])
        self.assertEqual([b.resource.mime_type for b in check.content if b.type == "resource"], ["text/html"])

    def test_resources_examplesDocsAndTheAPIStub(self):
        async def body(session, _):
            listed = await session.list_resources()
            seed = await session.read_resource(SEED000)
            stub = await session.read_resource("sheetlab://api/sheetlab.lua")
            return listed, seed, stub
        listed, seed, stub = run(body)
        uris = {str(r.uri) for r in listed.resources}
        self.assertIn(SEED000, uris)
        self.assertIn(QUEUE, uris)
        self.assertIn("sheetlab://docs/mcp.md", uris)
        with open(os.path.join(ROOT, "examples", "seeds", "seed000_lost_reopen.lua"), encoding="utf-8") as f:
            self.assertEqual(seed.contents[0].text, f.read())
        self.assertIn("---@meta", stub.contents[0].text)

    def test_aBinaryAwayFromItsCheckout_servesTheBuiltInDocsAndExamples(self):
        # The binary copied where no checkout is, started from another such folder (newcomer review 3.1).
        import shutil
        import tempfile
        with tempfile.TemporaryDirectory() as folder:
            binary = os.path.join(folder, "bin", "sheetlab")
            os.makedirs(os.path.dirname(binary))
            shutil.copy(SHEETLAB, binary)
            work = os.path.join(folder, "work")
            os.makedirs(work)

            async def main():
                server = StdioServerParameters(command=binary, args=["mcp"], cwd=work)
                async with stdio_client(server) as (read, write):
                    async with ClientSession(read, write) as session:
                        await session.initialize()
                        listed = await session.list_resources()
                        doc = await session.read_resource("sheetlab://docs/scenarios.md")
                        ran = await session.call_tool("run_scenario", {
                            "path": "sheetlab://examples/seeds/seed000_queue_reopen.lua", "timeline": "none"})
                        return listed, doc, ran
            listed, doc, ran = anyio.run(main)
            uris = {str(r.uri) for r in listed.resources}
            self.assertIn(SEED000, uris)
            self.assertIn("sheetlab://api/sheetlab.lua", uris)
            with open(os.path.join(ROOT, "docs", "scenarios.md"), encoding="utf-8") as f:
                self.assertEqual(doc.contents[0].text, f.read())
            self.assertTrue(ran.structured_content["passed"], text(ran))
            self.assertEqual(os.listdir(work), [], "nothing is written where the server runs")

    def test_aBinaryAwayFromItsCheckout_startedInsideOne_servesThatCheckout(self):
        # Started in examples/seeds of a checkout, a copied binary runs the checkout's files, not built-in copies.
        import shutil
        import tempfile
        with tempfile.TemporaryDirectory() as folder:
            binary = os.path.join(folder, "sheetlab")
            shutil.copy(SHEETLAB, binary)

            async def main():
                server = StdioServerParameters(command=binary, args=["mcp"], cwd=os.path.join(ROOT, "examples", "seeds"))
                async with stdio_client(server) as (read, write):
                    async with ClientSession(read, write) as session:
                        await session.initialize()
                        return await session.call_tool("run_scenario", {"path": SEED000, "timeline": "none"})
            ran = anyio.run(main)
            self.assertEqual(ran.structured_content["path"],
                             os.path.join(ROOT, "examples", "seeds", "seed000_lost_reopen.lua"), text(ran))

    def test_tools_areReadOnly_withOutputSchemas_inlinePolicies_andStrict(self):
        hold = "return { request = function(ctx) if ctx.phase then return 'queue' end end }"
        failing = ('view { name = "V", state = { show = false }, modifiers = { sheet { isPresented = "show", '
                   'content = function() error("boom") end } } }\nset("show", true)\nexpect(true)')

        async def body(session, _):
            tools = await session.list_tools()
            inline = await session.call_tool("run_scenario", {
                "path": SEED000, "timeline": "json", "policies": [{"source": hold, "name": "hold.lua"}]})
            strict = await session.call_tool("run_scenario", {"source": failing, "timeline": "none", "strict": True})
            picture = await session.call_tool("render_timeline_svg", {"path": SEED000})
            return tools, inline, strict, picture
        tools, inline, strict, picture = run(body)
        for tool in tools.tools:
            self.assertTrue(tool.annotations.read_only_hint, tool.name)
            self.assertEqual(tool.output_schema["type"], "object", tool.name)
        queued = [e for e in inline.structured_content["timeline"] if e["kind"] == "queued"]
        self.assertEqual(queued[0]["source"], "hold.lua")
        self.assertFalse(strict.structured_content["passed"])
        self.assertEqual(strict.structured_content["exit_status"], 1)
        self.assertIn("warning requestLost (B03) at 750 ms", text(picture))

    def test_errors_toolErrorsAreResults_protocolErrorsAreErrors(self):
        async def body(session, _):
            bad_profile = await session.call_tool("run_scenario", {"path": SEED000, "profile": "nokia3310-ios1"})
            syntax = await session.call_tool(
                "run_scenario", {"source": "expect(", "name": "broken.lua", "timeline": "none"})
            bad_policy = await session.call_tool(
                "run_scenario", {"path": SEED000, "policies": ["/nonexistent/policy.lua"]})
            wrong_type = await session.call_tool("check_policy", {"depth": "deep"})
            errors = []
            for call in (lambda: session.call_tool("no_such_tool", {}),
                         lambda: session.read_resource("sheetlab://examples/../../etc/passwd")):
                try:
                    await call()
                    errors.append(None)
                except MCPError as e:
                    errors.append(e.error.code)
            return bad_profile, syntax, bad_policy, wrong_type, errors
        bad_profile, syntax, bad_policy, wrong_type, errors = run(body)
        self.assertTrue(bad_profile.is_error)
        self.assertIn("iphone15-ios17", text(bad_profile))
        # A scenario's own script error is its result (exit status 3), not a failed call.
        self.assertFalse(syntax.is_error)
        self.assertEqual(syntax.structured_content["exit_status"], 3)
        self.assertEqual(syntax.structured_content["error"]["file"], "broken.lua")
        self.assertTrue(bad_policy.is_error)
        self.assertTrue(wrong_type.is_error)
        self.assertIn("'depth' must be an integer", text(wrong_type))
        self.assertEqual(errors, [-32602, -32002])

    def test_cancelledToolCall_stopsALoopingScenario(self):
        # The SDK cancels a request whose task is cancelled (notifications/cancelled);
        # the server interrupts the Lua and answers nothing, and the next call works.
        async def body(session, _):
            with anyio.move_on_after(1.0):
                await session.call_tool("run_scenario", {"source": "while true do end", "timeline": "none"})
            return await session.call_tool("run_scenario", {"path": SEED000, "timeline": "none"})
        result = run(body, "--script-budget", "60000", "--max-request-budget", "60000")
        self.assertTrue(result.structured_content["passed"])

    def test_defaultClient_fallsBackFromDiscoverToInitialize(self):
        async def main():
            async with Client(params()) as client:
                tools = await client.list_tools()
                result = await client.call_tool("run_scenario", {"path": SEED000, "timeline": "none"})
                return tools, result
        tools, result = anyio.run(main)
        self.assertEqual({t.name for t in tools.tools}, TOOLS)
        self.assertTrue(result.structured_content["passed"])

    def test_rawProtocol_beforeInitialize_batches_ping(self):
        lines = [
            {"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
            {"jsonrpc": "2.0", "id": 2, "method": "ping"},
            {"jsonrpc": "2.0", "id": 3, "method": "initialize",
             "params": {"protocolVersion": "2099-01-01", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}},
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            [{"jsonrpc": "2.0", "id": 4, "method": "ping"}],
            {"jsonrpc": "2.0", "id": 5, "method": "nope"},
        ]
        done = subprocess.run([SHEETLAB, "mcp"], input="\n".join(json.dumps(l) for l in lines) + "\n",
                              capture_output=True, text=True, timeout=60, cwd=ROOT)
        answers = [json.loads(l) for l in done.stdout.splitlines()]
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual([a.get("id") for a in answers], [1, 2, 3, None, 5])
        self.assertEqual(answers[0]["error"]["code"], -32600)
        self.assertEqual(answers[1]["result"], {})
        self.assertEqual(answers[2]["result"]["protocolVersion"], "2025-11-25")
        self.assertEqual(answers[3]["error"]["code"], -32600)
        self.assertEqual(answers[4]["error"]["code"], -32601)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    SHEETLAB = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)
