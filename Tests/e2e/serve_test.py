#!/usr/bin/env python3
"""End-to-end tests of `sheetlab serve`, as a host in another language uses it.

Starts `sheetlab serve`, speaks JSON-RPC 2.0 over its standard input and
output, replays seed 000's impatient reopen on a stock app and on an app
with examples/policies/queue.lua, checks both timelines, then sends
malformed and hostile requests and checks that each gets the right error
code and that both apps still answer. Also: the handshake and the method
list of docs/serve.openrpc.json, shutdown/exit, cancelling a running
request, run_scenario, eval's expectations, error reasons, the server's
limits, LSP framing, and on the default profile (iphone17-ios26) a sheet's
placement and frame and each event's rule and confidence. Every request
sent by `call` and every response and notification read is validated
against docs/serve.openrpc.json with
`jsonschema` (Tests/e2e/requirements.txt; scripts/test installs it into
.build/venv).

Usage: .build/venv/bin/python Tests/e2e/serve_test.py PATH_TO_SHEETLAB
"""
import json
import os
import queue
import subprocess
import sys
import threading
import time
import unittest

try:
    import jsonschema
except ImportError:
    sys.exit("serve_test.py needs jsonschema: run scripts/test, or "
             "python3 -m venv .build/venv && .build/venv/bin/pip install -r Tests/e2e/requirements.txt "
             "and run it with .build/venv/bin/python")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
QUEUE_POLICY = os.path.join(ROOT, "examples", "policies", "queue.lua")
SEED_QUEUE_REOPEN = os.path.join("examples", "seeds", "seed000_queue_reopen.lua")
SHEETLAB = None
TIMEOUT = 60

PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS = -32700, -32600, -32601, -32602
SCRIPT_ERROR, ENGINE_ERROR, LIMIT, CANCELLED = -32001, -32002, -32003, -32800

with open(os.path.join(ROOT, "docs", "serve.openrpc.json"), encoding="utf-8") as f:
    OPENRPC = json.load(f)


def validator(schema):
    """A validator of `schema`, whose $refs point into the document's components."""
    return jsonschema.Draft202012Validator({**schema, "components": OPENRPC["components"]})


METHODS = {m["name"]: m for m in OPENRPC["methods"]}
PARAMS = {name: validator({
    "type": "object",
    "properties": {p["name"]: p["schema"] for p in m["params"]},
    "required": [p["name"] for p in m["params"] if p.get("required")],
    "additionalProperties": False,
}) for name, m in METHODS.items()}
RESULTS = {name: validator(m["result"]["schema"]) for name, m in METHODS.items()}
ERROR = validator({"$ref": "#/components/schemas/Error"})
NOTIFICATIONS = {n["name"]: validator(n["params"]) for n in OPENRPC["x-notifications"]}

# Seed 000's view: an item sheet whose content names the item.
SEED000_VIEW = {
    "name": "ContentView",
    "state": ["selectedItem"],
    "modifiers": [
        {"kind": "sheet", "item": "selectedItem", "content": {"$lua": "function(c) return 'item ' .. c.item.id end"}}
    ],
}


