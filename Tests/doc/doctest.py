#!/usr/bin/env python3
"""Docs as tests: runs the examples of README.md, docs/*.md, clients/python/README.md
and the DocC catalogue against the built binary, and fails with FILE:LINE of each
example whose output no longer matches (docs/doctests.md says it all).

What is checked:

- console examples: a fenced block whose first line starts with `$ ` is a
  transcript. Each `$ COMMAND` runs in bash from the checkout's root, with
  `sheetlab` on PATH being the binary under test (NO_COLOR=1, TERM=dumb, a
  fresh HOME); the lines after it, up to the next `$ `, are its output
  (standard output and standard error together) and must match. The exit
  status must be 0 unless the last output line is `[exit N]`.
- `-->` / `<--` pairs in docs/serve.md and docs/mcp.md: each block is
  replayed on a fresh `sheetlab serve` (or `sheetlab mcp`): each `-->` line is
  sent and the `<--` lines after it must be what comes back, in order, and
  nothing else. A named set-up (SETUPS below) may run first, unseen.
  Every message serve sends is also validated against docs/serve.openrpc.json
  when jsonschema is installed.
- ```lua blocks: a block that returns a table is a policy and must pass
  `sheetlab check POLICY --depth 3` (exit 0, or 5: inconclusive at that depth); any other block is a scenario and must
  pass `sheetlab test --strict`.
- ```python in clients/python/README.md: runs with the client on the path.
- flags: every `sheetlab COMMAND ... --flag` in the docs names a flag that
  `sheetlab COMMAND --help` lists.
- Swift snippets (```swift): compiled by the DocSnippetTests target, whose
  files (Tests/DocSnippetTests/*.swift, one per doc) this harness writes
  (`--write-swift`) and checks are up to date; a DocC article of the
  SheetLab catalogue implies `import SheetLab`.

The notation for output that varies (in console output and `<--` lines):

- a line that is `...` alone matches any number of lines (none included);
- `...` within a line matches any text on that line;
- `<ROOT>` is the checkout's root, `<TIME>` a duration (`0.45 s`, `12 ms`);
- `[exit N]` as the last output line: the command exits with N.

- REPL transcripts: a block with `<!-- doctest: repl ARGS -->` above it (or
  `<!-- doctest: repl -->` and a first line `$ sheetlab repl ARGS`): its
  `> ` lines (or `[750 ms] > `, a REPL stopped in the past) are piped into
  `sheetlab repl ARGS` and the other lines must be
  what the REPL prints for them; `repl continues` first replays the inputs of
  the `repl` blocks before it in the file (with their ARGS), unseen.

Directives, in an HTML comment on the line before a block's fence:

- `<!-- doctest: skip REASON -->`: not run (a reason is required);
- `<!-- doctest: after SETUP -->`: for a `-->` block, run the named set-up first;
- `<!-- doctest: in DIR -->`: for a Lua scenario, write it to DIR (from the
  root) so its relative paths are DIR's; for a console block, run it in DIR;
- `<!-- doctest: prefix FILE -->`: a Lua scenario runs after FILE's code;
- `<!-- doctest: properties -->`: a Lua block is a `--properties FILE`:
  `sheetlab check --properties FILE --depth 3` must load it and give verdicts;
- `<!-- doctest: fails -->`: a Lua scenario must fail an expectation (a
  counterexample), with no script error;
- `<!-- doctest: context CODE -->`: Swift declarations a snippet needs, put
  before it (`;` separates lines);
- `<!-- doctest: continues -->`: a Swift snippet continues the one before it.

Usage: doctest.py SHEETLAB [--only FILE.md ...] [--files FILE.md ...] [--write-swift]
"""
import argparse
import glob
import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SWIFT_DIR = os.path.join(ROOT, "Tests", "DocSnippetTests")
TIMEOUT = 60

# The set-ups a `-->` block may run first (`<!-- doctest: after NAME -->`):
# requests whose answers are read and not shown; each must succeed.
SEED000_VIEW = {"name": "ContentView", "state": ["selectedItem"], "modifiers": [
    {"kind": "sheet", "item": "selectedItem", "content": {"$lua": "function(c) return 'item ' .. c.item.id end"}}]}
