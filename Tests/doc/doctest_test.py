#!/usr/bin/env python3
"""Tests of the doc-test harness (Tests/doc/doctest.py): it passes an example
whose output matches, and fails one whose output changed, with the file and
line of the example. Runs it on small Markdown files against the binary.

Usage: python3 Tests/doc/doctest_test.py PATH_TO_SHEETLAB
"""
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
HARNESS = os.path.join(HERE, "doctest.py")
SHEETLAB = None
FENCE = "```"


def run(markdown, name="page.md"):
    """(exit status, output) of the harness on one Markdown file."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(textwrap.dedent(markdown).replace("~~~", FENCE))
        p = subprocess.run([sys.executable, HARNESS, SHEETLAB, "--files", path], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, timeout=300)
        return p.returncode, p.stdout.replace(folder + os.sep, "")


PROFILES = """\
    # A page

    ~~~
    $ sheetlab run examples/seeds/seed000_lost_reopen.lua
    profile iphone17-ios26
    ...
       750 ms ! requestLost       ContentView.sheet(item:)  item=1  the request for {id = 1} made ...
       750 ms   writeBack         ContentView  selectedItem = nil
    ~~~
    """


class ConsoleTests(unittest.TestCase):
    def test_matchingOutput_passes(self):
        rc, out = run(PROFILES)
        self.assertEqual(rc, 0, out)
        self.assertIn("1 console", out)

    def test_changedOutput_failsWithTheFileAndLineOfTheCommand(self):
        rc, out = run(PROFILES.replace("selectedItem = nil", "selectedItem = {id = 1}"))
        self.assertEqual(rc, 1, out)
        self.assertIn("FAIL page.md:4: `sheetlab run examples/seeds/seed000_lost_reopen.lua`: the output differs", out)
        self.assertIn("1 failed", out)

    def test_exitStatus_isChecked_andWrittenAsExitN(self):
        page = """\
            ~~~
            $ sheetlab run nope.lua
            sheetlab run: no such file: nope.lua...
            ...
            [exit 2]
            ~~~
            """
        rc, out = run(page)
        self.assertEqual(rc, 0, out)
        rc, out = run(page.replace("[exit 2]", "[exit 4]"))
        self.assertEqual(rc, 1, out)
        self.assertIn("page.md:2: `sheetlab run nope.lua` exited 2, the example shows 4", out)

    def test_aSkippedBlock_needsAReason(self):
        rc, out = run("""\
            <!-- doctest: skip -->
            ~~~
            $ sheetlab nonsense
            ~~~
            """)
        self.assertEqual(rc, 1, out)
        self.assertIn("page.md:2: `doctest: skip` needs a reason", out)


REPL = """\
    <!-- doctest: repl --profile iphone15-ios17 -->
    ~~~
    > set("selectedItem", { id = 0 })
         0 ms   set               ContentView  selectedItem = {id = 0}
    ...
    > =top().phase
    "presenting"
    ~~~

    <!-- doctest: repl continues -->
    ~~~
    > advance(500)
       500 ms   presented         ContentView.sheet(item:)  item=0  detent=large  height=783
    ~~~
    """


class ReplTests(unittest.TestCase):
    def test_aTranscript_andOneThatContinuesIt_pass(self):
        rc, out = run(REPL)
        self.assertEqual(rc, 0, out)
        self.assertIn("2 repl", out)

    def test_aChangedOutput_failsAtItsBlock(self):
        rc, out = run(REPL.replace("height=783", "height=700"))
        self.assertEqual(rc, 1, out)
        self.assertIn("FAIL page.md:11: the REPL's output differs", out)

    def test_anErrorTheExampleDoesNotShow_fails(self):
        rc, out = run(REPL.replace("=top().phase", "=top().phase()"))
        self.assertEqual(rc, 1, out)
        self.assertIn("FAIL page.md:2:", out)


class RPCTests(unittest.TestCase):
    PAGE = """\
        <!-- doctest: after app1 -->
        ~~~
        --> {"jsonrpc":"2.0","id":3,"method":"apps"}
        <-- {"jsonrpc":"2.0","id":3,"result":[1]}
        --> {"jsonrpc":"2.0","id":4,"method":"profile","params":{"app":1}}
        <-- {"jsonrpc":"2.0","id":4,"result":{"device":"iPhone 15",...,"width":393.0}}
        ~~~
        """

    def test_pairs_replayOnTheServer(self):
        rc, out = run(self.PAGE, "serve-page.md")
        self.assertEqual(rc, 0, out)
        self.assertIn("1 rpc", out)

    def test_aChangedAnswer_failsAtItsLine(self):
        rc, out = run(self.PAGE.replace("iPhone 15", "iPhone 16"), "serve-page.md")
        self.assertEqual(rc, 1, out)
        self.assertIn("FAIL serve-page.md:6: the answer differs", out)

    def test_anAnswerTheExampleDoesNotShow_fails(self):
        rc, out = run("""\
            ~~~
            --> {"jsonrpc":"2.0","id":3,"method":"apps"}
            ~~~
            """, "serve-page.md")
        self.assertEqual(rc, 1, out)
        self.assertIn("serve-page.md:2: an answer the example does not show", out)


class LuaAndFlagTests(unittest.TestCase):
    def test_aFailingScenario_failsAtItsBlock(self):
        rc, out = run("""\
            Text.

            ~~~lua
            expect_eq(1 + 1, 3, "arithmetic")
            ~~~
            """)
        self.assertEqual(rc, 1, out)
        self.assertIn("FAIL page.md:3: the scenario fails `sheetlab test --strict`", out)

    def test_aScenario_passes_andAPolicyIsChecked(self):
        rc, out = run("""\
            ~~~lua
            view { name = "V", state = { show = false } }
            expect_eq(get("show"), false)
            ~~~

            ~~~lua
            return { request = function(ctx) return "queue" end }
            ~~~
            """)
        self.assertEqual(rc, 0, out)
        self.assertIn("2 lua", out)

    def test_anUnknownFlag_inProse_fails(self):
        rc, out = run("Run `sheetlab run x.lua --no-such-flag` to see.\n")
        self.assertEqual(rc, 1, out)
        self.assertIn("page.md:1: `sheetlab run` has no option --no-such-flag", out)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    SHEETLAB = os.path.abspath(sys.argv.pop(1))
    unittest.main()