class Server:
    """A running `sheetlab serve`: sends lines, reads responses and notifications."""

    def __init__(self, *args):
        self.process = subprocess.Popen(
            [SHEETLAB, "serve", *args], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE)
        self.lines = queue.Queue()
        self.stderr = []
        self.notifications = []
        self.next_id = 1
        self.methods = {}  # request id -> method, to validate its response
        threading.Thread(target=self._read, args=(self.process.stdout, self.lines), daemon=True).start()
        threading.Thread(target=self._drain, daemon=True).start()

    @staticmethod
    def _read(stream, lines):
        for line in stream:
            lines.put(line)
        lines.put(None)

    def _drain(self):
        for line in self.process.stderr:
            self.stderr.append(line.decode("utf-8", "replace"))

    def send_raw(self, data):
        """Writes bytes (a newline is added)."""
        self.process.stdin.write(data + b"\n")
        self.process.stdin.flush()

    def read_message(self):
        """The next line of standard output: it must be a JSON-RPC 2.0 message."""
        line = self.lines.get(timeout=TIMEOUT)
        if line is None:
            raise AssertionError("the server closed its output; stderr:\n" + "".join(self.stderr))
        message = json.loads(line.decode("utf-8"))
        assert isinstance(message, (dict, list)), f"not a message: {line!r}"
        for m in message if isinstance(message, list) else [message]:
            assert m.get("jsonrpc") == "2.0", f"not JSON-RPC 2.0: {line!r}"
            self.validate(m)
        return message

    def validate(self, m):
        """A response or notification must match docs/serve.openrpc.json."""
        if "method" in m:
            NOTIFICATIONS[m["method"]].validate(m["params"])
        elif "error" in m:
            ERROR.validate(m["error"])
        else:
            RESULTS[self.methods[m["id"]]].validate(m["result"])

    def answer(self):
        """Reads up to the next response, keeping the notifications before it."""
        while True:
            message = self.read_message()
            if isinstance(message, dict) and "id" not in message:
                self.notifications.append(message)
                continue
            return message

    def raw(self, text):
        """Sends a line as is; its response."""
        self.note_methods(text)
        self.send_raw(text if isinstance(text, bytes) else text.encode("utf-8"))
        return self.answer()

    def note_methods(self, text):
        """Remembers which method each id in a line asks for (to validate the answer)."""
        try:
            parsed = json.loads(text)
        except (ValueError, UnicodeDecodeError, RecursionError):
            return
        for m in parsed if isinstance(parsed, list) else [parsed]:
            if isinstance(m, dict) and isinstance(m.get("id"), (int, str)) and isinstance(m.get("method"), str) \
                    and m["method"] in METHODS:
                self.methods[m["id"]] = m["method"]

    def request(self, method, params=None):
        """Sends a request; the whole response, checked to answer it."""
        ident = self.next_id
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": ident, "method": method}
        if params is not None:
            message["params"] = params
        response = self.raw(json.dumps(message))
        assert response.get("id") == ident, f"answered {response} to id {ident}"
        return response

    def call(self, method, **params):
        """A request that must succeed, its params valid by the schema; its result."""
        PARAMS[method].validate(params)
        response = self.request(method, params)
        if "error" in response:
            raise AssertionError(f"{method} {params} failed: {response['error']}")
        return response["result"]

    def take_notifications(self):
        taken, self.notifications = self.notifications, []
        return taken

    def close(self):
        """Ends the input; the exit code."""
        self.process.stdin.close()
        try:
            return self.process.wait(timeout=TIMEOUT)
        finally:
            self.process.stdout.close()
            self.process.stderr.close()


def replay_seed000(server, app):
    """Open item 0, swipe it down, tap "Open" (item 1) while it closes, let the dismissal end."""
    assert server.call("view", app=app, view=SEED000_VIEW) == "ContentView"
    server.call("set", app=app, slot="selectedItem", value={"id": 0})
    server.call("advance", app=app, ms=500)
    assert server.call("top", app=app)["phase"] == "presented"
    server.call("swipe", app=app)
    server.call("advance", app=app, ms=100)
    assert server.call("top", app=app)["phase"] == "dismissing"
    server.call("set", app=app, slot="selectedItem", value={"id": 1})
    server.call("advance", app=app, ms=150)


def kinds(events):
    return [e["kind"] for e in events]


class ServeTestCase(unittest.TestCase):
    def setUp(self):
        self.server = Server()

    def tearDown(self):
        code = self.server.close()
        self.assertEqual(code, 0, "sheetlab serve exits 0 at the end of its input")

    def assertError(self, response, code, ident=None):
        self.assertIn("error", response, response)
        self.assertEqual(response["error"]["code"], code, response)
        self.assertIsInstance(response["error"]["message"], str)
        if ident is not None:
            self.assertEqual(response["id"], ident)


