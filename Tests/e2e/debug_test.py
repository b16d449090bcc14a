#!/usr/bin/env python3
"""End-to-end tests of `sheetlab debug`, the Debug Adapter Protocol server.

A small DAP client (Content-Length framing, requests, events) drives the
binary as an editor would: a breakpoint in examples/policies/queue.lua's
`request` hook and the ctx fields it sees; an exception breakpoint on
requestLost in seed 000 under stock SwiftUI, which stops at 750 ms;
stepBack to the previous event, whose world (stack, slots, held requests)
is the one a fresh run stopped there shows; reverseContinue to an earlier
breakpoint; evaluate; a check counterexample replayed to its violation,
as its scenario and as its ITF trace (launch's "trace"); bad inputs (a breakpoint in a file that does not
exist, an unknown filter, a malformed message) answered with an error
response while the session goes on; disconnect and terminate leave no
process.

Usage: python3 Tests/e2e/debug_test.py PATH_TO_SHEETLAB
"""
import json
import os
import queue
import subprocess
import sys
import threading
import time
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SEEDS = os.path.join(ROOT, "examples", "seeds")
QUEUE_POLICY = os.path.join(ROOT, "examples", "policies", "queue.lua")
LOST_REOPEN = os.path.join(SEEDS, "seed000_lost_reopen.lua")
QUEUE_REOPEN = os.path.join(SEEDS, "seed000_queue_reopen.lua")
SHEETLAB = None
TIMEOUT = 30


def line_of(path, text):
    """The first line of `path` holding `text` (1-based)."""
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if text in line:
                return number
    raise AssertionError(f"{text!r} is not in {path}")


class Adapter:
    """`sheetlab debug` over pipes: requests in, responses and events out."""

    def __init__(self, cwd=ROOT):
        self.process = subprocess.Popen(
            [SHEETLAB, "debug"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd)
        self.seq = 0
        self.messages = queue.Queue()
        self.events = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.process.stdout
        while True:
            headers = {}
            while True:
                line = out.readline()
                if not line:
                    self.messages.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.decode().partition(":")
                headers[name.strip().lower()] = value.strip()
            body = out.read(int(headers["content-length"]))
            self.messages.put(json.loads(body))

    def send_raw(self, data):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, command, arguments=None):
        self.seq += 1
        message = {"seq": self.seq, "type": "request", "command": command}
        if arguments is not None:
            message["arguments"] = arguments
        body = json.dumps(message).encode()
        self.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        return self.seq

    def next_message(self):
        message = self.messages.get(timeout=TIMEOUT)
        if message is None:
            raise AssertionError("the adapter closed its output")
        if message["type"] == "event":
            self.events.append(message)
        return message

    def response(self, seq):
        while True:
            message = self.next_message()
            if message["type"] == "response" and message["request_seq"] == seq:
                return message

    def request(self, command, arguments=None):
        """The response's body; fails on an error response."""
        response = self.response(self.send(command, arguments))
        assert response["success"], f"{command} failed: {response.get('message')}"
        return response.get("body", {})

    def error(self, command, arguments=None):
        """The message of an error response."""
        response = self.response(self.send(command, arguments))
        assert not response["success"], f"{command} succeeded: {response}"
        return response["message"]

    def event(self, name):
        for i, event in enumerate(self.events):
            if event["event"] == name:
                del self.events[i]
                return event.get("body", {})
        while True:
            message = self.next_message()
            if message["type"] == "event" and message["event"] == name:
                self.events.remove(message)
                return message.get("body", {})

    def start(self, program, stop_on_entry=False, filters=(), breakpoints=None, functions=(), **launch):
        capabilities = self.request("initialize", {"adapterID": "sheetlab", "linesStartAt1": True})
        self.event("initialized")
        for path, lines in (breakpoints or {}).items():
            self.request("setBreakpoints", {"source": {"path": path}, "breakpoints": lines})
        if filters:
            self.request("setExceptionBreakpoints", {"filters": list(filters)})
        if functions:
            self.request("setFunctionBreakpoints", {"breakpoints": [{"name": n} for n in functions]})
        arguments = dict(stopOnEntry=stop_on_entry, **launch)
        if program is not None:
            arguments["program"] = program
        self.request("launch", arguments)
        self.request("configurationDone")
        return capabilities

    def stopped(self):
        return self.event("stopped")

    def frames(self):
        return self.request("stackTrace", {"threadId": 1})["stackFrames"]

    def scopes(self, frame_id):
        return {s["name"]: s["variablesReference"] for s in self.request("scopes", {"frameId": frame_id})["scopes"]}

    def variables(self, reference):
        return {v["name"]: v for v in self.request("variables", {"variablesReference": reference})["variables"]}

    def tree(self, reference, depth=4):
        """The variables under `reference` as nested dicts of values."""
        out = {}
        for name, v in self.variables(reference).items():
            if v["variablesReference"] and depth > 0:
                out[name] = self.tree(v["variablesReference"], depth - 1)
            else:
                out[name] = v["value"]
        return out

    def world(self):
        """The engine frame's App scope: stack, slots, held requests."""
        engine = self.frames()[-1]
        return self.tree(self.scopes(engine["id"])["App"])

    def evaluate(self, expression, frame_id=None):
        arguments = {"expression": expression, "context": "repl"}
        if frame_id is not None:
            arguments["frameId"] = frame_id
        return self.request("evaluate", arguments)["result"]

    def close(self):
        try:
            self.request("disconnect", {"terminateDebuggee": True})
        finally:
            self.wait_gone()

    def wait_gone(self):
        try:
            self.process.wait(timeout=TIMEOUT)
        finally:
            if self.process.poll() is None:
                self.process.kill()
                raise AssertionError("the adapter is still running")
            self.process.stdin.close()
            self.process.stdout.close()
            self.process.stderr.close()


