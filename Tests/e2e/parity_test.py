#!/usr/bin/env python3
"""Door parity through the built binary: the same bad inputs through the
command line (`sheetlab run`, `sheetlab check`), `sheetlab serve` and
`sheetlab mcp` give the same outcome: the same error kind, the same limit
and the flag that raises it named, and the server still answering after.

The inputs: a policy file and a set-up file that are too large, a FIFO, a
folder, missing, or outside the places policies may be read from; a
scenario that loops; a memory bomb; an unknown slot; what the app holds
for scripts past its engine limit; a cancelled request; a request over its
CPU budget. The Swift side of the same table is
Tests/DoorParityTests/DoorParityTests.swift (the library door too).

Usage: python3 Tests/e2e/parity_test.py PATH_TO_SHEETLAB
"""
import json
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHEETLAB = None
TIMEOUT = 60

SCRIPT_ERROR, LIMIT, CANCELLED = -32001, -32003, -32800
VIEW = 'view { name = "V", state = { s = "" } }\n'


class Stdio:
    """A running `sheetlab serve` or `sheetlab mcp`, spoken to one line at a time."""

    def __init__(self, command, *args, cwd=ROOT):
        self.process = subprocess.Popen(
            [SHEETLAB, command, *args], cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE)
        self.lines = queue.Queue()
        self.next_id = 1
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self.process.stderr.read, daemon=True).start()
        if command == "mcp":
            self.request("initialize", {"protocolVersion": "2025-11-25", "capabilities": {},
                                        "clientInfo": {"name": "parity", "version": "1"}})
            self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(json.loads(line))
        self.lines.put(None)

    def send(self, message):
        self.process.stdin.write((json.dumps(message) + "\n").encode())
        self.process.stdin.flush()

    def start(self, method, params):
        """Sends a request without waiting; its id."""
        ident = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
        return ident

    def answer(self):
        """The next response (notifications are skipped)."""
        while True:
            message = self.lines.get(timeout=TIMEOUT)
            assert message is not None, "the server closed its output"
            if "id" in message:
                return message

    def request(self, method, params):
        ident = self.start(method, params)
        response = self.answer()
        assert response["id"] == ident, response
        return response

    def tool(self, name, arguments):
        """An mcp tool call's result."""
        return self.request("tools/call", {"name": name, "arguments": arguments})["result"]

    def close(self):
        self.process.stdin.close()
        code = self.process.wait(timeout=TIMEOUT)
        self.process.stdout.close()
        self.process.stderr.close()
        return code


def still_answering(test, serve, mcp):
    """Nothing lost: after the bad inputs, both servers answer."""
    test.assertIn("app", serve.request("create", {})["result"], "serve still answers")
    test.assertEqual(mcp.request("ping", {})["result"], {}, "mcp still answers")


def close(test, *servers):
    """Ends each server's input: each exits 0."""
    for server in servers:
        test.assertEqual(server.close(), 0)


def sheetlab(*args, cwd=ROOT):
    return subprocess.run([SHEETLAB, *args], capture_output=True, text=True, timeout=TIMEOUT, cwd=cwd)