class Seed000(ServeTestCase):
    def test_stock_loses_the_reopen_and_the_queue_policy_presents_it(self):
        s = self.server
        stock = s.call("create", profile="iphone15-ios17")
        queued = s.call("create", policies=[QUEUE_POLICY], subscribe=True)
        self.assertEqual((stock["app"], stock["policies"]), (1, []))
        self.assertEqual((queued["app"], queued["policies"]), (2, ["queue.lua"]))
        replay_seed000(s, 1)
        self.assertEqual(s.take_notifications(), [], "app 1 is not subscribed")
        replay_seed000(s, 2)
        notified = [n["params"]["event"] for n in s.take_notifications() if n["method"] == "event"]

        # Stock SwiftUI: the write-back overwrites the new item; nothing is shown (B03).
        lost = s.call("timeline", app=1, filter={"kind": "requestLost"})
        self.assertEqual(len(lost), 1)
        self.assertEqual(lost[0]["item"], "1")
        self.assertEqual(lost[0]["severity"], "warning")
        self.assertIsNone(s.call("top", app=1))
        self.assertIsNone(s.call("get", app=1, slot="selectedItem"))
        self.assertEqual(s.call("timeline", app=1, filter={"kind": "queued"}), [])

        # The queue policy holds the request and presents it once the sheet has closed (P01).
        timeline = s.call("timeline", app=2)
        self.assertEqual(notified, timeline, "the event notifications are the timeline, in order")
        self.assertEqual([e["index"] for e in timeline], list(range(1, len(timeline) + 1)))
        self.assertNotIn("requestLost", kinds(timeline))
        queued_events = [e for e in timeline if e["kind"] == "queued"]
        self.assertEqual(len(queued_events), 1)
        self.assertEqual(queued_events[0]["source"], "queue.lua")
        dismissed = next(e for e in timeline if e["kind"] == "dismissed")
        represented = [e for e in timeline if e["kind"] == "presenting" and e.get("item") == "1"]
        self.assertEqual(len(represented), 1)
        self.assertGreater(represented[0]["index"], dismissed["index"], "re-presented after the dismissal")
        self.assertEqual(represented[0]["time"], 750)
        top = s.call("top", app=2)
        self.assertEqual((top["item_id"], top["phase"]), ("1", "presenting"))
        self.assertEqual(s.call("get", app=2, slot="selectedItem"), {"id": 1})
        s.call("advance", app=2)
        top = s.call("top", app=2)
        self.assertEqual((top["phase"], top["text"]), ("presented", "item 1"))
        self.assertEqual(s.call("invariant", app=2, name="no-request-lost"), {"ok": True})
        self.assertFalse(s.call("invariant", app=1, name="no-request-lost")["ok"])

    def test_a_policy_given_as_source_behaves_as_the_file(self):
        s = self.server
        with open(QUEUE_POLICY, encoding="utf-8") as f:
            source = f.read()
        app = s.call("create", policies=[{"source": source, "name": "queue.lua"}])["app"]
        replay_seed000(s, app)
        self.assertEqual(len(s.call("timeline", app=app, filter={"kind": "queued"})), 1)
        self.assertEqual(s.call("top", app=app)["item_id"], "1")

    def test_the_same_run_through_eval_gives_the_same_timeline(self):
        s = self.server
        by_methods = s.call("create")["app"]
        by_lua = s.call("create")["app"]
        replay_seed000(s, by_methods)
        s.call("eval", app=by_lua, source="""
            view { name = "ContentView", state = { "selectedItem" },
              modifiers = { sheet { item = "selectedItem", content = function(c) return "item " .. c.item.id end } } }
            set("selectedItem", { id = 0 }) advance(500) swipe() advance(100)
            set("selectedItem", { id = 1 }) advance(150)
            print("replayed")
            """)
        self.assertEqual(s.take_notifications(),
                         [{"jsonrpc": "2.0", "method": "print", "params": {"app": by_lua, "text": "replayed"}}])
        self.assertEqual(s.call("timeline", app=by_methods), s.call("timeline", app=by_lua))


class PresentDay(ServeTestCase):
    """The default profile, iphone17-ios26: where a sheet is drawn, and which rule decided each event."""

    GLASS_VIEW = {
        "name": "ContentView",
        "state": {"show": False, "detent": "medium"},
        "modifiers": [{"kind": "sheet", "isPresented": "show", "content": {
            "text": "glass", "presentationDetents": ["medium", "height(805)", "large"], "selection": "detent"}}],
    }

    def test_top_shows_placement_and_frame_and_events_carry_rule_and_confidence(self):
        s = self.server
        created = s.call("create")
        self.assertEqual(created["profile"], "iphone17-ios26", "the default profile")
        app = created["app"]
        s.call("view", app=app, view=self.GLASS_VIEW)
        s.call("set", app=app, slot="show", value=True)
        s.call("advance", app=app, ms=500)

        # B36: below full height the sheet is inset 8 pt from the edges of the 402 x 874 screen.
        top = s.call("top", app=app)
        self.assertEqual(top["placement"], "inset")
        self.assertEqual(top["frame"], {"x": 8.0, "y": 460.0, "width": 386.0, "height": 406.0})
        self.assertEqual(top["transition"], "standard")
        self.assertEqual(s.call("stack", app=app), [top])

        presented = s.call("timeline", app=app, filter={"kind": "presented"})[0]
        self.assertEqual((presented["rule"], presented["confidence"]), ("B01", "field"))
        self.assertEqual((presented["placement"], presented["frame"]), ("inset", top["frame"]))

        # B37 (one report): 7 pt below full height the sheet is edge-attached.
        s.call("set", app=app, slot="detent", value="height(805)")
        top = s.call("top", app=app)
        self.assertEqual(top["placement"], "edgeAttached")
        self.assertEqual(top["frame"], {"x": 0.0, "y": 69.0, "width": 402.0, "height": 805.0})
        changed = s.call("timeline", app=app, filter={"kind": "placementChanged"})
        self.assertEqual(len(changed), 1)
        self.assertEqual((changed[0]["rule"], changed[0]["confidence"]), ("B37", "single"))
        self.assertEqual(changed[0]["frame"], top["frame"])
        for event in s.call("timeline", app=app):
            self.assertEqual("rule" in event, "confidence" in event, event)


