#!/usr/bin/env python3
"""End-to-end tests of the files sheetlab reads and writes for scripts and
clients (docs/safety.md, "Files scripts name"), through the built binary:

- timeline snapshots: a symbolic link (to a file outside, or dangling), a
  FIFO or a folder where `NAME.timeline` goes is reported and never read,
  written through or created; `--record` writes a new regular file;
- the snapshot diff: 80,000 lines with scattered changes are diffed, two
  unrelated 80,000-line texts are "too large to diff", both at once;
- `policy()` while another process swaps the file (or its folder) between
  a link out of the scenario's folder and the real thing: the file outside
  never runs (`sheetlab run`);
- `sheetlab mcp` (the official MCP SDK): a doc that is a link out of the
  root is not listed or served, a 512 MiB sparse doc and a sparse
  `check_policy` scenario are refused from their size;
- the REPL's `:load` of a FIFO, through a pseudo-terminal: an error, and
  the session's app as it was;
- `check --emit-suite FILE`: one line, exit code 4, before exploring.

Usage: .build/venv/bin/python Tests/e2e/safety_files_test.py PATH_TO_SHEETLAB
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import repl_test  # noqa: E402  (its pseudo-terminal driver)

try:
    import anyio
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client
    from mcp.shared.exceptions import MCPError
except ImportError:
    sys.exit("safety_files_test.py needs the mcp package: run scripts/test, or "
             "python3 -m venv .build/venv && .build/venv/bin/pip install -r Tests/e2e/requirements.txt "
             "and run it with .build/venv/bin/python")

SHEETLAB = None
SCENARIO = """\
view { name = "ContentView", state = { "shown" },
  modifiers = { sheet { isPresented = "shown", content = "hello" } } }
set("shown", true)
advance(1000)
expect(top() ~= nil, "the sheet is up")
"""
SECRET = "the content of a file outside\n"


def sheetlab(*args, cwd, timeout=120):
    return subprocess.run([SHEETLAB, *args], cwd=cwd, capture_output=True, text=True, timeout=timeout)


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def read(path):
    with open(path) as f:
        return f.read()


class Folder(unittest.TestCase):
    """Each test in a fresh folder: `project/` holds the scenario, `outside/` a secret."""

    def setUp(self):
        self.base = os.path.realpath(tempfile.mkdtemp(prefix="sheetlab-files-"))
        self.project = os.path.join(self.base, "project")
        self.outside = os.path.join(self.base, "outside")
        os.mkdir(self.project)
        os.mkdir(self.outside)
        self.secret = os.path.join(self.outside, "secret.txt")
        write(self.secret, SECRET)
        write(os.path.join(self.project, "a.lua"), SCENARIO)
        self.snapshot = os.path.join(self.project, "a.timeline")

    def tearDown(self):
        shutil.rmtree(self.base, ignore_errors=True)


class SnapshotTests(Folder):
    def test_aSnapshotLinkedToAFileOutside_isRefused_andNeverPrinted(self):
        os.symlink(self.secret, self.snapshot)
        done = sheetlab("test", "a.lua", cwd=self.project)
        self.assertEqual(done.returncode, 4, done.stdout + done.stderr)
        self.assertIn("FAIL a.lua", done.stdout)
        self.assertIn("a.timeline is a symbolic link, not a regular file", done.stdout)
        self.assertNotIn("content of a file outside", done.stdout + done.stderr)
        report = json.loads(sheetlab("test", "a.lua", "--format", "json", cwd=self.project).stdout)
        self.assertEqual(report["timeline"]["status"], "refused")

    def test_recordAll_throughALink_writesNeitherTheTargetNorTheLink(self):
        os.symlink(self.secret, self.snapshot)
        done = sheetlab("test", "--record", "all", "a.lua", cwd=self.project)
        self.assertEqual(done.returncode, 4, done.stdout + done.stderr)
        self.assertEqual(read(self.secret), SECRET, "the link's target is not overwritten")
        self.assertTrue(os.path.islink(self.snapshot), "the link is left as it is")

    def test_record_throughADanglingLink_createsNothing(self):
        target = os.path.join(self.outside, "created-by-record.txt")
        os.symlink(target, self.snapshot)
        done = sheetlab("test", "--record", "a.lua", cwd=self.project)
        self.assertEqual(done.returncode, 4, done.stdout + done.stderr)
        self.assertIn("a.timeline is a symbolic link", done.stdout)
        self.assertFalse(os.path.exists(target), "the file the link points to is not created")

    def test_aFIFOSnapshot_isRefused_withoutBlocking(self):
        os.mkfifo(self.snapshot)
        done = sheetlab("test", "--record", "all", "a.lua", cwd=self.project, timeout=60)
        self.assertEqual(done.returncode, 4, done.stdout + done.stderr)
        self.assertIn("a.timeline is a FIFO, not a regular file", done.stdout)

    def test_record_writesANewRegularFile_thatThenMatches(self):
        done = sheetlab("test", "--record", "a.lua", cwd=self.project)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        self.assertFalse(os.path.islink(self.snapshot))
        self.assertIn("presenting", read(self.snapshot))
        self.assertEqual(sorted(os.listdir(self.project)), ["a.lua", "a.timeline"], "no temporary file is left")
        self.assertIn("timeline matches", sheetlab("test", "a.lua", cwd=self.project).stdout)


class DiffTests(Folder):
    """The old diff took more than 30 s on 80,000 lines; these finish within the (generous) timeout."""

    def setUp(self):
        super().setUp()
        write(os.path.join(self.project, "big.lua"),
              'view { name = "ContentView", state = { "n" } }\n'
              "for i = 1, 80000 do set(\"n\", i) end\nexpect(true)\n")
        self.big = os.path.join(self.project, "big.timeline")
        done = sheetlab("test", "--record", "big.lua", cwd=self.project)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)

    def test_eightyThousandLines_withScatteredChanges_areDiffed(self):
        lines = read(self.big).split("\n")
        self.assertGreater(len(lines), 80000)
        for n in range(100, 80000, 800):
            lines[n] = "changed %d" % n
        write(self.big, "\n".join(lines))
        done = sheetlab("test", "big.lua", "--format", "json", cwd=self.project, timeout=120)
        self.assertEqual(done.returncode, 1, done.stderr)
        timeline = json.loads(done.stdout)["timeline"]
        self.assertEqual(timeline["status"], "differs")
        self.assertEqual(len([l for l in timeline["diff"] if l.startswith("@@")]), 100)
        self.assertIn("-changed 100", timeline["diff"])

    def test_unrelatedEightyThousandLineTexts_areTooLargeToDiff(self):
        write(self.big, "".join("unrelated %d\n" % n for n in range(80000)))
        done = sheetlab("test", "big.lua", cwd=self.project, timeout=120)
        self.assertEqual(done.returncode, 1, done.stderr)
        self.assertIn("the timeline differs from big.timeline; too large to diff (80000 lines against", done.stdout)


class RaceTests(Folder):
    """Another process swaps what a name leads to while the scenario loads it."""

    POLICY_CALLS = """\