class DebugTest(unittest.TestCase):
    def adapter(self):
        adapter = Adapter()
        self.addCleanup(lambda: adapter.process.poll() is None and adapter.process.kill())
        return adapter

    def test_capabilities(self):
        a = self.adapter()
        capabilities = a.request("initialize", {"adapterID": "sheetlab"})
        for name in ["supportsStepBack", "supportsConfigurationDoneRequest", "supportsFunctionBreakpoints",
                     "supportsConditionalBreakpoints", "supportsHitConditionalBreakpoints"]:
            self.assertTrue(capabilities[name], name)
        filters = [f["filter"] for f in capabilities["exceptionBreakpointFilters"]]
        self.assertEqual(filters, ["requestLost", "alreadyPresenting", "warning", "error", "failedExpectation"])
        a.close()

    def test_break_in_the_queue_policys_request_hook_reads_ctx(self):
        a = self.adapter()
        hook_line = line_of(QUEUE_POLICY, "if ctx.phase == nil then")
        a.start(QUEUE_REOPEN, breakpoints={QUEUE_POLICY: [{"line": hook_line}]})
        stop = a.stopped()
        self.assertEqual(stop["reason"], "breakpoint")
        frames = a.frames()
        top = frames[0]
        self.assertEqual(top["source"]["path"], os.path.realpath(QUEUE_POLICY))
        self.assertEqual(top["line"], hook_line)
        self.assertEqual(top["name"], "request hook of queue.lua", "the hook's frame says which hook it is")
        self.assertIn("request hook of queue.lua", frames[-1]["name"])
        self.assertTrue(any(f.get("source", {}).get("path") == os.path.realpath(QUEUE_REOPEN) for f in frames),
                        "the scenario's frame is on the stack")
        scopes = a.scopes(top["id"])
        ctx = a.tree(scopes["Context (ctx)"])
        # The first request: nothing on screen yet.
        self.assertEqual(ctx["presenter"], '"ContentView"')
        self.assertEqual(ctx["modifier"], '"sheet(item:)"')
        self.assertEqual(ctx["held"], "0")
        self.assertNotIn("phase", ctx)
        self.assertEqual(ctx["item"], {"id": "0"})
        self.assertEqual(a.evaluate("ctx.time", top["id"]), "0")
        # The second request is the impatient one, made while the sheet closes.
        a.request("continue", {"threadId": 1})
        a.stopped()
        top = a.frames()[0]
        self.assertEqual(a.evaluate("ctx.phase", top["id"]), '"dismissing"')
        self.assertEqual(a.evaluate("ctx.time", top["id"]), "600")
        self.assertEqual(a.evaluate("ctx.held > 0", top["id"]), "false")
        # Read-only: a hook's context and the frame's names cannot be assigned.
        message = a.error("evaluate", {"expression": "ctx.held = 3", "frameId": top["id"]})
        self.assertIn("read-only", message)
        # Stepping: next goes to the following line of the hook.
        a.request("next", {"threadId": 1})
        a.stopped()
        self.assertEqual(a.frames()[0]["line"], hook_line + 3)
        a.request("stepOut", {"threadId": 1})
        a.stopped()
        self.assertEqual(a.frames()[0]["source"]["path"], os.path.realpath(QUEUE_REOPEN))
        a.close()

    def test_request_lost_in_seed_000_stops_at_750_ms(self):
        a = self.adapter()
        a.start(LOST_REOPEN, filters=["requestLost"])
        stop = a.stopped()
        self.assertEqual(stop["reason"], "exception")
        self.assertIn("requestLost", stop["description"])
        engine = a.frames()[-1]
        self.assertIn("engine at 750 ms", engine["name"])
        # The host function the scenario called, by name (debug.md's `[C] set`), and no unnamed frame.
        self.assertEqual(a.frames()[0]["name"], "[C] advance")
        self.assertNotIn("[C] ?", [f["name"] for f in a.frames()])
        event = a.tree(a.scopes(engine["id"])["Event"])
        self.assertEqual(event["time"], "750")
        self.assertEqual(event["event"]["kind"], '"requestLost"')
        self.assertEqual(event["event"]["rule"], '"B03"')
        # The scenario frame is the one that advanced the clock.
        scenario = [f for f in a.frames() if f.get("source", {}).get("path") == os.path.realpath(LOST_REOPEN)][0]
        self.assertEqual(scenario["line"], line_of(LOST_REOPEN, "advance(150)"))
        self.assertEqual(a.evaluate("get('selectedItem').id", scenario["id"]), "1")
        self.assertEqual(a.evaluate("top() == nil", scenario["id"]), "true")
        a.request("continue", {"threadId": 1})
        self.assertEqual(a.stopped()["reason"], "end")
        a.request("continue", {"threadId": 1})
        self.assertEqual(a.event("exited")["exitCode"], 0)
        a.event("terminated")
        a.close()

    def test_step_back_gives_the_world_of_a_fresh_run(self):
        a = self.adapter()
        a.start(LOST_REOPEN, filters=["requestLost"])
        a.stopped()
        at_loss = a.world()
        a.request("stepBack", {"threadId": 1})
        stop = a.stopped()
        self.assertEqual(stop["reason"], "step")
        self.assertIn("event 10 ", stop["description"])
        engine = a.frames()[-1]
        self.assertIn("event 10: dismissed", engine["name"])
        back = a.world()
        # Back again to the request made while the sheet was closing.
        a.request("stepBack", {"threadId": 1})
        a.stopped()
        a.request("stepBack", {"threadId": 1})
        a.stopped()
        self.assertIn("event 8: request", a.frames()[-1]["name"])
        request_world = a.world()
        a.close()

        fresh = self.adapter()
        fresh.start(LOST_REOPEN, functions=["dismissed"])
        fresh.stopped()
        self.assertIn("event 10: dismissed", fresh.frames()[-1]["name"])
        self.assertEqual(fresh.world(), back)
        fresh.close()
        self.assertEqual(back, at_loss, "nothing changed between the dismissal and the loss")
        self.assertNotEqual(request_world, back)

        fresh = self.adapter()
        fresh.start(LOST_REOPEN, functions=["@600ms"], filters=[])
        fresh.stopped()
        fresh.request("next", {"threadId": 1})
        fresh.stopped()
        self.assertIn("event 8: request", fresh.frames()[-1]["name"])
        self.assertEqual(fresh.world(), request_world)
        self.assertEqual(request_world["presentations"]["[1]"]["phase"], '"dismissing"')
        fresh.close()

    def test_reverse_continue_to_an_earlier_breakpoint(self):
        a = self.adapter()
        swipe = line_of(LOST_REOPEN, "swipe()")
        tap = line_of(LOST_REOPEN, "set(\"selectedItem\", { id = 1 })")
        a.start(LOST_REOPEN, breakpoints={LOST_REOPEN: [{"line": swipe}, {"line": tap}]})
        a.stopped()
        self.assertEqual(a.frames()[0]["line"], swipe)
        a.request("continue", {"threadId": 1})
        a.stopped()
        self.assertEqual(a.frames()[0]["line"], tap)
        self.assertEqual(a.evaluate("top().phase"), '"dismissing"')
        a.request("reverseContinue", {"threadId": 1})
        stop = a.stopped()
        self.assertEqual(stop["reason"], "breakpoint")
        self.assertEqual(a.frames()[0]["line"], swipe)
        self.assertEqual(a.evaluate("top().phase"), '"presented"')
        # A condition: only the dismissal at 750 ms, not the present at 0.
        a.request("reverseContinue", {"threadId": 1})
        self.assertEqual(a.stopped()["reason"], "entry")
        a.close()

    def test_conditions_hit_counts_and_goto(self):
        a = self.adapter()
        advance = line_of(QUEUE_REOPEN, "advance(150)")
        a.start(QUEUE_REOPEN, breakpoints={QUEUE_REOPEN: [{"line": advance, "condition": "round == 2"}]})
        a.stopped()
        self.assertEqual(a.evaluate("round"), "2")
        a.request("gotoEvent", {"time": 500})
        a.stopped()
        self.assertIn("engine at 500 ms", a.frames()[-1]["name"])
        a.close()
        a = self.adapter()
        a.start(QUEUE_REOPEN, breakpoints={QUEUE_REOPEN: [{"line": advance, "hitCondition": "2"}]})
        a.stopped()
        self.assertEqual(a.evaluate("round"), "2")
        a.close()

    def test_reproducible_clock_and_random(self):
        scenario = os.path.join(ROOT, ".build", "debug_test_random.lua")
        with open(scenario, "w", encoding="utf-8") as f:
            f.write("math.randomseed()\nlocal r = math.random(1000000)\nadvance(250)\nlocal c = os.clock()\n"
                    "local t = os.time()\nexpect(true)\n")
        a = self.adapter()
        a.start(scenario, breakpoints={scenario: [{"line": 6}]})
        a.stopped()
        first = (a.evaluate("r"), a.evaluate("c"), a.evaluate("t"))
        self.assertEqual(first[1], "0.25")
        a.request("reverseContinue", {"threadId": 1})
        a.stopped()
        a.request("continue", {"threadId": 1})
        a.stopped()
        self.assertEqual((a.evaluate("r"), a.evaluate("c"), a.evaluate("t")), first)
        a.close()

    def test_a_check_counterexample_replays_to_its_violation(self):
        scenario = os.path.join(ROOT, ".build", "debug_test_counterexample.lua")
        check = subprocess.run([SHEETLAB, "check", "--invariant", "no-request-lost", "--out", scenario],
                               cwd=ROOT, capture_output=True, text=True, timeout=120)
        self.assertEqual(check.returncode, 1, check.stdout + check.stderr)
        violation = line_of(scenario, "expect(invariant(")
        a = self.adapter()
        a.start(scenario, filters=["failedExpectation", "requestLost"])
        stop = a.stopped()
        self.assertEqual(stop["reason"], "exception")
        self.assertIn("requestLost", stop["description"])
        a.request("continue", {"threadId": 1})
        stop = a.stopped()
        self.assertEqual(stop["reason"], "exception")
        self.assertIn("Expectation failed", stop["description"])
        self.assertIn(f"{os.path.basename(scenario)}:{violation}: the request for", stop["description"])
        self.assertIn("overwritten by the write-back (B03)", stop["description"])
        frames = [f for f in a.frames() if f.get("source", {}).get("path") == os.path.realpath(scenario)]
        self.assertEqual(frames[0]["line"], violation)
        self.assertEqual(a.evaluate("invariant('no-request-lost')", frames[0]["id"]), "false")
        a.request("stepBack", {"threadId": 1})
        self.assertEqual(a.stopped()["reason"], "step")
        self.assertIn(", event ", a.frames()[-1]["name"])
        a.close()

    def test_an_itf_trace_replays_to_its_violation(self):
        trace = os.path.join(ROOT, ".build", "debug_test_trace.itf.json")
        check = subprocess.run([SHEETLAB, "check", "--invariant", "no-request-lost", "--trace", "json",
                                "--trace-out", trace], cwd=ROOT, capture_output=True, text=True, timeout=120)
        self.assertEqual(check.returncode, 1, check.stdout + check.stderr)
        with open(trace) as f:
            steps = [state["#meta"]["step"] for state in json.load(f)["states"][1:]]
        a = self.adapter()
        a.start(None, trace=trace)  # no filter set: a trace stops at its violation by itself
        stop = a.stopped()
        self.assertEqual(stop["reason"], "exception")
        self.assertIn("Expectation failed", stop["description"])
        self.assertIn("overwritten by the write-back (B03)", stop["description"])
        frames = [f for f in a.frames() if f.get("source", {}).get("path", "").endswith("debug_test_trace.itf.lua")]
        scenario = frames[0]["source"]["path"]
        with open(scenario) as f:
            lines = f.read().splitlines()
        self.assertEqual(lines[frames[0]["line"] - 1].split("(")[0], "expect", "stopped at the violation's line")
        step_lines = [l for l in lines if l in steps]
        self.assertEqual(step_lines, steps, "the trace's steps, in order")
        self.assertEqual(a.evaluate("invariant('no-request-lost')", frames[0]["id"]), "false")
        self.assertEqual(a.evaluate("#timeline({ kind = 'requestLost' })", frames[0]["id"]), "1")
        a.request("stepBack", {"threadId": 1})
        self.assertEqual(a.stopped()["reason"], "step")
        self.assertIn(", event ", a.frames()[-1]["name"])
        a.close()
        self.assertFalse(os.path.exists(scenario), "the scenario made of the trace is removed at the end")
        a = self.adapter()
        a.request("initialize", {"adapterID": "sheetlab"})
        self.assertIn("is not JSON", a.error("launch", {"trace": LOST_REOPEN}))
        self.assertIn("no such trace file", a.error("launch", {"trace": "/no/such.json"}))
        self.assertIn("not both", a.error("launch", {"trace": trace, "program": LOST_REOPEN}))
        a.close()

    def test_bad_inputs_get_error_responses_and_the_session_goes_on(self):
        a = self.adapter()
        a.request("initialize", {"adapterID": "sheetlab"})
        message = a.error("setBreakpoints", {"source": {"path": "/no/such/file.lua"}, "breakpoints": [{"line": 1}]})
        self.assertIn("no such file: /no/such/file.lua", message)
        message = a.error("setExceptionBreakpoints", {"filters": ["requestLots"]})
        self.assertIn("failedExpectation", message)
        self.assertIn("unknown filter 'requestLots'", message)
        self.assertIn("requestLost", message)
        body = a.request("setFunctionBreakpoints", {"breakpoints": [{"name": "B99"}, {"name": "B03"}]})
        self.assertEqual([b["verified"] for b in body["breakpoints"]], [False, True])
        body = a.request("setBreakpoints", {"source": {"path": LOST_REOPEN}, "breakpoints": [{"line": 9999}]})
        self.assertFalse(body["breakpoints"][0]["verified"])
        self.assertIn("not in", body["breakpoints"][0]["message"])
        body = a.request("setBreakpoints", {"source": {"path": LOST_REOPEN},
                                            "breakpoints": [{"line": 21, "condition": "(("},
                                                            {"line": 21, "condition": "get('selectedItem') ~= nil"}]})
        self.assertEqual([b["verified"] for b in body["breakpoints"]], [False, True])
        self.assertIn("condition '((' is not a Lua expression", body["breakpoints"][0]["message"])
        a.send_raw(b"Content-Length: 5\r\n\r\n{nope")
        response = a.next_message()
        while response["type"] != "response":
            response = a.next_message()
        self.assertFalse(response["success"])
        self.assertIn("not JSON", response["message"])
        a.send_raw(b"Nonsense: 1\r\n\r\n")
        response = a.next_message()
        self.assertFalse(response["success"])
        self.assertIn("Content-Length", response["message"])
        self.assertIn("unknown request 'stepBak'", a.error("stepBak"))
        self.assertIn("not stopped", a.error("stackTrace", {"threadId": 1}))
        self.assertIn("no such scenario file", a.error("launch", {"program": "/no/such.lua"}))
        # Still answering.
        self.assertEqual(a.request("threads")["threads"][0]["id"], 1)
        a.close()

    def test_terminate_and_disconnect_leave_no_process(self):
        a = self.adapter()
        a.start(LOST_REOPEN, stop_on_entry=True)
        self.assertEqual(a.stopped()["reason"], "entry")
        a.request("terminate")
        a.event("terminated")
        a.close()
        a = self.adapter()
        a.start(LOST_REOPEN, stop_on_entry=True)
        a.stopped()
        a.process.stdin.close()  # the editor went away
        a.process.wait(timeout=TIMEOUT)
        self.assertIsNotNone(a.process.poll())


def main():
    global SHEETLAB
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    SHEETLAB = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)


if __name__ == "__main__":
    main()