class HostileInput(ServeTestCase):
    def setUp(self):
        super().setUp()
        s = self.server
        s.call("create", limits={"script_budget_ms": 300, "budget_ms": 50})
        s.call("create", policies=[QUEUE_POLICY])
        replay_seed000(s, 1)
        replay_seed000(s, 2)
        self.before = [s.call("timeline", app=1), s.call("timeline", app=2)]

    def tearDown(self):
        s = self.server
        # Both apps still answer, as they were.
        self.assertEqual(s.call("apps"), [1, 2])
        self.assertEqual(s.call("timeline", app=1)[:len(self.before[0])], self.before[0])
        self.assertEqual(s.call("timeline", app=2)[:len(self.before[1])], self.before[1])
        self.assertEqual(s.call("top", app=2)["item_id"], "1")
        self.assertEqual(s.call("eval", app=1, source="return 6 * 7")["values"], [42])
        super().tearDown()

    def test_not_json(self):
        for line in ["not json", "{", '{"jsonrpc": "2.0", "id": 1, "method": "apps",}', "[1, 2", "'single'"]:
            self.assertError(self.server.raw(line), PARSE_ERROR, ident=None)

    def test_invalid_utf8_and_deep_nesting(self):
        self.assertError(self.server.raw(b'{"jsonrpc":"2.0","id":1,"method":"\xc3\x28"}'), PARSE_ERROR)
        self.assertError(self.server.raw("[" * 200_000 + "]" * 200_000), PARSE_ERROR)

    def test_json_but_not_a_request_object(self):
        for line in ["42", '"create"', "null", "true"]:
            self.assertError(self.server.raw(line), INVALID_REQUEST, ident=None)

    def test_missing_or_wrong_jsonrpc_method_or_id(self):
        s = self.server
        self.assertError(s.raw('{"id": 7, "method": "apps"}'), INVALID_REQUEST, ident=7)
        self.assertError(s.raw('{"jsonrpc": "1.0", "id": 8, "method": "apps"}'), INVALID_REQUEST, ident=8)
        self.assertError(s.raw('{"jsonrpc": "2.0", "id": 9}'), INVALID_REQUEST, ident=9)
        self.assertError(s.raw('{"jsonrpc": "2.0", "id": 10, "method": ["apps"]}'), INVALID_REQUEST, ident=10)
        self.assertError(s.raw('{"jsonrpc": "2.0", "id": {"x": 1}, "method": "apps"}'), INVALID_REQUEST, ident=None)
        self.assertError(s.raw('{"jsonrpc": "2.0", "id": 11, "method": "apps", "extra": 1}'), INVALID_REQUEST, ident=11)

    def test_unknown_method(self):
        self.assertError(self.server.request("frobnicate", {"app": 1}), METHOD_NOT_FOUND)
        self.assertError(self.server.request("rpc.discover"), METHOD_NOT_FOUND)
        typo = self.server.request("crate")
        self.assertError(typo, METHOD_NOT_FOUND)
        self.assertIn("did you mean create?", typo["error"]["message"])

    def test_bad_params(self):
        s = self.server
        for method, params in [
            ("swipe", {}),                                  # no app
            ("swipe", {"app": 99}),                         # no such app
            ("swipe", {"app": "1"}),                        # app is not an integer
            ("swipe", {"app": 1, "velocity": 3}),           # unknown parameter
            ("drag", {"app": 1, "height": "tall"}),         # wrong type
            ("advance", {"app": 1, "ms": -5}),              # out of range
            ("advance", {"app": 1, "ms": 2 ** 63 - 1}),     # out of range
            ("set", {"app": 1, "writes": 5}),
            ("view", {"app": 1, "view": {"name": "V", "stat": ["x"]}}),   # a typo in the declaration
            ("create", {"limits": {"memory_gb": 1}}),
            ("invariant", {"app": 1, "name": "no-such-invariant"}),
        ]:
            self.assertError(s.request(method, params), INVALID_PARAMS)
        self.assertError(s.raw('{"jsonrpc": "2.0", "id": 12, "method": "swipe", "params": [1]}'), INVALID_PARAMS, 12)

    def test_engine_and_script_errors(self):
        s = self.server
        self.assertError(s.request("get", {"app": 1, "slot": "nothing"}), ENGINE_ERROR)
        self.assertError(s.request("view", {"app": 1, "view": SEED000_VIEW}), ENGINE_ERROR)  # a duplicate view
        self.assertError(s.request("create", {"profile": "nokia3310-ios1"}), ENGINE_ERROR)
        error = s.request("eval", {"app": 1, "source": "local a = 1\nlocal b = nil + a"})["error"]
        self.assertEqual(error["code"], SCRIPT_ERROR)
        self.assertEqual((error["data"]["file"], error["data"]["line"], error["data"]["kind"]), ("eval", 2, "runtime"))
        self.assertIn("traceback", error["data"])
        error = s.request("load_policy", {"app": 1, "source": "return {\n  request = function(ctx)\n  return = 1 end }",
                                          "name": "broken.lua"})["error"]
        self.assertEqual(error["code"], SCRIPT_ERROR)
        self.assertEqual((error["data"]["file"], error["data"]["line"], error["data"]["kind"]), ("broken.lua", 3, "syntax"))
        self.assertTrue(error["message"].startswith("broken.lua:3:"), error["message"])
        # Time cannot be pushed into an integer overflow.
        self.assertError(s.request("eval", {"app": 1, "source": "advance(math.maxinteger) advance(1)"}), SCRIPT_ERROR)

    def test_reads_past_the_end_of_the_timeline_are_empty(self):
        s = self.server
        self.assertEqual(s.call("timeline", app=1, since=10 ** 6), [])
        self.assertEqual(s.call("eval", app=1, source="return #timeline(math.maxinteger), #timeline(-3)")["values"],
                         [0, len(self.before[0])])

    def test_a_huge_line_is_skipped_and_answered(self):
        s = self.server
        response = s.raw(b"x" * (2 << 20))
        self.assertError(response, INVALID_REQUEST, ident=None)
        self.assertEqual(response["error"]["data"]["max_line_bytes"], 1 << 20)
        self.assertEqual(response["error"]["data"]["flag"], "--max-line")
        big = json.dumps({"jsonrpc": "2.0", "id": 13, "method": "eval", "params": {"app": 1, "source": "--" + "y" * (3 << 20)}})
        self.assertError(s.raw(big), INVALID_REQUEST, ident=None)
        self.assertEqual(s.call("now", app=1), 750)

    def test_an_infinite_loop_in_eval_is_stopped(self):
        error = self.server.request("eval", {"app": 1, "source": "while true do end"})["error"]
        self.assertEqual(error["code"], LIMIT)
        self.assertEqual((error["data"]["kind"], error["data"]["file"], error["data"]["line"]), ("budget", "eval", 1))
        error = self.server.request("eval", {"app": 1, "source": "while true do pcall(function() end) end"})["error"]
        self.assertEqual((error["code"], error["data"]["kind"]), (LIMIT, "budget"), "pcall cannot swallow it")

    def test_a_memory_bomb_is_stopped(self):
        # In an app of its own whose budget is far away, so that the memory cap
        # comes first however slow the machine is (app 1's 300 ms could race it).
        # A server that allows such a budget.
        server = Server("--max-request-budget", "600000")
        try:
            bombed = server.call("create", limits={"script_budget_ms": 600000})["app"]
            for source in ["local s = 'x' while true do s = s .. s end",
                           "local t = {} for i = 1, 1e9 do t[i] = i end",
                           "return string.rep('x', 1 << 30)"]:
                error = server.request("eval", {"app": bombed, "source": source})["error"]
                self.assertEqual((error["code"], error["data"]["kind"]), (LIMIT, "memory"), source)
        finally:
            server.close()

    def test_a_runaway_policy_is_an_error_or_a_fallback(self):
        s = self.server
        self.assertError(s.request("load_policy", {"app": 1, "source": "while true do end"}), LIMIT)
        s.call("load_policy", app=1, name="spin.lua", source="return { request = function(ctx) while true do end end }")
        s.call("set", app=1, slot="selectedItem", value={"id": 5})
        errors = s.call("timeline", app=1, filter={"kind": "policyError"})
        self.assertEqual(len(errors), 1)
        self.assertIn("spin.lua", errors[0]["detail"])
        self.assertEqual(s.call("top", app=1)["item_id"], "5", "stock presented it")

    def test_batches(self):
        s = self.server
        answers = s.raw(json.dumps([
            {"jsonrpc": "2.0", "id": 20, "method": "now", "params": {"app": 1}},
            {"jsonrpc": "2.0", "method": "now", "params": {"app": 1}},
            {"jsonrpc": "2.0", "id": 21, "method": "nope"},
            7,
        ]))
        self.assertIsInstance(answers, list)
        self.assertEqual(len(answers), 3)
        self.assertEqual(answers[0], {"jsonrpc": "2.0", "id": 20, "result": 750})
        self.assertError(answers[1], METHOD_NOT_FOUND, ident=21)
        self.assertError(answers[2], INVALID_REQUEST, ident=None)
        self.assertError(s.raw("[]"), INVALID_REQUEST, ident=None)
        # A notification (and a batch of them) gets no response: the next line answered is the next request.
        s.send_raw(b'{"jsonrpc": "2.0", "method": "advance", "params": {"app": 1, "ms": 10}}')
        s.send_raw(b'[{"jsonrpc": "2.0", "method": "advance", "params": {"app": 1, "ms": 10}}]')
        s.send_raw(b'{"jsonrpc": "2.0", "method": "no-such-method"}')
        self.assertEqual(s.call("now", app=1), 770)