SEED000_TO_500 = [("set", {"app": 1, "slot": "selectedItem", "value": {"id": 0}}), ("advance", {"app": 1, "ms": 500})]
SEED000_TO_750 = SEED000_TO_500 + [
    ("swipe", {"app": 1}), ("advance", {"app": 1, "ms": 100}),
    ("set", {"app": 1, "slot": "selectedItem", "value": {"id": 1}}), ("advance", {"app": 1, "ms": 150})]
APP1 = [("create", {"profile": "iphone15-ios17"})]
APP1_SEED000 = APP1 + [("view", {"app": 1, "view": SEED000_VIEW})]
APP2_SUBSCRIBED = [("create", {"policies": ["examples/policies/queue.lua"], "subscribe": True}),
                   ("view", {"app": 2, "view": SEED000_VIEW})]
SETUPS = {
    # app 1 on iphone15-ios17
    "app1": APP1,
    # app 1 with an inline policy hold.lua
    "app1-hold": APP1 + [("load_policy", {"app": 1, "name": "hold.lua", "source": "return {}"})],
    # app 1 with seed 000's view
    "app1-view": APP1_SEED000,
    # app 1 with seed 000's view, item 0 presented at 500 ms
    "app1-presented": APP1_SEED000 + SEED000_TO_500,
    # app 1 after seed 000's lost reopen, at 750 ms
    "app1-lost-reopen": APP1_SEED000 + SEED000_TO_750,
    # app 1 after seed 000 (750 ms) and app 2 (iphone17-ios26, queue.lua, subscribed) with its view
    "two-apps": APP1_SEED000 + SEED000_TO_750 + APP2_SUBSCRIBED,
    # as two-apps, app 2's sheet presented at 500 ms
    "two-apps-presented": APP1_SEED000 + SEED000_TO_750 + APP2_SUBSCRIBED + [
        ("set", {"app": 2, "slot": "selectedItem", "value": {"id": 0}}), ("advance", {"app": 2, "ms": 500})],
    # as two-apps-presented, app 2's sheet dragged to 300 pt
    "two-apps-dragged": APP1_SEED000 + SEED000_TO_750 + APP2_SUBSCRIBED + [
        ("set", {"app": 2, "slot": "selectedItem", "value": {"id": 0}}), ("advance", {"app": 2, "ms": 500}),
        ("drag", {"app": 2, "height": 300})],
    # an initialized MCP session
    "mcp": [("initialize", {"protocolVersion": "2025-11-25", "capabilities": {},
                            "clientInfo": {"name": "doctest", "version": "1"}})],
}


def shown(path):
    """A path as a failure names it: from the checkout's root when inside it."""
    relative = os.path.relpath(path, ROOT)
    return path if relative.startswith("..") else relative


class Failure(Exception):
    """A mismatch at `where` (FILE:LINE)."""

    def __init__(self, where, message):
        super().__init__(f"{where}: {message}")


# ---------------------------------------------------------------- reading

class Block:
    def __init__(self, path, line, tag, body, directive):
        self.path, self.line, self.tag, self.body, self.directive = path, line, tag, body, directive

    @property
    def where(self):
        return f"{shown(self.path)}:{self.line}"

    def directive_value(self, name):
        """The text after `name` in this block's directives, or None."""
        for d in self.directive:
            if d == name or d.startswith(name + " "):
                return d[len(name):].strip()
        return None


DIRECTIVE = re.compile(r"^\s*<!--\s*doctest:\s*(.*?)\s*-->\s*$")


def blocks(path):
    """The fenced blocks of a Markdown file, with the directives above each."""
    lines = open(path, encoding="utf-8").read().split("\n")
    found, i = [], 0
    while i < len(lines):
        m = re.match(r"^(\s*)```(\S*)\s*$", lines[i])
        if not m:
            i += 1
            continue
        indent, tag, start = len(m.group(1)), m.group(2), i
        directives, j = [], i - 1
        while j >= 0 and DIRECTIVE.match(lines[j]):
            directives.insert(0, DIRECTIVE.match(lines[j]).group(1))
            j -= 1
        i += 1
        body = []
        while i < len(lines) and not re.match(r"^\s*```\s*$", lines[i]):
            body.append(lines[i][indent:] if lines[i][:indent].strip() == "" else lines[i])
            i += 1
        found.append(Block(path, start + 1, tag, body, directives))
        i += 1
    return found


def doc_files():
    files = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    files += [os.path.join(ROOT, "clients", "python", "README.md")]
    files += sorted(glob.glob(os.path.join(ROOT, "Sources", "SheetLab", "SheetLab.docc", "*.md")))
    return files