local loaded, refused = 0, 0
for i = 1, 10000 do
  local ok = pcall(policy, %r)
  if ok then loaded = loaded + 1 else refused = refused + 1 end
end
print("loaded " .. loaded .. ", refused " .. refused)
expect(true)
"""

    def race(self, name, swap):
        write(os.path.join(self.project, "s.lua"), self.POLICY_CALLS % name)
        stop = threading.Event()
        swaps = [0]

        def swapper():
            while not stop.is_set():
                swap(swaps[0])
                swaps[0] += 1
        thread = threading.Thread(target=swapper)
        thread.start()
        try:
            done = sheetlab("run", "s.lua", cwd=self.project, timeout=300)
        finally:
            stop.set()
            thread.join()
        self.assertEqual(done.returncode, 0, done.stdout[-2000:] + done.stderr[-2000:])
        self.assertGreater(swaps[0], 0)
        self.assertNotIn("OUTSIDE LOADED", done.stdout + done.stderr, "the file outside never runs")
        loaded = [l for l in done.stdout.splitlines() if l.startswith("loaded ")]
        self.assertTrue(loaded and not loaded[0].startswith("loaded 0,"), done.stdout[-500:])

    def test_aFileSwappedWithALinkOut_neverLoadsTheFileOutside(self):
        outside = os.path.join(self.outside, "o.lua")
        write(outside, 'print("OUTSIDE LOADED") return {}\n')
        spare = os.path.join(self.project, ".spare")
        write(spare, "return {}\n")
        path = os.path.join(self.project, "swap.lua")
        os.link(spare, path)

        def swap(n):
            nxt = path + ".next"
            if n % 2 == 0:
                os.symlink(outside, nxt)
            else:
                os.link(spare, nxt)
            os.rename(nxt, path)
        self.race("swap.lua", swap)

    def test_aFolderSwappedWithALinkOut_neverLoadsTheFileOutside(self):
        write(os.path.join(self.outside, "p.lua"), 'print("OUTSIDE LOADED") return {}\n')
        sub = os.path.join(self.project, "sub")
        spare = os.path.join(self.project, ".spare")
        os.mkdir(sub)
        write(os.path.join(sub, "p.lua"), "return {}\n")

        def swap(n):
            if n % 2 == 0:
                os.rename(sub, spare)
                os.symlink(self.outside, sub)
            else:
                os.unlink(sub)
                os.rename(spare, sub)
        self.race("sub/p.lua", swap)


class MCPTests(Folder):
    def setUp(self):
        super().setUp()
        self.root = os.path.join(self.base, "root")
        os.makedirs(os.path.join(self.root, "docs"))
        os.makedirs(os.path.join(self.root, "examples"))
        write(os.path.join(self.root, "docs", "fine.md"), "# Fine\n")
        os.symlink(self.secret, os.path.join(self.root, "docs", "leak.md"))
        self.huge = os.path.join(self.root, "docs", "huge.md")
        with open(self.huge, "w") as f:
            f.truncate(512 << 20)  # sparse: no blocks

    def run_mcp(self, body):
        async def main():
            params = StdioServerParameters(command=SHEETLAB, args=["mcp", "--root", self.root], cwd=self.base)
            async with stdio_client(params) as (r, w):
                async with ClientSession(r, w) as session:
                    await session.initialize()
                    return await body(session)
        return anyio.run(main)

    def test_aDocLinkedOutOfTheRoot_isNotListedOrServed(self):
        async def body(session):
            listed = [str(r.uri) for r in (await session.list_resources()).resources]
            try:
                await session.read_resource("sheetlab://docs/leak.md")
                served = True
            except MCPError:
                served = False
            return listed, served
        listed, served = self.run_mcp(body)
        self.assertIn("sheetlab://docs/fine.md", listed)
        self.assertNotIn("sheetlab://docs/leak.md", listed)
        self.assertFalse(served)

    def test_aSparse512MiBDoc_isRefusedFromItsSize(self):
        async def body(session):
            try:
                await session.read_resource("sheetlab://docs/huge.md")
                return None
            except MCPError as error:
                return str(error)
        self.assertIn("docs/huge.md is over 4 MiB", self.run_mcp(body) or "served")

    def test_aSparse512MiBDoc_isNeverReadIntoMemory(self):
        # The raw protocol, to measure the server process itself: reading the
        # file whole before checking its size took 1 GiB.
        lines = [
            {"jsonrpc": "2.0", "id": 1, "method": "initialize",
             "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}},
            {"jsonrpc": "2.0", "method": "notifications/initialized"},
            {"jsonrpc": "2.0", "id": 2, "method": "resources/read", "params": {"uri": "sheetlab://docs/huge.md"}},
        ]
        server = subprocess.Popen([SHEETLAB, "mcp", "--root", self.root], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        server.stdin.write("\n".join(json.dumps(l) for l in lines) + "\n")
        server.stdin.close()  # the server ends at the end of its input
        out = server.stdout.read()
        server.stdout.close()
        _, _, usage = os.wait4(server.pid, 0)  # this process's own peak, not its siblings'
        server.returncode = 0
        answers = [json.loads(l) for l in out.splitlines()]
        self.assertEqual(answers[-1]["error"]["message"], "docs/huge.md is over 4 MiB")
        self.assertLess(usage.ru_maxrss, 256 << 10, "at most 256 MiB resident (ru_maxrss is in KiB)")

    def test_checkPolicy_aSparse512MiBScenario_isRefusedFromItsSize(self):
        async def body(session):
            return await session.call_tool("check_policy", {"scenario": self.huge, "depth": 1})
        result = self.run_mcp(body)
        self.assertTrue(result.is_error)
        text = "\n".join(block.text for block in result.content if block.type == "text")
        self.assertIn("it is larger than the 1 MiB a Lua source may have", text)


class CommandTests(Folder):
    def test_replLoadOfAFIFO_isAnError_andTheAppStays(self):
        fifo = os.path.join(self.base, "pipe.lua")
        os.mkfifo(fifo)
        repl_test.SHEETLAB = SHEETLAB
        repl_test.STATE = self.base
        with repl_test.Terminal() as t:
            t.line('set("selectedItem", { id = 0 })')
            out = t.line(":load " + fifo)
            repl_test.check("cannot load %s: it is a FIFO, not a regular file" % fifo in out, "the error", t)
            repl_test.check("a fresh app" not in out and "loaded " not in out, "no fresh app", t)
            out = t.line("=top().item_id")
            repl_test.check('"0"' in out, "the session's app is as it was", t)

    def test_checkEmitSuiteIntoAFile_isOneLine_exitCode4(self):
        file = os.path.join(self.base, "suite")
        write(file, "x\n")
        done = sheetlab("check", "--emit-suite", file, "--depth", "1", cwd=self.base)
        self.assertEqual(done.returncode, 4)
        self.assertEqual(done.stderr, "sheetlab check: --emit-suite needs a folder; %s is a file\n" % file)
        self.assertEqual(done.stdout, "", "nothing was explored")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    SHEETLAB = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)