class Handshake(unittest.TestCase):
    """initialize lists docs/serve.openrpc.json's methods; shutdown then exit end the server as LSP does."""

    def test_initialize_then_shutdown_and_exit_ends_with_zero(self):
        s = Server()
        result = s.call("initialize", client={"name": "serve_test.py"})
        self.assertEqual(result["server"]["name"], "sheetlab")
        self.assertEqual(str(result["protocol_version"]), OPENRPC["info"]["version"])
        self.assertEqual([m["name"] for m in result["methods"]], [m["name"] for m in OPENRPC["methods"]])
        for served in result["methods"]:
            documented = METHODS[served["name"]]["params"]
            self.assertEqual([(p["name"], p["required"]) for p in served["params"]],
                             [(p["name"], p.get("required", False)) for p in documented], served["name"])
        self.assertTrue(result["capabilities"]["cancel"])
        self.assertEqual(result["limits"]["max_request_budget_ms"], 10000)
        self.assertIsNone(s.call("shutdown"))
        response = s.request("apps")
        self.assertEqual(response["error"]["code"], INVALID_REQUEST, "after shutdown only exit is accepted")
        s.send_raw(b'{"jsonrpc":"2.0","method":"exit"}')
        self.assertEqual(s.process.wait(timeout=TIMEOUT), 0)
        s.close()

    def test_exit_without_shutdown_ends_with_one(self):
        s = Server()
        s.call("create")
        s.send_raw(b'{"jsonrpc":"2.0","method":"exit"}')
        self.assertEqual(s.process.wait(timeout=TIMEOUT), 1)
        s.close()


