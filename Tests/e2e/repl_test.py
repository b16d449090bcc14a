#!/usr/bin/env python3
"""End-to-end tests of `sheetlab repl`, driven through a pseudo-terminal as a
person would type: tab completion, history, multi-line input, errors,
Ctrl-C in an endless policy hook, :save replayed by `sheetlab run`, the
new-user walk-through that :help gives, and the debugger commands (:break,
:back, :goto, :step, :next, :continue, :where, :live).

Usage: python3 Tests/e2e/repl_test.py PATH_TO_SHEETLAB
Python 3 standard library only. Ends with the line "N passed, N failed".
"""

import fcntl
import os
import pty
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ENDLESS_POLICY = "Tests/e2e/fixtures/endless_request.lua"
BROKEN_POLICY = "Tests/e2e/fixtures/broken_policy.lua"

# Escape sequences a line editor writes: CSI (`ESC [ ... letter`), keypad
# modes, character sets; and carriage returns.
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z@]|\x1b[=>]|\x1b[()][A-Z0-9]|\r")
UP_ARROW = "\x1b[A"
CTRL_C = "\x03"
CTRL_D = "\x04"
CTRL_U = "\x15"

SHEETLAB = None
STATE = None


class Failure(Exception):
    pass


class Terminal:
    """A `sheetlab repl` on the slave side of a pseudo-terminal, 80x40."""

    def __init__(self, *args):
        self.raw = b""
        self.seen = 0  # how much of the cleaned transcript `expect` has consumed
        env = dict(os.environ, TERM="xterm", HOME=STATE, XDG_STATE_HOME=os.path.join(STATE, "xdg"))
        env.pop("NO_COLOR", None)
        pid, fd = pty.fork()
        if pid == 0:
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 80, 0, 0))
                os.chdir(ROOT)
                os.execve(SHEETLAB, [SHEETLAB, "repl"] + list(args), env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd
        self.status = None

    @property
    def text(self):
        return ESCAPES.sub("", self.raw.decode("utf-8", errors="replace"))

    def pump(self, timeout):
        """Reads what the REPL wrote within `timeout` seconds."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            return False
        self.raw += data
        return bool(data)

    def send(self, keys):
        os.write(self.fd, keys.encode())

    def wait_until_reading(self, timeout=10):
        """Waits until the REPL's main thread is blocked reading the terminal
        (Linux: /proc/PID/syscall shows read on fd 0). A Ctrl-C that lands
        after the prompt is drawn but before libedit reads is not an EINTR
        for that read, so tests of Ctrl-C at the prompt wait for this."""
        read_syscalls = {"0", "63"}  # x86_64, aarch64
        deadline = time.time() + timeout
        while time.time() < deadline:
            try:
                with open("/proc/%d/stat" % self.pid) as f:
                    if f.read().rsplit(")", 1)[-1].split()[0] == "Z":
                        return  # it has left already
                with open("/proc/%d/syscall" % self.pid) as f:
                    fields = f.read().split()
            except OSError:
                return  # not Linux, or no permission: carry on without waiting
            if len(fields) > 1 and fields[0] in read_syscalls and int(fields[1], 16) == 0:
                return
            self.pump(0.01)

    def line(self, text):
        """Types a line and waits for the next prompt (`> `, `>> `, or `[750 ms] > ` stopped in the past)."""
        self.send(text + "\n")
        return self.expect(r"\n(?:\[\d+ ms\] )?>>? ")

    def expect(self, pattern, timeout=15):
        """Waits until `pattern` appears after what was matched before; returns the text up to its end."""
        regex = re.compile(pattern)
        deadline = time.time() + timeout
        while True:
            found = regex.search(self.text, self.seen)
            if found:
                before = self.text[self.seen:found.end()]
                self.seen = found.end()
                return before
            if time.time() > deadline:
                raise Failure("timed out waiting for %r; the REPL wrote after the last match:\n%s"
                              % (pattern, self.text[self.seen:][-3000:]))
            self.pump(0.1)

    def quiet_for(self, seconds):
        """Returns what arrives within `seconds` without consuming it."""
        deadline = time.time() + seconds
        while time.time() < deadline:
            self.pump(0.05)
        return self.text[self.seen:]

    def close(self):
        """Leaves with Ctrl-D; returns the exit status."""
        if self.status is None:
            # A Ctrl-D typed while the terminal is still in cooked mode (the
            # prompt drawn, libedit not yet reading) is turned into an empty
            # line by the kernel and lost when libedit goes raw: wait first.
            self.wait_until_reading()
            try:
                self.send(CTRL_D)
            except OSError:
                pass
            deadline = time.time() + 10
            while time.time() < deadline:
                self.pump(0.05)
                pid, status = os.waitpid(self.pid, os.WNOHANG)
                if pid:
                    self.status = os.waitstatus_to_exitcode(status)
                    break
            else:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
                self.status = -9
            os.close(self.fd)
        return self.status

    def __enter__(self):
        self.expect(r"\n> ")  # the banner, then the first prompt
        return self

    def __exit__(self, kind, *exc):
        status = self.close()
        if kind is None:
            check(status == 0, "the REPL leaves on Ctrl-D with exit code 0 (got %s)" % status, self)


def check(condition, message, terminal=None):
    if not condition:
        if terminal is not None:
            message += "\n--- transcript ---\n" + terminal.text[-4000:]
        raise Failure(message)


# MARK: Tests

def test_banner_and_first_command():
    with Terminal() as t:
        check("Try:   set(\"selectedItem\", { id = 0 })" in t.text, "the banner suggests a first command", t)
        out = t.line('set("selectedItem", { id = 0 })')
        check("presenting        ContentView.sheet(item:)  item=0" in out, "the new events are printed", t)


def test_tab_completion_of_globals_fields_and_methods():
    with Terminal() as t:
        # "ti" is also time_passes (the check's property language): Tab goes as far as both agree.
        t.send("#timel\t")
        t.expect(r"timeline\(")
        out = t.line(")")
        check(re.search(r"\n0\n", out), "#timel<Tab>) completed to #timeline() and printed 0", t)

        t.send("profile().max\t")
        t.expect("max_detent_value")
        out = t.line("")
        check("\n812.0\n" in out,  # iphone17-ios26, the default profile
              "profile().max<Tab> completed to max_detent_value", t)

        t.line('set("selectedItem", { id = 0 })')
        t.send("top().p\t")
        listing = t.expect(r"presenter")
        check("phase" in listing, "top().p<Tab> lists phase and presenter", t)
        t.send(CTRL_U)
        t.line("")

        t.line('s = "abc"')
        t.send("s:up\t")
        t.expect(r"s:upper\(")
        out = t.line(")")
        check('"ABC"' in out, "s:up<Tab> completed to s:upper(", t)


def test_history_recalls_with_the_up_arrow_and_persists():
    with Terminal() as t:
        out = t.line("=40 + 2")
        check("\n42\n" in out, "=40 + 2 prints 42", t)
        t.send(UP_ARROW)
        t.expect(r"=40 \+ 2")
        out = t.line("")
        check("\n42\n" in out, "the up arrow recalls =40 + 2", t)
    history = os.path.join(STATE, "xdg", "sheetlab", "history")
    check(os.path.exists(history), "the history file is in $XDG_STATE_HOME/sheetlab/history")
    with Terminal() as t:
        t.send(UP_ARROW)
        t.expect(r"=40 \+ 2")
        out = t.line("")
        check("\n42\n" in out, "a new session recalls the previous one's lines", t)


def test_history_is_plain_text_and_recalls_a_multi_line_block_whole():
    with Terminal() as t:
        t.send("function triple(x)\n")
        t.expect(r"\n>> ")
        t.send("  return 3 * x\n")
        t.expect(r"\n>> ")
        t.line("end")
        t.line("=triple(2)")
    history = os.path.join(STATE, "xdg", "sheetlab", "history")
    with open(history, encoding="utf-8") as f:
        lines = f.read().splitlines()
    check(lines == ["function triple(x) return 3 * x end", "=triple(2)"],
          "the history file is plain text, one input per line: %r" % lines)
    with Terminal() as t:
        t.send(UP_ARROW + UP_ARROW)
        t.expect(r"function triple\(x\) return 3 \* x end")
        t.line("")
        out = t.line("=triple(14)")
        check("\n42\n" in out, "the recalled block defines the function again", t)


def test_habits_from_other_repls_get_a_hint():
    with Terminal() as t:
        out = t.line("?")
        check(":help [NAME]" in out, "? shows :help", t)
        out = t.line("os.exit()")
        check("hint: os.exit is not in the sandbox: :quit or Ctrl-D leaves the REPL" in out, "os.exit gets a hint", t)
        out = t.line("io.write('x')")
        check("hint: io is not in the sandbox" in out, "io gets a hint", t)
        out = t.line("require('x')")
        check("hint: require is not in the sandbox" in out, "require gets a hint", t)
        out = t.line("=20 + 1")
        out = t.line("=_ * 2")
        check("\n42\n" in out, "_ holds the last value", t)


def test_multi_line_input_continues_on_a_second_prompt():
    with Terminal() as t:
        t.send("function double(x)\n")
        t.expect(r"\n>> ")
        t.send("  return 2 * x\n")
        t.expect(r"\n>> ")
        t.line("end")
        out = t.line("double(21)")
        check("\n42\n" in out, "the function defined over three lines works", t)


def test_an_error_prints_file_and_line_and_the_session_goes_on():
    with Terminal() as t:
        out = t.line("nosuch()")
        check("stdin:1: attempt to call a nil value (global 'nosuch')" in out, "the error has file:line", t)
        out = t.line("=1 + 1")
        check("\n2\n" in out, "the session goes on", t)


def test_ctrl_c_stops_an_endless_loop_at_the_prompt():
    with Terminal() as t:
        # It prints before it loops (the echo of the line reads 'loop' .. 'ing'),
        # so Ctrl-C goes once the loop runs, however slow the machine is.
        t.send("print('loop' .. 'ing') while true do end\n")
        t.expect("\nlooping\r?\n")
        later = t.quiet_for(0.7)
        check("\n> " not in later, "the loop runs", t)
        t.send(CTRL_C)
        t.expect("interrupted")
        t.expect(r"\n> ")
        out = t.line("=6 * 7")
        check("\n42\n" in out, "the session goes on after Ctrl-C", t)


def test_ctrl_c_stops_an_endless_loop_in_a_policy_hook():
    with Terminal("--policy", ENDLESS_POLICY, "--budget", "60000", "--script-budget", "60000") as t:
        t.send('set("selectedItem", { id = 0 })\n')
        t.expect("request hook: looping")  # the fixture prints it, then loops
        later = t.quiet_for(1.0)
        check("\n> " not in later, "the request hook loops", t)
        t.send(CTRL_C)
        out = t.expect(r"\n> ")
        # "interrupted", not "budget exceeded": Ctrl-C, not the 60 s budget, stopped the hook.
        check("interrupted" in out, "Ctrl-C interrupts the hook", t)
        check("policyError" in out and "endless_request.lua:" in out, "the timeline says the hook failed", t)
        # Ctrl-C stops the hook and nothing else: the sheet's content is made as usual.
        check("contentError" not in out, "the content did not fail with the hook", t)
        out = t.line("=1 + 1")
        check("\n2\n" in out, "the session goes on", t)
        out = t.line("=top().phase")
        check('"presenting"' in out, "the request fell back to stock: the sheet presents", t)
        out = t.line("=top().text")
        check('"item 0"' in out, "the sheet shows its content", t)


def test_ctrl_c_clears_the_line_and_ctrl_d_leaves():
    t = Terminal()
    t.expect(r"\n> ")
    t.send("view {\n")
    t.expect(r"\n>> ")
    t.wait_until_reading()
    t.send(CTRL_C)
    t.expect(r"\n> ")
    out = t.line("=3")
    check("\n3\n" in out, "Ctrl-C dropped the unfinished input", t)
    check(t.close() == 0, "Ctrl-D leaves with exit code 0", t)


def test_save_replays_to_the_same_timeline():
    folder = tempfile.mkdtemp(prefix="sheetlab-repl-e2e-")
    try:
        with Terminal() as t:
            for line in ['set("selectedItem", { id = 0 })', "advance(500)", "swipe()", "advance(100)",
                         'set("selectedItem", { id = 1 })', "advance(150)", "=top()",
                         ":policy examples/policies/queue.lua", "local late = 2",
                         "function reopen(id) set(\"selectedItem\", { id = id }) end",
                         "reopen(3)", "advance(500)", "swipe()", "advance(100)", "reopen(4)", "advance()",
                         "=top().item_id"]:
                t.line(line)
            out = t.line(":save %s/session.lua" % folder)
            check("saved" in out, ":save says where it saved", t)
            # The policy is outside the saved file's folder: the hint allows its folder.
            replay = re.search(r"replay it with: sheetlab run (\S+( --allow-path \S+)*)", out)
            check(replay and "--allow-path %s/examples/policies" % ROOT in replay.group(1),
                  ":save's hint allows the policy's folder: %r" % out, t)
            t.line(":timeline text %s/repl.txt" % folder)
        run = subprocess.run([SHEETLAB, "run", *replay.group(1).split(), "--timeline", "text"],
                             cwd=ROOT, capture_output=True, text=True, timeout=60)
        check(run.returncode == 0, "sheetlab run replays the saved session:\n" + run.stdout + run.stderr)

        def events(text):
            return [l for l in text.splitlines() if re.match(r"\s*\d+ ms ", l)]
        with open(folder + "/repl.txt") as f:
            session = events(f.read())
        check(len(session) > 10, "the session has a timeline")
        check(events(run.stdout) == session, "the replay gives the same timeline:\nREPL:\n%s\nrun:\n%s"
              % ("\n".join(session), "\n".join(events(run.stdout))))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_new_user_walk_through_from_help():
    with Terminal() as t:
        help_text = t.line(":help")
        lines = help_text.splitlines()
        start = next(i for i, l in enumerate(lines) if "Walk-through" in l)
        steps = []
        for l in lines[start + 1:]:
            if not l.startswith("  "):
                break
            steps.append(l.split("--")[0].strip())
        check(len(steps) == 7 and steps[-1] == "top()", "the walk-through lists seven lines: %r" % steps, t)
        fixes = [l.strip() for l in lines[start:] if l.startswith("  :")]
        check(fixes == [":policy examples/policies/queue.lua", ":reset"], "the fix is two commands: %r" % fixes, t)

        printed = "".join(t.line(step) for step in steps)
        check("requestLost" in printed, "stock SwiftUI loses the reopen", t)
        check(printed.rstrip().endswith("nil\n>") or re.search(r"top\(\)\nnil\n", printed), "top() is nil", t)

        for command in fixes:
            t.line(command)
        printed = "".join(t.line(step) for step in steps[:-1])
        check("queued" in printed, "the queue policy holds the late tap", t)
        check("requestLost" not in printed, "nothing is lost with the policy", t)
        out = t.line("=top().item_id")
        check('"1"' in out, "item 1 opens once the sheet has closed", t)


def test_broken_policy_keeps_the_old_one():
    with Terminal() as t:
        out = t.line(":policy examples/policies/queue.lua")
        check("loaded policy queue.lua" in out, ":policy loads", t)
        out = t.line(":policy " + BROKEN_POLICY)
        check("broken_policy.lua:4:" in out, "the broken file's error has file:line", t)
        check("still loaded: queue.lua" in out, "the old policy stays", t)


def test_show_draws_the_screen_within_80_columns():
    with Terminal("--show") as t:
        out = t.line('set("selectedItem", { id = 0 })')
        picture = [l for l in out.splitlines() if any(c in l for c in "│╭╰")]
        check(len(picture) > 5, "--show draws the screen after the input", t)
        check(all(len(l) <= 80 for l in picture), "the picture fits 80 columns", t)
        svg = os.path.join(STATE, "run.svg")
        out = t.line(":timeline svg " + svg)
        check("wrote the timeline" in out, ":timeline svg writes a file", t)
    with open(svg) as f:
        check("<svg" in f.read(), "the file is an SVG picture")


def test_help_name_prints_only_that_functions_help():
    with Terminal() as t:
        out = t.line(":help set")
        check("set(slot, value)" in out and "Sets state as a button's action does." in out,
              ":help set prints set's signature and documentation", t)
        check("get(" not in out and "Walk-through" not in out and "advance(" not in out,
              ":help set prints only set's help", t)
        out = t.line(":help nosuch")
        check("no help for 'nosuch'" in out, "an unknown name says so", t)


def test_tab_completes_commands_files_and_slot_names():
    with Terminal() as t:
        t.send(":po	")
        t.expect(r":policy ")
        t.send("examples/pol	")
        t.expect(r"examples/policies/")
        t.send("qu	")
        t.expect(r"queue\.lua")
        out = t.line("")
        check("loaded policy queue.lua" in out, ":po<Tab>examples/pol<Tab>qu<Tab> loads queue.lua", t)

        t.send('set("sel	')
        t.expect(r'set\("selectedItem"')
        out = t.line(", { id = 0 })")
        check("presenting        ContentView.sheet(item:)  item=0" in out, "the slot name completed and closed", t)


def test_load_runs_a_scenario_and_a_changed_policy_is_reloaded():
    policy = os.path.join(STATE, "p.lua")
    shutil.copy(os.path.join(ROOT, "examples/policies/queue.lua"), policy)
    with Terminal() as t:
        out = t.line(":load examples/seeds/seed000_lost_reopen.lua")
        check("loaded examples/seeds/seed000_lost_reopen.lua:" in out, ":load runs the scenario", t)
        out = t.line("=top()")
        check("\nnil\n" in out, "its state is the session's: the reopen was lost", t)
        out = t.line(":policy " + policy)
        check("loaded policy p.lua" in out, ":policy loads the copy", t)
        with open(policy, "a") as f:
            f.write("-- edited\n")
        out = t.line("=1")
        check("p.lua changed" in out and "reloaded policy p.lua" in out,
              "the edited policy is reloaded before the next input", t)


def test_piped_input_has_no_prompts_or_escape_codes():
    run = subprocess.run([SHEETLAB, "repl"], input='set("selectedItem", { id = 0 })\nadvance(500)\n=top().phase\n',
                         cwd=ROOT, capture_output=True, text=True, timeout=60, env=dict(os.environ, HOME=STATE))
    check(run.returncode == 0, "a piped session without errors exits 0: " + run.stderr)
    check("\x1b" not in run.stdout + run.stderr, "no escape codes")
    check(not any(l.startswith(">") for l in run.stdout.splitlines()), "no prompts:\n" + run.stdout)
    check(run.stdout.rstrip().endswith('"presented"'), "the expression's value is printed:\n" + run.stdout)
    run = subprocess.run([SHEETLAB, "repl"], input="swipe()\n", cwd=ROOT, capture_output=True, text=True,
                         timeout=60, env=dict(os.environ, HOME=STATE))
    check(run.returncode == 3 and "stdin:1:" in run.stderr, "an error in piped input exits 3: " + run.stderr)
    # An input left open at the end of the pipe is Lua's syntax error, as `lua5.4 -` reports it.
    run = subprocess.run([SHEETLAB, "repl"], input="function f()\n", cwd=ROOT, capture_output=True, text=True,
                         timeout=60, env=dict(os.environ, HOME=STATE))
    check(run.returncode == 3 and "error: stdin:1: 'end' expected near <eof>" in run.stderr,
          "unfinished piped input is an error: rc %d, %s" % (run.returncode, run.stderr))
    # A :save that cannot write reaches the exit status (4, a file error), as every output file does.
    run = subprocess.run([SHEETLAB, "repl"], input="=1\n:save /nonexistent-folder/s.lua\n", cwd=ROOT,
                         capture_output=True, text=True, timeout=60, env=dict(os.environ, HOME=STATE))
    check(run.returncode == 4 and "cannot write /nonexistent-folder/s.lua" in run.stderr,
          ":save's write error exits 4: rc %d, %s" % (run.returncode, run.stderr))


def test_save_replays_the_last_value():
    saved = os.path.join(STATE, "last.lua")
    run = subprocess.run([SHEETLAB, "repl"], input="=20 + 1\nanswer = _ * 2\nexpect(answer == 42)\n:save %s\n" % saved,
                         cwd=ROOT, capture_output=True, text=True, timeout=60, env=dict(os.environ, HOME=STATE))
    check(run.returncode == 0, "the session ran: " + run.stderr)
    replay = subprocess.run([SHEETLAB, "run", saved], cwd=ROOT, capture_output=True, text=True, timeout=60)
    check(replay.returncode == 0, "the saved session replays, _ included: rc %d\n%s%s" % (
        replay.returncode, replay.stdout, replay.stderr))


SEED_000 = ['set("selectedItem", { id = 0 })', "advance(500)", "swipe()", "advance(100)",
            'set("selectedItem", { id = 1 })', "advance(150)"]


def test_debugger_stops_an_input_at_request_lost_and_steps_back():
    with Terminal("--profile", "iphone15-ios17") as t:
        out = t.line(":break requestLost")
        check("breakpoint 1: stops at every requestLost event" in out, ":break sets an event breakpoint", t)
        for step in SEED_000[:-1]:
            t.line(step)
        out = t.line(SEED_000[-1])
        check("writeBack" in out, "the input's events print first", t)
        check("-- the input stopped: breakpoint 1 (requestLost): event 11 at 750 ms" in out,
              "the input stopped at the requestLost", t)
        check(out.endswith("\n[750 ms] > "), "the prompt shows the moment stopped at", t)
        out = t.line('get("selectedItem").id')
        check("\n1\n" in out, "Lua reads the world of that moment: the binding still holds item 1", t)
        out = t.line(":back")
        check("-- Stepped back to event 10 at 750 ms" in out and "dismissed" in out, ":back goes to the event before", t)
        out = t.line(":where")
        check("engine at 750 ms, event 10: dismissed ContentView.sheet(item:)" in out, ":where names the engine frame", t)
        check("input 6: advance(150)" in out, ":where names the input that made the event", t)
        out = t.line(":goto 8")
        check("-- Event 8 at 600 ms" in out and out.endswith("\n[600 ms] > "), ":goto goes to event 8", t)
        out = t.line("top().phase")
        check('"dismissing"' in out, "at 600 ms the first sheet is still closing", t)
        out = t.line(":step")
        check("alreadyPresenting" in out, ":step goes on to the next event", t)
        out = t.line(":continue")
        check("breakpoint 1 (requestLost)" in out, ":continue stops at the breakpoint again", t)
        out = t.line(":continue")
        check("back at the present" in out and out.endswith("\n> "), "then the present", t)
        out = t.line("=now()")
        check("\n750\n" in out, "the live app is where it was", t)


def test_debugger_in_a_policy_hook_reads_ctx():
    with Terminal("--profile", "iphone15-ios17", "--policy", "examples/policies/queue.lua") as t:
        t.send(":br\t")
        t.expect(r":break ")
        t.send("examples/pol\t")
        t.expect(r"examples/policies/")
        out = t.line("queue.lua:22")
        check("breakpoint 1: stops at line 22 of examples/policies/queue.lua" in out,
              ":br<Tab>examples/pol<Tab> completed, and the line breakpoint is set", t)
        for step in SEED_000[:4]:
            out = t.line(step)
        check("stopped" not in out, "the first tap's request hook returns before line 22", t)
        out = t.line(SEED_000[4])
        check("examples/policies/queue.lua:22: if ctx.held > 0 then" in out, "the impatient tap stops in the hook", t)
        out = t.line("ctx.phase")
        check('"dismissing"' in out, "ctx is the context the policy saw", t)
        out = t.line(":next")
        check('queue.lua:25: return "queue"' in out, ":next goes to the hook's next line", t)
        out = t.line(":where")
        check("in the request hook of queue.lua" in out and "input 5:" in out, ":where shows the hook and the input", t)
        out = t.line(":break")
        check("1  examples/policies/queue.lua:22" in out, ":break lists the breakpoints", t)
        out = t.line(":break clear")
        check("cleared every breakpoint" in out, ":break clear clears them", t)
        out = t.line(":live")
        check("back at the present" in out and out.endswith("\n> "), ":live returns to the present", t)


def test_debugger_walk_through_seed_000_loaded():
    with Terminal("--profile", "iphone15-ios17", "--load", "examples/seeds/seed000_lost_reopen.lua") as t:
        t.line(":break requestLost")
        out = t.line(":back break")
        check("breakpoint 1 (requestLost): event 11 at 750 ms" in out, ":back break goes to the loss", t)
        check("seed000_lost_reopen.lua:31: advance(150)" in out, "the loaded file's own line", t)
        out = t.line(":back")
        check("Stepped back to event 10 at 750 ms" in out, ":back, to the dismissal", t)
        out = t.line(":where")
        check("engine at 750 ms, event 10: dismissed" in out, ":where", t)
        out = t.line(":goto 99")
        check("the run has 12 events" in out, "a :goto past the end says how many events there are", t)
        out = t.line(":step nonsense")
        check("takes no argument" in out, "bad arguments say so and the session goes on", t)


def main():
    global SHEETLAB, STATE
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    SHEETLAB = os.path.abspath(sys.argv[1])
    if not os.access(SHEETLAB, os.X_OK):
        print("repl_test.py: no sheetlab binary at %s" % SHEETLAB, file=sys.stderr)
        return 2
    tests = [(name, f) for name, f in globals().items() if name.startswith("test_") and callable(f)]
    passed = failed = 0
    for name, test in tests:
        STATE = tempfile.mkdtemp(prefix="sheetlab-repl-state-")
        started = time.time()
        try:
            test()
            passed += 1
            print("ok    %s (%.1f s)" % (name, time.time() - started))
        except Exception as error:  # a failed check or anything unexpected
            failed += 1
            print("FAIL  %s" % name)
            detail = str(error) if isinstance(error, Failure) else traceback.format_exc()
            print("      " + detail.replace("\n", "\n      "))
        finally:
            shutil.rmtree(STATE, ignore_errors=True)
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
