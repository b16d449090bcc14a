"""Tests of the Python client against the built `sheetlab` binary.

Usage: SHEETLAB=.build/release/sheetlab python -m unittest discover -s clients/python/tests
(with the package installed: pip install ./clients/python)
"""
import inspect
import json
import os
import subprocess
import sys
import time
import unittest

import sheetlab
from sheetlab import Client, EventNotification, PrintNotification

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
SHEETLAB = os.path.abspath(os.environ.get("SHEETLAB", os.path.join(ROOT, ".build", "release", "sheetlab")))
SEED000 = os.path.join("examples", "seeds", "seed000_queue_reopen.lua")
VIEW = {"name": "ContentView", "state": ["item"], "modifiers": [{"kind": "sheet", "item": "item"}]}

with open(os.path.join(ROOT, "docs", "serve.openrpc.json"), encoding="utf-8") as f:
    OPENRPC = json.load(f)


def client(*args):
    return Client(SHEETLAB, args, cwd=ROOT, timeout=60)


class MethodCoverageTests(unittest.TestCase):
    def test_everyMethodOfTheDocument_hasAClientMethod_withItsParameters(self):
        for method in OPENRPC["methods"]:
            name = sheetlab.METHOD_NAMES[method["name"]]
            function = getattr(Client, name, None)
            self.assertTrue(callable(function), f"no client method for {method['name']}")
            parameters = set(inspect.signature(function).parameters) - {"self"}
            self.assertEqual(parameters, {p["name"] for p in method["params"]}, method["name"])
            for p in method["params"]:
                kind = inspect.signature(function).parameters[p["name"]].kind
                expected = inspect.Parameter.KEYWORD_ONLY if not p.get("required") else inspect.Parameter.POSITIONAL_OR_KEYWORD
                self.assertEqual(kind, expected, f"{method['name']}.{p['name']}")

    def test_theGeneratedMethods_areUpToDate(self):
        generator = os.path.join(ROOT, "clients", "python", "generate_methods.py")
        done = subprocess.run([sys.executable, generator, "--check"], capture_output=True, text=True)
        self.assertEqual(done.returncode, 0, done.stderr)


class ResultTypeTests(unittest.TestCase):
    def test_results_areTypedDicts_whoseKeysCoverWhatTheServerSends(self):
        import typing
        hints = typing.get_type_hints(Client.state)
        self.assertIs(hints["return"], sheetlab.State)
        self.assertIs(typing.get_type_hints(Client.create)["return"], sheetlab.CreateResult)
        with client() as lab:
            app = lab.create()["app"]
            lab.view(app, {"name": "ContentView", "state": ["item"],
                           "modifiers": [{"kind": "sheet", "item": "item", "content": "Detail"}]})
            lab.set(app, slot="item", value={"id": 0})
            lab.advance(app, ms=500)
            state = lab.state(app)
            self.assertLessEqual(set(state), set(typing.get_type_hints(sheetlab.State)))
            presentation = state["presentations"][0]
            self.assertLessEqual(set(presentation), set(typing.get_type_hints(sheetlab.Presentation)))
            for event in lab.timeline(app):
                self.assertLessEqual(set(event), set(typing.get_type_hints(sheetlab.Event)), event["kind"])
                kinds = typing.get_args(typing.get_type_hints(sheetlab.Event)["kind"])
                self.assertIn(event["kind"], kinds)