class Cancellation(ServeTestCase):
    def test_a_running_infinite_loop_is_cancelled_and_the_server_goes_on(self):
        s = self.server
        app = s.call("create", limits={"script_budget_ms": 10000})["app"]
        s.methods[900] = "eval"
        s.send_raw(json.dumps({"jsonrpc": "2.0", "id": 900, "method": "eval",
                               "params": {"app": app, "source": "while true do end"}}).encode())
        time.sleep(0.3)  # let it start; nothing below depends on how long it ran
        s.send_raw(b'{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":900}}')
        response = s.answer()
        self.assertEqual(response["id"], 900)
        self.assertEqual(response["error"]["code"], CANCELLED, response)
        self.assertEqual(response["error"]["data"]["kind"], "cancelled")
        self.assertEqual(s.call("eval", app=app, source="return 'still here'")["values"], ["still here"])

    def test_a_request_waiting_behind_a_long_one_is_cancelled_without_running(self):
        s = self.server
        app = s.call("create", limits={"script_budget_ms": 10000})["app"]
        s.call("view", app=app, view={"name": "V", "state": {"n": 0}})
        s.methods.update({901: "eval", 902: "set"})
        s.send_raw(json.dumps({"jsonrpc": "2.0", "id": 901, "method": "eval",
                               "params": {"app": app, "source": "while true do end"}}).encode())
        s.send_raw(json.dumps({"jsonrpc": "2.0", "id": 902, "method": "set",
                               "params": {"app": app, "slot": "n", "value": 1}}).encode())
        s.send_raw(b'{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":902}}')
        s.send_raw(b'{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":901}}')
        self.assertEqual((s.answer()["id"], s.answer()["error"]["code"]), (901, CANCELLED))
        self.assertEqual(s.call("get", app=app, slot="n"), 0, "the cancelled set never ran")


class RunScenario(ServeTestCase):
    def test_the_queue_reopen_seed_runs_with_its_relative_policy(self):
        result = self.server.call("run_scenario", path=SEED_QUEUE_REOPEN)
        self.assertEqual((result["passed"], result["exit_status"], result["failures"]), (True, 0, []))
        self.assertGreater(result["expectations"], 5)
        self.assertIn("queued", kinds(result["timeline"]))
        self.assertNotIn("requestLost", kinds(result["timeline"]))

    def test_source_with_a_base_directory_and_a_failing_expectation(self):
        with open(os.path.join(ROOT, SEED_QUEUE_REOPEN), encoding="utf-8") as f:
            source = f.read() + '\nexpect_eq(top().item_id, "9", "a wrong guess")\n'
        result = self.server.call("run_scenario", source=source, name="copy.lua",
                                  base_directory=os.path.join(ROOT, "examples", "seeds"), timeline=False)
        self.assertEqual((result["passed"], result["exit_status"]), (False, 1))
        failure = result["failures"][0]
        self.assertEqual((failure["file"], failure["expected"], failure["seen"]), ("copy.lua", '"9"', '"2"'))
        self.assertNotIn("timeline", result)