# ---------------------------------------------------------------- matching

def line_pattern(expected):
    """A regex for one expected line: `...` any text, `<ROOT>`, `<TIME>`."""
    parts = re.split(r"( ?\.\.\. ?|<ROOT>|<TIME>)", expected)
    out = []
    for p in parts:
        if p.strip() == "...":
            out.append(".*?")
        elif p == "<ROOT>":
            out.append(re.escape(ROOT))
        elif p == "<TIME>":
            out.append(r"\d+(?:\.\d+)? ?(?:ms|s)")
        else:
            out.append(re.escape(p))
    return re.compile("^" + "".join(out) + "$", re.S)


def lines_match(expected, actual):
    """Whether the actual lines match the expected ones (`...` lines skip any)."""
    def go(e, a):
        if e == len(expected):
            return a == len(actual)
        if expected[e].strip() == "...":
            return any(go(e + 1, k) for k in range(a, len(actual) + 1))
        return a < len(actual) and line_pattern(expected[e]).match(actual[a]) is not None and go(e + 1, a + 1)
    return go(0, 0)


def first_difference(expected, actual):
    """A short account of where the lines part."""
    for k, e in enumerate(expected):
        if e.strip() == "...":
            return f"expected (with `...` lines):\n{indent(expected)}\nseen:\n{indent(actual)}"
        if k >= len(actual):
            return f"line {k + 1}: expected {e!r}, seen nothing more"
        if not line_pattern(e).match(actual[k]):
            return f"line {k + 1} of the output:\n  expected: {e}\n  seen:     {actual[k]}"
    return f"more output than shown, from line {len(expected) + 1}: {actual[len(expected)]!r}"


def indent(lines):
    return "\n".join("    " + x for x in lines) if lines else "    (nothing)"