class ClientTests(unittest.TestCase):
    def test_contextManager_initializes_thenShutsDownAndExitsCleanly(self):
        lab = client()
        with lab:
            self.assertEqual(lab.server_info["protocol_version"], sheetlab.PROTOCOL_VERSION)
            self.assertEqual(lab.server_info["server"]["name"], "sheetlab")
        self.assertEqual(lab.process.returncode, 0, "exit after shutdown ends with 0")

    def test_seed000_stockLosesTheReopen_queueKeepsIt_notificationsAsAnIterator(self):
        with client() as lab:
            stock = lab.create(subscribe=True)["app"]
            queue = lab.create(policies=["examples/policies/queue.lua"], subscribe=True)["app"]
            for app in (stock, queue):
                lab.view(app, VIEW)
                lab.set(app, slot="item", value={"id": 0})
                lab.advance(app, ms=500)
                lab.swipe(app)
                lab.advance(app, ms=100)
                lab.set(app, writes={"item": {"id": 1}})
                lab.advance(app, ms=150)
            events = [n for n in lab.notifications() if isinstance(n, EventNotification)]
            kinds = {app: [n.event["kind"] for n in events if n.app == app] for app in (stock, queue)}
            self.assertIn("requestLost", kinds[stock])
            self.assertNotIn("queued", kinds[stock])
            self.assertIn("queued", kinds[queue])
            self.assertIsNone(lab.top(stock))
            self.assertEqual(lab.top(queue)["item_id"], "1")
            self.assertEqual(list(lab.notifications()), [], "each notification once")
            self.assertEqual([e["kind"] for e in lab.timeline(stock, filter={"kind": "requestLost"})], ["requestLost"])

    def test_printNotifications_andEvalsExpectations(self):
        with client() as lab:
            app = lab.create()["app"]
            result = lab.eval(app, "print('hello') expect(false, 'no') return 1 + 1")
            self.assertEqual(result["values"], [2])
            self.assertEqual(result["failures"][0]["message"], "no")
            prints = [n for n in lab.notifications() if isinstance(n, PrintNotification)]
            self.assertEqual([(n.app, n.text) for n in prints], [(app, "hello")])

    def test_runScenario_aSeedWithARelativePolicy(self):
        with client() as lab:
            result = lab.run_scenario(path=SEED000, timeline=False)
            self.assertTrue(result["passed"], result)
            self.assertEqual(result["exit_status"], 0)

    def test_errors_oneExceptionClassPerFamily_carryingData(self):
        with client() as lab:
            app = lab.create()["app"]
            with self.assertRaises(sheetlab.EngineError) as engine:
                lab.swipe(app)
            self.assertEqual(engine.exception.reason, "noPresentation")
            self.assertEqual(engine.exception.code, -32002)
            with self.assertRaises(sheetlab.ScriptError) as script:
                lab.eval(app, "local x = 1\nerror('boom')")
            self.assertEqual((script.exception.file, script.exception.line, script.exception.kind), ("eval", 2, "runtime"))
            with self.assertRaises(sheetlab.LimitError) as limit:
                lab.eval(app, "local s = 'x' while true do s = s .. s end")
            self.assertEqual(limit.exception.kind, "memory")
            with self.assertRaises(sheetlab.InvalidParams):
                lab.drag(app, "tall")  # type: ignore[arg-type]
            with self.assertRaises(sheetlab.InvalidParams):
                lab.now(999)
            with self.assertRaises(sheetlab.MethodNotFound):
                lab.call("no_such_method")
            self.assertTrue(issubclass(sheetlab.InvalidParams, sheetlab.ProtocolError))
            self.assertEqual(lab.now(app), 0, "the app still answers")

    def test_cancel_stopsALongEval(self):
        with client("--max-request-budget", "60000", "--script-budget", "60000") as lab:
            app = lab.create()["app"]
            pending = lab.start("eval", app=app, source="while true do end")
            time.sleep(0.3)
            self.assertFalse(pending.done())
            pending.cancel()
            with self.assertRaises(sheetlab.RequestCancelled) as cancelled:
                pending.result(timeout=30)
            self.assertEqual(cancelled.exception.data, {"kind": "cancelled"})
            self.assertEqual(lab.now(app), 0)

    def test_aTimeout_cancelsTheRequest_soTheNextCallDoesNotWaitBehindIt(self):
        with Client(SHEETLAB, ["--max-request-budget", "60000", "--script-budget", "60000"], cwd=ROOT,
                    timeout=0.5) as lab:
            app = lab.create()["app"]
            with self.assertRaises(TimeoutError) as timed_out:
                lab.eval(app, source="while true do end")
            self.assertIn("cancelled ($/cancelRequest)", str(timed_out.exception))
            started = time.monotonic()
            lab.timeout = 30
            self.assertEqual(lab.now(app), 0)
            self.assertLess(time.monotonic() - started, 10, "the abandoned loop was stopped")

    def test_aMissingBinary_isServerNotFound_sayingHowToGiveOne(self):
        for missing in ("/no/such/sheetlab", "no-such-sheetlab-on-path"):
            with self.assertRaises(sheetlab.ServerNotFound) as e:
                Client(missing)
            self.assertIn("give its path", str(e.exception))
            self.assertIsInstance(e.exception, FileNotFoundError)

    def test_serverGone_isConnectionClosed(self):
        lab = client()
        lab.exit()
        with self.assertRaises(sheetlab.ConnectionClosed):
            lab.apps()
        self.assertEqual(lab.disconnect(), 1, "exit without shutdown ends with 1")


class ExampleTests(unittest.TestCase):
    def test_seed000Example_withoutABinary_saysSoInOneLine(self):
        example = os.path.join(ROOT, "clients", "python", "examples", "seed000.py")
        done = subprocess.run([sys.executable, example, "/no/such/sheetlab"], capture_output=True, text=True,
                              timeout=60)
        self.assertNotEqual(done.returncode, 0)
        self.assertNotIn("Traceback", done.stderr)
        self.assertIn("seed000.py: no sheetlab binary at /no/such/sheetlab", done.stderr)

    def test_seed000Example_printsBothOutcomes(self):
        example = os.path.join(ROOT, "clients", "python", "examples", "seed000.py")
        done = subprocess.run([sys.executable, example, SHEETLAB], capture_output=True, text=True, timeout=120)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stdout.splitlines(), [
            "stock: request lost (B03); at 750 ms the screen shows nothing",
            "queue.lua: request kept, queued; at 750 ms the screen shows item 1 presenting",
        ])


if __name__ == "__main__":
    unittest.main()