class EvalResults(ServeTestCase):
    def test_failed_expectations_are_reported(self):
        s = self.server
        app = s.call("create")["app"]
        result = s.call("eval", app=app, source="expect(1 == 1)\nexpect(false, 'B03: the request is lost')\nreturn 5")
        self.assertEqual(result["values"], [5])
        self.assertEqual(result["expectations"], 2)
        self.assertEqual(result["failures"], [
            {"location": "eval:2", "file": "eval", "line": 2, "message": "B03: the request is lost"}])

    def test_nan_and_infinities_are_written_as_in_the_json_timeline(self):
        s = self.server
        app = s.call("create")["app"]
        self.assertEqual(s.call("eval", app=app, source="return 0/0, 1/0, -1/0")["values"], ["nan", "inf", "-inf"])


class Reasons(ServeTestCase):
    def setUp(self):
        super().setUp()
        s = self.server
        s.call("create")
        s.call("view", app=1, view=SEED000_VIEW)
        s.call("view", app=1, view={"name": "A", "state": {"x": 0}})
        s.call("view", app=1, view={"name": "B", "state": {"x": 0}})

    def reason(self, method, **params):
        error = self.server.request(method, {"app": 1, **params})["error"]
        self.assertEqual(error["code"], ENGINE_ERROR, error)
        return error["data"]["reason"]

    def test_an_unknown_slot_is_unknown_slot_however_it_is_spelled(self):
        self.assertEqual(self.reason("get", slot="nothing"), "unknownSlot")
        self.assertEqual(self.reason("get", slot="ContentView.nothing"), "unknownSlot")
        self.assertEqual(self.reason("set", slot="nothing", value=1), "unknownSlot")

    def test_each_kind_of_mistake_has_its_reason(self):
        self.assertEqual(self.reason("get", slot="x"), "ambiguousSlot")
        self.assertEqual(self.reason("get", slot="Ghost.x"), "unknownView")
        self.assertEqual(self.reason("view", view={"name": "A"}), "duplicateView")
        self.assertEqual(self.reason("profile", name="nokia3310-ios1"), "unknownProfile")
        self.assertEqual(self.reason("profile", name="iphonese-ios16"), "profileAfterViews")
        self.assertEqual(self.reason("swipe"), "noPresentation")
        self.assertEqual(self.reason("rotate", orientation="sideways"), "invalidOrientation")


class ServerLimits(unittest.TestCase):
    def serve(self, *args):
        server = Server(*args)
        self.addCleanup(server.close)
        return server

    def test_create_refuses_more_memory_or_budget_than_the_caps(self):
        s = self.serve()
        for limits, kind, flag in [({"memory_mib": 4096}, "appMemory", "--max-app-memory"),
                                   ({"script_budget_ms": 3600000}, "appBudget", "--max-request-budget")]:
            error = s.request("create", {"limits": limits})["error"]
            self.assertEqual((error["code"], error["data"]["kind"], error["data"]["flag"]), (LIMIT, kind, flag))
        self.assertEqual(s.call("apps"), [])

    def test_the_apps_memory_caps_add_up_to_at_most_the_total(self):
        # Each app reserves its Lua cap (16 MiB) and as much for its engine: three fit in 96 MiB.
        s = self.serve("--max-total-memory", "96")
        s.call("create")
        s.call("create")
        s.call("create")
        error = s.request("create")["error"]
        self.assertEqual((error["data"]["kind"], error["data"]["flag"]), ("totalMemory", "--max-total-memory"))

    def test_a_batch_of_loops_shares_one_request_budget(self):
        s = self.serve("--max-request-budget", "400", "--script-budget", "250")
        app = s.call("create")["app"]
        loop = {"jsonrpc": "2.0", "method": "eval", "params": {"app": app, "source": "while true do end"}}
        answers = s.raw(json.dumps([{**loop, "id": 10 + i} for i in range(4)]))
        self.assertEqual([a["error"]["data"]["kind"] for a in answers],
                         ["budget", "requestBudget", "requestBudget", "requestBudget"])
        self.assertEqual(s.call("now", app=app), 0, "the next line has a budget of its own")

    def test_a_response_over_the_limit_is_an_error_naming_the_flag(self):
        s = self.serve("--max-response", "65536")
        app = s.call("create")["app"]
        s.call("view", app=app, view={"name": "V", "state": {"big": 0}})
        s.call("eval", app=app, source="set('big', string.rep('x', 100000))")
        error = s.request("get", {"app": app, "slot": "big"})["error"]
        self.assertEqual((error["code"], error["data"]["kind"], error["data"]["flag"]),
                         (LIMIT, "responseTooLarge", "--max-response"))
        gets = [{"jsonrpc": "2.0", "id": 30 + i, "method": "get", "params": {"app": app, "slot": "big"}}
                for i in range(3)]
        self.assertTrue(all(a["error"]["data"]["kind"] == "responseTooLarge" for a in s.raw(json.dumps(gets))))

    def test_a_batch_of_large_gets_stops_at_the_batch_limit(self):
        s = self.serve("--max-batch-response", "200000")
        app = s.call("create")["app"]
        s.call("view", app=app, view={"name": "V", "state": {"big": 0}})
        s.call("eval", app=app, source="set('big', string.rep('x', 60000))")
        gets = [{"jsonrpc": "2.0", "id": 40 + i, "method": "get", "params": {"app": app, "slot": "big"}}
                for i in range(50)]
        answers = s.raw(json.dumps(gets))
        self.assertEqual(len(answers), 50)
        self.assertEqual(sum("result" in a for a in answers), 4)
        self.assertEqual(answers[-1]["error"]["data"]["kind"], "batchResponseTooLarge")

    def test_the_command_line_defaults_must_be_within_the_caps(self):
        p = subprocess.run([SHEETLAB, "serve", "--memory", "512"], capture_output=True, text=True, timeout=TIMEOUT)
        self.assertEqual(p.returncode, 2)
        self.assertIn("--max-app-memory", p.stderr)