def trimmed(text):
    lines = [x.rstrip() for x in text.replace("\r\n", "\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return lines


# ---------------------------------------------------------------- console

class Runner:
    def __init__(self, sheetlab):
        self.sheetlab = os.path.abspath(sheetlab)
        self.tmp = tempfile.mkdtemp(prefix="sheetlab-doctest-")
        self.bin = os.path.join(self.tmp, "bin")
        os.makedirs(self.bin)
        os.symlink(self.sheetlab, os.path.join(self.bin, "sheetlab"))
        self.home = os.path.join(self.tmp, "home")
        os.makedirs(self.home)
        self.env = {**os.environ, "PATH": self.bin + os.pathsep + os.environ.get("PATH", ""), "NO_COLOR": "1",
                    "TERM": "dumb", "HOME": self.home, "COLUMNS": "100"}
        self.env.pop("FORCE_COLOR", None)
        self.env.pop("CLICOLOR_FORCE", None)
        self.help = {}

    def close(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def shell(self, command, cwd=ROOT, stdin=None):
        p = subprocess.run(["bash", "-c", command], cwd=cwd, env=self.env, input=stdin, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=TIMEOUT, text=True)
        return p.returncode, trimmed(p.stdout)


def console_examples(block):
    """(line, command, expected lines, exit status) for each `$ ` command of a transcript block."""
    if not block.body or not block.body[0].startswith("$ "):
        return []
    examples = []
    for k, text in enumerate(block.body):
        if text.startswith("$ "):
            examples.append([block.line + 1 + k, text[2:], [], 0])
        else:
            examples[-1][2].append(text.rstrip())
    for e in examples:
        while e[2] and not e[2][-1]:
            e[2].pop()
        m = re.match(r"^\[exit (\d+)\]$", e[2][-1]) if e[2] else None
        if m:
            e[3] = int(m.group(1))
            e[2].pop()
    return examples


def check_console(runner, block):
    cwd = os.path.join(ROOT, block.directive_value("in") or ".")
    for line, command, expected, status in console_examples(block):
        where = f"{shown(block.path)}:{line}"
        rc, actual = runner.shell(command, cwd=cwd)
        if not lines_match(expected, actual):
            raise Failure(where, f"`{command}`: the output differs; {first_difference(expected, actual)}")
        if rc != status:
            raise Failure(where, f"`{command}` exited {rc}, the example shows {status}"
                          + ("" if status else " (write [exit N] as the last output line)"))


# ---------------------------------------------------------------- REPL

REPL_MARK = "<doctest: the shown inputs start here>"
# `> `, or the prompt of a REPL stopped in the past: `[750 ms] > `.
REPL_PROMPT = re.compile(r"^(?:\[[^\]]*\] )?> ")


def repl_command(block):
    """The ARGS of a first line `$ sheetlab repl ARGS`, or None."""
    m = re.match(r"^\$ sheetlab repl(?: (.*))?$", block.body[0]) if block.body else None
    return (m.group(1) or "") if m else None


def repl_transcript(block):
    """(inputs, expected lines, exit status) of a `doctest: repl` block: each `> ` line
    is an input, the other lines are what the piped REPL prints."""
    inputs, expected = [], []
    for text in block.body[1:] if repl_command(block) else block.body:
        prompt = REPL_PROMPT.match(text)
        if prompt:
            inputs.append(text[prompt.end():])
        else:
            expected.append(text.rstrip())
    while expected and not expected[-1]:
        expected.pop()
    status = 0
    m = re.match(r"^\[exit (\d+)\]$", expected[-1]) if expected else None
    if m:
        status = int(m.group(1))
        expected.pop()
    return inputs, expected, status


def check_repl(runner, block, earlier):
    """Pipes the block's inputs, after those of the `repl` blocks before it in
    the file when it `continues` them, into `sheetlab repl ARGS`, and compares
    what the REPL prints for this block's inputs."""
    args = repl_command(block)
    if args is None:
        args = block.directive_value("repl") or ""
    continues = args.split()[:1] == ["continues"]
    if continues:
        if not earlier:
            raise Failure(block.where, "`doctest: repl continues` with no `doctest: repl` block before it")
        args, before = earlier[-1]["args"], earlier[-1]["inputs"]
    else:
        before = []
    inputs, expected, status = repl_transcript(block)
    if not inputs:
        raise Failure(block.where, "a `doctest: repl` block needs `> ` input lines")
    earlier.append({"args": args, "inputs": before + inputs})
    stdin = "\n".join(before + [f"print({json.dumps(REPL_MARK)})"] + inputs) + "\n"
    cwd = os.path.join(ROOT, block.directive_value("in") or ".")
    rc, lines = runner.shell(f"sheetlab repl {args}", cwd=cwd, stdin=stdin)
    if REPL_MARK not in lines:
        raise Failure(block.where, f"`sheetlab repl {args}` stopped before the shown inputs:\n{indent(lines[-5:])}")
    actual = lines[lines.index(REPL_MARK) + 1:]
    if not lines_match(expected, actual):
        raise Failure(block.where, f"the REPL's output differs; {first_difference(expected, actual)}")
    if rc != status:
        raise Failure(block.where, f"`sheetlab repl {args}` exited {rc}, the example shows {status}"
                                   + ("" if status else " (write [exit N] as the last output line)"))


# ---------------------------------------------------------------- JSON-RPC

def rpc_lines(block):
    """(line, direction, text) for each `-->`/`<--` line of a block."""
    out = []
    for k, text in enumerate(block.body):
        m = re.match(r"^(-->|<--) ?(.*)$", text)
        if m:
            out.append((block.line + 1 + k, m.group(1), m.group(2)))
    return out


def serve_validators():
    try:
        import jsonschema
    except ImportError:
        return None
    with open(os.path.join(ROOT, "docs", "serve.openrpc.json"), encoding="utf-8") as f:
        doc = json.load(f)

    def v(schema):
        return jsonschema.Draft202012Validator({**schema, "components": doc["components"]})
    results = {m["name"]: v(m["result"]["schema"]) for m in doc["methods"]}
    notifications = {n["name"]: v(n["params"]) for n in doc["x-notifications"]}
    return results, v({"$ref": "#/components/schemas/Error"}), notifications


class Server:
    def __init__(self, runner, command):
        self.p = subprocess.Popen([runner.sheetlab, command], cwd=ROOT, env=runner.env, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.buffer = b""

    def send(self, text):
        try:
            self.p.stdin.write(text.encode() + b"\n")
            self.p.stdin.flush()
        except BrokenPipeError:
            pass

    def read(self, timeout):
        """One line of output, or None after `timeout` seconds or at the end."""
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.p.stdout], [], [], left)[0]:
                return None
            chunk = os.read(self.p.stdout.fileno(), 65536)
            if not chunk:
                return None
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode()

    def close(self):
        try:
            self.p.stdin.close()
        except BrokenPipeError:
            pass
        try:
            self.p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()


def check_rpc(runner, block, command, validators):
    pairs = rpc_lines(block)
    if not pairs:
        return
    server = Server(runner, command)
    try:
        setup = block.directive_value("after")
        if setup is not None:
            if setup not in SETUPS:
                raise Failure(block.where, f"unknown set-up '{setup}'; the set-ups: {', '.join(SETUPS)}")
            for n, (method, params) in enumerate(SETUPS[setup]):
                ident = f"setup-{n}"
                server.send(json.dumps({"jsonrpc": "2.0", "id": ident, "method": method, "params": params}))
                while True:
                    line = server.read(TIMEOUT)
                    if line is None:
                        raise Failure(block.where, f"set-up '{setup}': no answer to {method}")
                    message = json.loads(line)
                    if message.get("id") == ident:
                        break
                if "error" in message:
                    raise Failure(block.where, f"set-up '{setup}': {method} failed: {line}")
        methods = {}
        k = 0
        while k < len(pairs):
            line, direction, text = pairs[k]
            where = f"{shown(block.path)}:{line}"
            if direction == "<--":
                raise Failure(where, "a `<--` line with no `-->` before it")
            try:
                sent = json.loads(text)
                for r in sent if isinstance(sent, list) else [sent]:
                    if isinstance(r, dict) and "id" in r:
                        methods[json.dumps(r["id"])] = r.get("method")
            except ValueError:
                pass
            server.send(text)
            k += 1
            while k < len(pairs) and pairs[k][1] == "<--":
                eline, _, expected = pairs[k]
                ewhere = f"{shown(block.path)}:{eline}"
                actual = server.read(TIMEOUT)
                if actual is None:
                    raise Failure(ewhere, f"expected {expected}\n  seen nothing (after {text[:80]})")
                if not line_pattern(expected).match(actual):
                    raise Failure(ewhere, f"the answer differs:\n  expected: {expected}\n  seen:     {actual}")
                if validators and command == "serve":
                    validate(ewhere, actual, methods, validators)
                k += 1
            quiet = 0.3 if k < len(pairs) else 1.0
            extra = server.read(quiet)
            if extra is not None:
                raise Failure(where, f"an answer the example does not show, after this request: {extra}")
    finally:
        server.close()


def validate(where, text, methods, validators):
    results, error, notifications = validators
    message = json.loads(text)
    for m in message if isinstance(message, list) else [message]:
        if "method" in m and "id" not in m:
            v = notifications.get(m["method"])
            problems = list(v.iter_errors(m.get("params"))) if v else []
        elif "error" in m:
            problems = list(error.iter_errors(m["error"]))
        else:
            v = results.get(methods.get(json.dumps(m.get("id"))))
            problems = list(v.iter_errors(m.get("result"))) if v else []
        if problems:
            raise Failure(where, f"docs/serve.openrpc.json rejects this answer: {problems[0].message}")


# ---------------------------------------------------------------- Lua

def is_policy(body):
    code = [x for x in body if x.strip() and not x.strip().startswith("--")]
    return bool(code) and code[0].startswith("return")


def check_lua(runner, block):
    source = "\n".join(block.body) + "\n"
    if block.directive_value("properties") is not None:
        path = os.path.join(runner.tmp, f"properties_{block.line}.lua")
        with open(path, "w", encoding="utf-8") as f:
            f.write(source)
        rc, out = runner.shell(f"sheetlab check --properties {path} --depth 3")
        if rc not in (0, 1, 5):  # a verdict, whichever (stock SwiftUI breaks some)
            raise Failure(block.where, f"the properties fail to load in `sheetlab check --properties` (exit {rc}):\n"
                          f"{indent(out)}")
        return
    if is_policy(block.body):
        path = os.path.join(runner.tmp, f"policy_{block.line}.lua")
        with open(path, "w", encoding="utf-8") as f:
            f.write(source)
        rc, out = runner.shell(f"sheetlab check {path} --depth 3")
        if rc not in (0, 5):  # no violation (5: none in what depth 3 explored)
            raise Failure(block.where, f"the policy fails `sheetlab check --depth 3` (exit {rc}):\n{indent(out)}")
        return
    folder = os.path.join(ROOT, block.directive_value("in") or os.path.relpath(runner.tmp, ROOT))
    prefix = block.directive_value("prefix")
    if prefix:
        folder = os.path.dirname(os.path.join(ROOT, prefix))
        source = open(os.path.join(ROOT, prefix), encoding="utf-8").read() + "\n" + source
    name = os.path.join(folder, f".doctest_{os.path.basename(block.path)}_{block.line}.lua")
    with open(name, "w", encoding="utf-8") as f:
        f.write(source)
    try:
        rc, out = runner.shell(f"sheetlab test --strict --format json {name}")
    finally:
        os.remove(name)
    try:
        result = json.loads(out[-1])
    except (ValueError, IndexError):
        result = {}
    # An example need not check anything: "no expectation was checked" is no failure here.
    problems = [p for p in result.get("problems", []) if p != "no expectation was checked"]
    if block.directive_value("fails") is not None:
        if rc != 1 or not result.get("failures") or result.get("error"):
            shown = [x.replace(name, "the example") for x in out]
            raise Failure(block.where, f"the scenario should fail an expectation, and exits {rc}:\n{indent(shown)}")
    elif rc not in (0, 1) or result.get("failures") or problems or result.get("error"):
        shown = [x.replace(name, "the example") for x in out]
        raise Failure(block.where, f"the scenario fails `sheetlab test --strict` (exit {rc}):\n{indent(shown)}")


# ---------------------------------------------------------------- Python

def check_python(runner, block):
    path = os.path.join(runner.tmp, f"example_{block.line}.py")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(block.body) + "\n")
    env = {**runner.env, "PYTHONPATH": os.path.join(ROOT, "clients", "python", "src")}
    p = subprocess.run([sys.executable, path], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       timeout=TIMEOUT, text=True)
    if p.returncode != 0:
        raise Failure(block.where, f"the Python example exits {p.returncode}:\n{indent(trimmed(p.stdout))}")


# ---------------------------------------------------------------- flags

FLAG_USE = re.compile(r"\bsheetlab ([a-z]+)((?: +(?:[^\s`|;#'\"]+))*)")


def check_flags(runner, path):
    """Every `sheetlab COMMAND ... --flag` written in the file names a flag of that command."""
    failures = []
    for n, text in enumerate(open(path, encoding="utf-8").read().split("\n"), 1):
        spans = re.findall(r"`([^`]*)`", text) if not text.startswith(("    ", "$ ", "sheetlab ", "scripts/")) \
            else [text]
        for span in spans:
            for m in FLAG_USE.finditer(span):
                command, rest = m.group(1), m.group(2)
                flags = re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", rest)
                if not flags:
                    continue
                known = runner.help.get(command)
                if known is None:
                    rc, out = runner.shell(f"sheetlab {command} --help")
                    known = set(re.findall(r"(--[a-z][a-z-]*)", "\n".join(out))) if rc == 0 else set()
                    runner.help[command] = known
                if not known:
                    continue  # not a command (prose such as "sheetlab and ..."): nothing to check
                for flag in flags:
                    if flag not in known and flag != "--help":
                        failures.append(Failure(f"{shown(path)}:{n}",
                                                f"`sheetlab {command}` has no option {flag} (sheetlab {command} --help)"))
    return failures


# ---------------------------------------------------------------- Swift

def swift_sources(files):
    """The DocSnippetTests files, one per doc: each group of its Swift snippets in a function of its own."""
    sources = {}
    for path in files:
        snippets = [b for b in blocks(path) if b.tag == "swift" and b.directive_value("skip") is None]
        groups = []
        for b in snippets:
            if b.directive_value("continues") is not None and groups:
                groups[-1].append(b)
            else:
                groups.append([b])
        # An article of the SheetLab catalogue is read with the library imported.
        imports, functions = ({"SheetLab"} if "SheetLab.docc" in path else set()), []
        for group in groups:
            first = group[0]
            body = []
            for b in group:
                context = b.directive_value("context")
                if context:
                    body += [x.strip() for x in context.split(";")]
                body.append(f"// {b.where}")
                for text in b.body:
                    m = re.match(r"^import (\w+)$", text.strip())
                    if m:
                        imports.add(m.group(1))
                    else:
                        body.append(text)
            functions += ["@available(*, deprecated, message: \"compiled, not run\")",
                          f"private func snippet{first.line}() async throws {{"]
            functions += ["    " + x if x.strip() else "" for x in body]
            functions += ["}", ""]
        if not functions:
            continue
        relative = os.path.relpath(path, ROOT)
        name = re.sub(r"\W", "_", os.path.splitext(relative)[0]) + ".swift"
        out = ["// swift-format-ignore-file",
               f"// Generated by Tests/doc/doctest.py --write-swift from the Swift snippets of {relative};",
               "// do not edit: change the doc, then regenerate. Compiled, never run: it checks that",
               "// each snippet compiles against the library with the imports the doc shows.", ""]
        out += [f"import {m}" for m in sorted(imports)] + [""] + functions
        sources[name] = "\n".join(out).rstrip() + "\n"
    return sources


def swift_files():
    return [f for f in doc_files() if any(b.tag == "swift" for b in blocks(f))]


def swift_out_of_date():
    """The DocSnippetTests files that differ from what the docs give (or should not be there)."""
    expected = swift_sources(swift_files())
    present = {os.path.basename(f) for f in glob.glob(os.path.join(SWIFT_DIR, "*.swift"))}
    stale = []
    for name in sorted(set(expected) | present):
        path = os.path.join(SWIFT_DIR, name)
        current = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if current != expected.get(name):
            stale.append(os.path.relpath(path, ROOT))
    return stale


def write_swift():
    os.makedirs(SWIFT_DIR, exist_ok=True)
    expected = swift_sources(swift_files())
    for f in glob.glob(os.path.join(SWIFT_DIR, "*.swift")):
        if os.path.basename(f) not in expected:
            os.remove(f)
    for name, text in expected.items():
        with open(os.path.join(SWIFT_DIR, name), "w", encoding="utf-8") as f:
            f.write(text)
        print(f"wrote {os.path.relpath(os.path.join(SWIFT_DIR, name), ROOT)}")


# ---------------------------------------------------------------- main

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sheetlab", nargs="?")
    parser.add_argument("--only", nargs="+", help="check only these Markdown files (of the usual ones)")
    parser.add_argument("--files", nargs="+", help="check these Markdown files instead (a -->/<-- block is "
                                                  "served by `serve` unless the file's name contains mcp)")
    parser.add_argument("--write-swift", action="store_true", help="write Tests/DocSnippetTests/*.swift")
    args = parser.parse_args()

    if args.write_swift:
        write_swift()
        return 0
    if not args.sheetlab:
        parser.error("the path of the sheetlab binary is required")

    files = [os.path.abspath(f) for f in args.files] if args.files else doc_files()
    if args.only:
        wanted = {os.path.abspath(f) for f in args.only}
        files = [f for f in files if f in wanted]
    runner = Runner(args.sheetlab)
    validators = serve_validators()
    failures, counts = [], {"console": 0, "repl": 0, "rpc": 0, "lua": 0, "python": 0, "skipped": 0}
    try:
        if not args.files:
            for stale in swift_out_of_date():
                failures.append(Failure(stale, "out of date with the docs' Swift snippets; run "
                                               "Tests/doc/doctest.py --write-swift and build the tests"))
        for path in files:
            failures += check_flags(runner, path)
            repl_blocks = []
            for block in blocks(path):
                if block.directive_value("skip") is not None:
                    if not block.directive_value("skip"):
                        failures.append(Failure(block.where, "`doctest: skip` needs a reason"))
                    counts["skipped"] += 1
                    continue
                try:
                    if block.directive_value("repl") is not None:
                        counts["repl"] += 1
                        check_repl(runner, block, repl_blocks)
                    elif block.tag in ("", "sh", "console", "shell") and console_examples(block):
                        counts["console"] += 1
                        check_console(runner, block)
                    elif rpc_lines(block):
                        counts["rpc"] += 1
                        check_rpc(runner, block, "mcp" if "mcp" in os.path.basename(path) else "serve", validators)
                    elif block.tag == "lua":
                        counts["lua"] += 1
                        check_lua(runner, block)
                    elif block.tag == "python" and path.endswith(os.path.join("clients", "python", "README.md")):
                        counts["python"] += 1
                        check_python(runner, block)
                except Failure as f:
                    failures.append(f)
                except subprocess.TimeoutExpired:
                    failures.append(Failure(block.where, f"no end within {TIMEOUT} s"))
    finally:
        runner.close()
    for f in failures:
        print(f"FAIL {f}\n")
    summary = ", ".join(f"{n} {k}" for k, n in counts.items())
    print(f"doc tests: {summary} examples in {len(files)} files; {len(failures)} failed")
    if validators is None:
        print("note: jsonschema is not installed; serve's answers were not validated against serve.openrpc.json")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