class Files:
    """Bad files in a temporary folder (outside the checkout, so outside the servers' roots)."""

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix="sheetlab-parity-")
        self.big = self.write("big.lua", "-- " + "x" * (3 << 20) + "\nreturn {}\n")
        self.fifo = os.path.join(self.dir, "fifo.lua")
        os.mkfifo(self.fifo)
        self.folder = os.path.join(self.dir, "folder.lua")
        os.mkdir(self.folder)
        self.missing = os.path.join(self.dir, "missing.lua")
        self.outside = self.write("outside.lua", "return { settle = function(ctx) return 'large' end }\n")

    def write(self, name, text):
        path = os.path.join(self.dir, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path

    def remove(self):
        shutil.rmtree(self.dir, ignore_errors=True)


BAD_FILES = {
    # name: (attribute of Files, what the message says)
    "oversized": ("big", "it is larger than the 1 MiB a Lua source may have (raise it with --max-source)"),
    "fifo": ("fifo", "it is a FIFO, not a regular file"),
    "folder": ("folder", "it is a directory, not a regular file"),
    "missing": ("missing", "No such file or directory"),
}


class BadFiles(unittest.TestCase):
    """A policy file and a set-up file that cannot be read: io, the same message, through every door."""

    def setUp(self):
        self.files = Files()
        self.scenario = os.path.join(ROOT, "examples", "seeds", "seed000_lost_reopen.lua")

    def tearDown(self):
        self.files.remove()

    def test_a_policy_file_that_cannot_be_read(self):
        # The folder is allowed: what is wrong with each file is found, not where it lies.
        allow = ("--allow-path", self.files.dir)
        serve, mcp = Stdio("serve", *allow), Stdio("mcp", *allow)
        try:
            for name, (attribute, message) in BAD_FILES.items():
                path = getattr(self.files, attribute)
                with self.subTest(name, door="cli run --policy"):
                    done = sheetlab("run", self.scenario, "--policy", path)
                    if name == "missing":
                        # The command line checks its flags first: a usage error.
                        self.assertEqual(done.returncode, 2, done.stderr)
                        self.assertIn("no such policy file", done.stderr)
                    else:
                        self.assertEqual(done.returncode, 4, done.stderr)
                        self.assertIn(message, done.stderr)
                with self.subTest(name, door="serve create"):
                    error = serve.request("create", {"policies": [path]})["error"]
                    self.assertEqual((error["code"], error["data"]["kind"]), (SCRIPT_ERROR, "io"))
                    self.assertIn(message, error["message"])
                with self.subTest(name, door="serve run_scenario"):
                    error = serve.request("run_scenario", {"path": self.scenario, "policies": [path]})["error"]
                    self.assertEqual((error["code"], error["data"]["kind"]), (SCRIPT_ERROR, "io"))
                    self.assertIn(message, error["message"])
                for tool in ("run_scenario", "check_policy"):
                    with self.subTest(name, door="mcp " + tool):
                        arguments = {"policies": [path]}
                        if tool == "run_scenario":
                            arguments["path"] = self.scenario
                        result = mcp.tool(tool, arguments)
                        self.assertTrue(result["isError"])
                        self.assertIn(message, result["content"][0]["text"])
                        self.assertEqual(result["structuredContent"]["error"]["data"]["kind"], "io")
            still_answering(self, serve, mcp)
        finally:
            close(self, serve, mcp)

    def test_a_set_up_file_that_cannot_be_read(self):
        mcp = Stdio("mcp", "--allow-path", self.files.dir)
        try:
            for name, (attribute, message) in BAD_FILES.items():
                path = getattr(self.files, attribute)
                with self.subTest(name, door="cli check --scenario"):
                    done = sheetlab("check", "--scenario", path, "--depth", "1")
                    if name == "missing" or name == "folder":
                        self.assertEqual(done.returncode, 2, done.stderr)  # checked as a flag first
                    else:
                        self.assertEqual(done.returncode, 4, done.stderr)
                        self.assertIn(message, done.stderr)
                with self.subTest(name, door="mcp check_policy"):
                    result = mcp.tool("check_policy", {"scenario": path, "depth": 1})
                    self.assertTrue(result["isError"])
                    self.assertIn(message, result["content"][0]["text"])
                    self.assertEqual(result["structuredContent"]["error"]["data"]["kind"], "io")
            self.assertEqual(mcp.request("ping", {})["result"], {})
        finally:
            self.assertEqual(mcp.close(), 0)

    def test_files_outside_the_roots(self):
        # The servers run in the checkout: the temporary folder is outside what they may read.
        outside = self.files.outside
        setup = self.files.write("setup.lua", VIEW)
        refused = "a script reads policies only from"
        with self.subTest(door="cli run (the scenario's policy() call)"):
            # A scenario in a folder of its own may read policies from there, not from elsewhere.
            inside = tempfile.mkdtemp(prefix="sheetlab-parity-inside-")
            try:
                calling = os.path.join(inside, "calls.lua")
                with open(calling, "w", encoding="utf-8") as f:
                    f.write(f'policy("{outside}")\nexpect(true)\n')
                done = sheetlab("run", calling)
                # A script error at the policy() line (exit 3), with the same reason.
                self.assertEqual(done.returncode, 3, done.stderr)
                self.assertIn(refused, done.stderr)
                self.assertIn("--allow-path", done.stderr)
                allowed = sheetlab("run", calling, "--allow-path", self.files.dir)
                self.assertEqual(allowed.returncode, 0, allowed.stderr)
            finally:
                shutil.rmtree(inside, ignore_errors=True)
        serve, mcp = Stdio("serve"), Stdio("mcp")
        try:
            with self.subTest(door="serve create"):
                error = serve.request("create", {"policies": [outside]})["error"]
                self.assertEqual(error["data"]["kind"], "io")
                self.assertIn(refused, error["message"])
                self.assertIn("--allow-path", error["message"])
            with self.subTest(door="serve run_scenario"):
                error = serve.request("run_scenario", {"source": "expect(true)", "policies": [outside]})["error"]
                self.assertIn(refused, error["message"])
            for tool, arguments in (("run_scenario", {"source": "expect(true)", "policies": [outside]}),
                                    ("check_policy", {"policies": [outside], "depth": 1}),
                                    ("check_policy", {"scenario": setup, "depth": 1})):
                with self.subTest(door="mcp " + tool, arguments=arguments):
                    result = mcp.tool(tool, arguments)
                    self.assertTrue(result["isError"])
                    self.assertIn(refused, result["content"][0]["text"])
                    self.assertIn("--allow-path", result["content"][0]["text"])
            self.assertEqual(mcp.request("ping", {})["result"], {})
        finally:
            close(self, serve, mcp)
        allowed = Stdio("mcp", "--allow-path", self.files.dir)
        try:
            result = allowed.tool("check_policy", {"scenario": setup, "policies": [outside], "depth": 1})
            self.assertFalse(result["isError"], result)
        finally:
            self.assertEqual(allowed.close(), 0)


class BadScripts(unittest.TestCase):
    """A scenario that loops, a memory bomb, an unknown slot, an engine past its limit:
    the same kind of script error, naming the same limit and flag, in every door."""

    CASES = {
        # name: (source, error kind, what the message says)
        "loop": ("while true do end", "budget", "raise it with --script-budget"),
        "memory bomb": ("local s, t = ('x'):rep(1 << 20), {} for i = 1, 1e9 do t[i] = s .. i end", "memory",
                        "the memory limit of 16 MiB was reached (raise it with --memory)"),
        "unknown slot": (VIEW + 'set("V.nope", 1)', "runtime", "nope"),
    }

    def write(self, folder, source):
        path = os.path.join(folder, "bad.lua")
        with open(path, "w", encoding="utf-8") as f:
            f.write(source + "\n")
        return path

    def test_bad_scripts(self):
        folder = tempfile.mkdtemp(prefix="sheetlab-parity-")
        serve = Stdio("serve", "--script-budget", "500")
        mcp = Stdio("mcp", "--script-budget", "500")
        try:
            for name, (source, kind, message) in self.CASES.items():
                path = self.write(folder, source)
                with self.subTest(name, door="cli run"):
                    done = sheetlab("run", path, "--script-budget", "500")
                    self.assertEqual(done.returncode, 3, done.stderr)
                    self.assertIn(message, done.stderr)
                with self.subTest(name, door="serve run_scenario"):
                    result = serve.request("run_scenario", {"source": source, "timeline": False})["result"]
                    self.assertEqual((result["exit_status"], result["error"]["kind"]), (3, kind))
                    self.assertIn(message, result["error"]["message"])
                with self.subTest(name, door="mcp run_scenario"):
                    result = mcp.tool("run_scenario", {"source": source, "timeline": "none"})
                    s = result["structuredContent"]
                    self.assertEqual((s["exit_status"], s["error"]["kind"]), (3, kind))
                    self.assertIn(message, s["error"]["message"])
            still_answering(self, serve, mcp)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
            close(self, serve, mcp)

    def test_the_engine_is_capped_in_both_servers(self):
        # What a scenario makes the app hold: serve caps it at the run's memory_mib, mcp at --memory.
        source = VIEW + "local big = ('x'):rep(256 * 1024)\nfor i = 1, 1000 do set('V.s', big .. i) end"
        serve, mcp = Stdio("serve"), Stdio("mcp", "--memory", "8")
        try:
            result = serve.request("run_scenario", {"source": source, "limits": {"memory_mib": 8},
                                                    "timeline": False})["result"]
            self.assertIn("engine memory limit of 8 MiB reached", result["error"]["message"])
            self.assertIn("run_scenario's memory_mib", result["error"]["message"])
            s = mcp.tool("run_scenario", {"source": source, "timeline": "none"})["structuredContent"]
            self.assertIn("engine memory limit of 8 MiB reached", s["error"]["message"])
            self.assertIn("raise it with --memory", s["error"]["message"])
            self.assertEqual(mcp.request("ping", {})["result"], {})
        finally:
            close(self, serve, mcp)


class Requests(unittest.TestCase):
    """A cancelled request and one over its CPU budget, through both servers."""

    def test_a_request_over_its_budget_names_the_limit_and_the_flag(self):
        folder = tempfile.mkdtemp(prefix="sheetlab-parity-")
        looping = os.path.join(folder, "looping.lua")
        with open(looping, "w", encoding="utf-8") as f:
            f.write("while true do end\n")
        flags = ["--budget", "300", "--script-budget", "300", "--max-request-budget", "300",
                 "--allow-path", folder]
        serve, mcp = Stdio("serve", *flags), Stdio("mcp", *flags)
        try:
            # Loading a policy that loops spends the whole request.
            error = serve.request("run_scenario", {"source": "expect(true)", "policies": [looping]})["error"]
            self.assertEqual((error["code"], error["data"]["kind"]), (LIMIT, "requestBudget"))
            self.assertEqual(error["data"]["flag"], "--max-request-budget")
            result = mcp.tool("run_scenario", {"source": "expect(true)", "policies": [looping]})
            self.assertTrue(result["isError"])
            error = result["structuredContent"]["error"]
            self.assertEqual((error["code"], error["data"]["kind"]), (LIMIT, "requestBudget"))
            self.assertEqual(error["data"]["flag"], "--max-request-budget")
            self.assertIn("--max-request-budget 300", result["content"][0]["text"])
            still_answering(self, serve, mcp)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
            close(self, serve, mcp)

    def test_a_cancelled_run_scenario(self):
        flags = ["--script-budget", "60000", "--max-request-budget", "60000"]
        serve, mcp = Stdio("serve", *flags), Stdio("mcp", *flags)
        try:
            ident = serve.start("run_scenario", {"source": "while true do end"})
            time.sleep(0.3)  # a cancel that comes before its request still cancels it
            serve.send({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": ident}})
            response = serve.answer()
            self.assertEqual((response["id"], response["error"]["code"]), (ident, CANCELLED))
            ident = mcp.start("tools/call", {"name": "run_scenario", "arguments": {"source": "while true do end"}})
            time.sleep(0.3)
            mcp.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": ident}})
            # MCP answers a cancelled request with nothing: the next answer is the ping's.
            self.assertEqual(mcp.request("ping", {})["result"], {})
            self.assertIn("app", serve.request("create", {})["result"])
        finally:
            close(self, serve, mcp)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    SHEETLAB = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)