class Untrusted(ServeTestCase):
    def test_load_policy_of_dev_stdin_does_not_read_the_requests(self):
        s = self.server
        app = s.call("create")["app"]
        self.assertIn("error", s.request("load_policy", {"app": app, "path": "/dev/stdin"}))
        self.assertEqual(s.call("apps"), [app], "the request after it was read by the server, not the policy")

    def test_an_on_change_that_writes_its_own_slot_does_not_kill_the_server(self):
        s = self.server
        app = s.call("create")["app"]
        response = s.request("eval", {"app": app, "source": (
            'view { name = "H", state = { n = 0 }, onChange = { n = function(v) set("H.n", v + 1) end } }\n'
            'set("H.n", 1)')})
        self.assertIn(response.get("error", {}).get("code", 0) or 0, (0, SCRIPT_ERROR, LIMIT))
        self.assertEqual(s.call("apps"), [app], "a second request is answered")
        cut = s.call("timeline", app=app, filter={"kind": "limitReached"})
        self.assertEqual(len(cut), 1, "the chain is cut once, with an event")
        self.assertIn("chained updates", cut[0]["detail"])


class LSPFraming(unittest.TestCase):
    def test_content_length_framing(self):
        process = subprocess.Popen([SHEETLAB, "serve", "--framing", "lsp"], cwd=ROOT, stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

        def send(message):
            body = json.dumps(message).encode()
            process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            process.stdin.flush()

        def receive():
            headers = {}
            while True:
                line = process.stdout.readline()
                if line in (b"\r\n", b""):
                    break
                name, value = line.decode().split(":", 1)
                headers[name.strip().lower()] = value.strip()
            return json.loads(process.stdout.read(int(headers["content-length"])))

        send({"jsonrpc": "2.0", "id": 1, "method": "initialize"})
        result = receive()["result"]
        self.assertEqual(result["capabilities"]["framing"], "lsp")
        send({"jsonrpc": "2.0", "id": 2, "method": "create"})
        self.assertEqual(receive()["result"]["app"], 1)
        process.stdin.write(b"Content-Length: nope\r\n\r\n")
        process.stdin.flush()
        self.assertEqual(receive()["error"]["code"], PARSE_ERROR)
        send({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
        self.assertIsNone(receive()["result"])
        send({"jsonrpc": "2.0", "method": "exit"})
        self.assertEqual(process.wait(timeout=TIMEOUT), 0)
        process.stdin.close()
        process.stdout.close()


class Stream(unittest.TestCase):
    def test_the_last_request_may_lack_a_newline_and_the_end_of_input_stops_the_server(self):
        server = Server()
        server.methods.update({1: "create", 2: "apps"})
        server.process.stdin.write(b'{"jsonrpc":"2.0","id":1,"method":"create"}\r\n{"jsonrpc":"2.0","id":2,"method":"apps"}')
        server.process.stdin.close()
        self.assertEqual(server.answer()["result"]["app"], 1)
        self.assertEqual(server.answer(), {"jsonrpc": "2.0", "id": 2, "result": [1]})
        self.assertEqual(server.process.wait(timeout=TIMEOUT), 0)
        self.assertIsNone(server.lines.get(timeout=TIMEOUT), "nothing else on standard output")
        server.process.stdout.close()
        server.process.stderr.close()

    def test_help(self):
        p = subprocess.run([SHEETLAB, "serve", "--help"], capture_output=True, text=True, timeout=TIMEOUT)
        self.assertEqual(p.returncode, 0)
        self.assertIn("Usage: sheetlab serve", p.stdout)
        self.assertIn("JSON-RPC 2.0", p.stdout)


def main():
    global SHEETLAB
    if len(sys.argv) < 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        sys.exit(2)
    SHEETLAB = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)


if __name__ == "__main__":
    main()
