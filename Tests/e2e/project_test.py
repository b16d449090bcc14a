#!/usr/bin/env python3
"""End-to-end tests of working from any folder: the project file
(.sheetlab.lua), `sheetlab config`, `init`, test selection, CI formats,
colour, one --format spelling, shell completion and the man page.

Each test runs the built binary from a folder other than the checkout's root.

Usage: python3 Tests/e2e/project_test.py PATH_TO_SHEETLAB
"""
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "examples")
SHEETLAB = None


def sheetlab(*args, cwd, env=None, timeout=300, input=""):
    """Runs sheetlab in `cwd`; returns (code, stdout, stderr)."""
    full_env = dict(os.environ)
    for name in ["NO_COLOR", "FORCE_COLOR", "CLICOLOR_FORCE"]:
        full_env.pop(name, None)
    if env:
        full_env.update(env)
    p = subprocess.run([SHEETLAB, *args], cwd=cwd, capture_output=True, text=True, env=full_env,
                       timeout=timeout, input=input)
    return p.returncode, p.stdout, p.stderr


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    return path


SHEET = 'view { name = "ContentView", state = { show = false },\n' \
        '  modifiers = { sheet { isPresented = "show", content = "A" } } }\n' \
        'set("show", true)\nadvance(1000)\n'
PASSING = SHEET + 'expect_eq(top() and top().phase, "presented", "the sheet is up")\n'
FAILING = SHEET + '\nexpect_eq(top() and top().phase, "dismissed", "the sheet is down")\n'


class Scratch(unittest.TestCase):
    """A scratch folder outside the checkout for each test."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="sheetlab-project-")
        self.addCleanup(shutil.rmtree, self.tmp, True)


class NewcomerPaths(Scratch):
    """What a newcomer meets away from a project (the second walk, issue 26)."""

    def test_test_in_an_empty_folder_says_what_it_looked_for(self):
        code, _, err = sheetlab("test", cwd=self.tmp)
        self.assertEqual(code, 2, err)
        self.assertIn("no PATH given, and neither a project", err)
        self.assertIn("sheetlab init", err)
        self.assertNotIn("examples:", err)

    def test_config_of_a_path_where_nothing_is_is_a_usage_error(self):
        code, _, err = sheetlab("config", "nope/", cwd=self.tmp)
        self.assertEqual(code, 2, err)
        self.assertIn("sheetlab config: no such file or folder: nope/", err)

    def test_a_misspelt_content_field_suggests_the_field(self):
        write(os.path.join(self.tmp, "tf.lua"),
              'view { name = "V", state = { show = false }, modifiers = { sheet { isPresented = "show", '
              'content = { text = "x", textFeild = true } } } }\n')
        code, _, err = sheetlab("run", "tf.lua", cwd=self.tmp)
        self.assertEqual(code, 3, err)
        self.assertIn("unknown field 'textFeild' in content; expected one of text,", err)
        self.assertIn("; did you mean textField?)", err)

    def test_init_where_it_cannot_write_gives_the_systems_reason(self):
        code, _, err = sheetlab("init", "/dev/null/x", cwd=self.tmp)
        self.assertEqual(code, 4, err)
        self.assertEqual(err, "sheetlab init: cannot write /dev/null: it is a character device, not a folder\n")


class CheckoutExamplesAreAProject(Scratch):
    def test_run_in_seeds_loads_a_policy_above_it(self):
        seeds = os.path.join(EXAMPLES, "seeds")
        code, out, err = sheetlab("run", "seed000_queue_reopen.lua", cwd=seeds)
        self.assertEqual(code, 0, err)
        self.assertNotIn("cannot load", err)

    def test_test_dot_in_seeds_passes(self):
        code, out, err = sheetlab("test", ".", cwd=os.path.join(EXAMPLES, "seeds"))
        self.assertEqual(code, 0, out + err)
        self.assertRegex(out, r"\d+ passed, 0 failed")

    def test_behaviours_from_another_folder_pass(self):
        code, out, err = sheetlab("test", os.path.join(EXAMPLES, "behaviours"), cwd=self.tmp)
        self.assertEqual(code, 0, out + err)
        self.assertIn("P01_hand_off.lua", out)
        self.assertRegex(out, r"\d+ passed, 0 failed")

    def test_test_alone_in_a_subfolder_runs_the_projects_tests(self):
        code, out, err = sheetlab("test", cwd=os.path.join(EXAMPLES, "seeds"))
        self.assertEqual(code, 0, out + err)
        self.assertIn("behaviours/B05_already_presenting.lua", out)


class ProjectFile(Scratch):
    def make(self, settings):
        write(os.path.join(self.tmp, ".sheetlab.lua"), "return " + settings + "\n")
        write(os.path.join(self.tmp, "shared", "policies", "queue.lua"),
              open(os.path.join(EXAMPLES, "policies", "queue.lua")).read())
        write(os.path.join(self.tmp, "scenarios", "deep", "one.lua"),
              'policy("../../shared/policies/queue.lua")\n' + PASSING)
        write(os.path.join(self.tmp, "scenarios", "two.lua"),
              'expect_eq(state and state.profile or get_profile and get_profile() or "x", "x")\n')

    def test_policy_may_read_anywhere_in_the_project(self):
        self.make('{ test = { "scenarios/deep" } }')
        deep = os.path.join(self.tmp, "scenarios", "deep")
        code, out, err = sheetlab("run", "one.lua", cwd=deep)
        self.assertEqual(code, 0, err)
        code, out, err = sheetlab("test", cwd=deep)
        self.assertEqual(code, 0, out + err)
        self.assertIn("1 passed, 0 failed", out)

    def test_outside_a_project_the_rule_stays(self):
        write(os.path.join(self.tmp, "p", "queue.lua"), open(os.path.join(EXAMPLES, "policies", "queue.lua")).read())
        write(os.path.join(self.tmp, "s", "one.lua"), 'policy("../p/queue.lua")\n' + PASSING)
        code, out, err = sheetlab("run", "one.lua", cwd=os.path.join(self.tmp, "s"))
        self.assertEqual(code, 3, err)
        self.assertIn("cannot load ../p/queue.lua", err)

    def test_settings_reach_every_run_and_flags_win(self):
        write(os.path.join(self.tmp, ".sheetlab.lua"), 'return { profile = "iphonese-ios16", strict = true,'
              ' limits = { budget_ms = 250 }, color = "never", format = "json", test = { "t" } }\n')
        write(os.path.join(self.tmp, "t", "a.lua"), PASSING)
        code, out, err = sheetlab("config", cwd=os.path.join(self.tmp, "t"))
        self.assertEqual(code, 0, err)
        rows = {line.split()[0]: line for line in out.splitlines()}
        self.assertIn("iphonese-ios16  (project file)", rows["profile"])
        self.assertIn("true  (project file)", rows["strict"])
        self.assertIn("250  (project file)", rows["limits.budget_ms"])
        self.assertIn("json  (project file)", rows["format"])
        self.assertIn("10000  (default)", rows["limits.script_budget_ms"])
        code, out, err = sheetlab("config", "--profile", "iphone15-ios17", "--budget", "300", "--no-strict",
                                  cwd=self.tmp)
        rows = {line.split()[0]: line for line in out.splitlines()}
        self.assertIn("iphone15-ios17  (flag --profile)", rows["profile"])
        self.assertIn("300  (flag --budget)", rows["limits.budget_ms"])
        self.assertIn("false  (flag --no-strict)", rows["strict"])
        # The report format and the profile reach `test`: JSON lines, the project's profile.
        code, out, err = sheetlab("test", cwd=self.tmp)
        self.assertEqual(code, 0, out + err)
        first = json.loads(out.splitlines()[0])
        self.assertEqual(first["status"], "passed")
        code, out, err = sheetlab("run", "t/a.lua", cwd=self.tmp)
        self.assertIn("iphonese-ios16", out)
        code, out, err = sheetlab("run", "t/a.lua", "--profile", "iphone15-ios17", cwd=self.tmp)
        self.assertIn("iphone15-ios17", out)

    def test_policies_for_every_run(self):
        write(os.path.join(self.tmp, ".sheetlab.lua"),
              'return { policies = { "pol/mark.lua" } }\n')
        write(os.path.join(self.tmp, "pol", "mark.lua"),
              'return { request = function(ctx) return "drop" end }\n')
        write(os.path.join(self.tmp, "a.lua"), PASSING)
        code, out, err = sheetlab("run", "a.lua", cwd=self.tmp)
        self.assertEqual(code, 1, out + err)  # the policy drops the request: no sheet
        code, out, err = sheetlab("run", "a.lua", "--policy", os.path.join(EXAMPLES, "policies", "queue.lua"),
                                  cwd=self.tmp)
        self.assertEqual(code, 0, out + err)

    def test_a_wrong_project_file_is_named(self):
        write(os.path.join(self.tmp, ".sheetlab.lua"), 'return { profil = "iphone15-ios17" }\n')
        code, out, err = sheetlab("config", cwd=self.tmp)
        self.assertEqual(code, 2)
        self.assertIn(".sheetlab.lua: unknown setting 'profil'", err)
        self.assertIn("did you mean profile?", err)
        write(os.path.join(self.tmp, ".sheetlab.lua"), 'return { limits = { budget_ms = 0 } }\n')
        code, out, err = sheetlab("run", "x.lua", cwd=self.tmp)
        self.assertEqual(code, 2)
        self.assertIn("'limits.budget_ms' must be a whole number from 1", err)
        write(os.path.join(self.tmp, ".sheetlab.lua"), 'return { test = io.open("/etc/passwd") }\n')
        code, out, err = sheetlab("test", cwd=self.tmp)
        self.assertEqual(code, 2)
        self.assertIn(".sheetlab.lua:1:", err)  # read in the sandbox: no io

    def test_serve_reads_policies_from_the_project(self):
        self.make("{}")
        deep = os.path.join(self.tmp, "scenarios", "deep")
        request = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "create",
                              "params": {"policies": ["../../shared/policies/queue.lua"]}})
        code, out, err = sheetlab("serve", cwd=deep, input=request + "\n")
        self.assertEqual(code, 0, err)
        answer = json.loads(out.splitlines()[0])
        self.assertIn("result", answer, answer)
        # Outside the project the same request is refused.
        other = tempfile.mkdtemp(prefix="sheetlab-noproject-")
        self.addCleanup(shutil.rmtree, other, True)
        os.makedirs(os.path.join(other, "a", "b"))
        shutil.copytree(os.path.join(self.tmp, "shared"), os.path.join(other, "shared"))
        code, out, err = sheetlab("serve", cwd=os.path.join(other, "a", "b"), input=request + "\n")
        self.assertIn("error", json.loads(out.splitlines()[0]))


class Init(Scratch):
    def test_init_makes_a_project_that_passes_at_once(self):
        code, out, err = sheetlab("init", "fresh", cwd=self.tmp)
        self.assertEqual(code, 0, err)
        fresh = os.path.join(self.tmp, "fresh")
        for name in [".sheetlab.lua", "scenarios/reopen.lua", "scenarios/reopen.timeline", "policies/queue.lua",
                     ".gitignore"]:
            self.assertTrue(os.path.isfile(os.path.join(fresh, name)), name)
        self.assertIn(".sheetlab/", open(os.path.join(fresh, ".gitignore")).read())
        code, out, err = sheetlab("test", "--strict", cwd=os.path.join(fresh, "scenarios"))
        self.assertEqual(code, 0, out + err)
        self.assertIn("timeline matches", out)
        self.assertIn("1 passed, 0 failed", out)
        # A second init there refuses, and overwrites nothing.
        code, out, err = sheetlab("init", "fresh", cwd=self.tmp)
        self.assertEqual(code, 2)
        self.assertIn("already there", err)


class Selection(Scratch):
    def make(self):
        write(os.path.join(self.tmp, ".sheetlab.lua"), 'return { test = { "s" } }\n')
        write(os.path.join(self.tmp, "s", "a_pass.lua"), PASSING)
        write(os.path.join(self.tmp, "s", "b_fail.lua"), FAILING)
        write(os.path.join(self.tmp, "s", "c_pass.lua"), PASSING)
        write(os.path.join(self.tmp, "s", "d_fail.lua"), FAILING)

    def test_filter_by_path_or_glob(self):
        self.make()
        code, out, err = sheetlab("test", "--filter", "a_pass", cwd=self.tmp)
        self.assertEqual(code, 0, out + err)
        self.assertIn("1 passed, 0 failed", out)
        code, out, err = sheetlab("test", "-k", "*_pass.lua", cwd=self.tmp)
        self.assertEqual(code, 0, out + err)
        self.assertIn("2 passed, 0 failed", out)
        code, out, err = sheetlab("test", "--filter", "nothing", cwd=self.tmp)
        self.assertEqual(code, 2)
        self.assertIn("matches --filter nothing", err)

    def test_fail_fast_stops_at_the_first_failure(self):
        self.make()
        code, out, err = sheetlab("test", "--fail-fast", cwd=self.tmp)
        self.assertEqual(code, 1)
        self.assertIn("b_fail.lua", out)
        self.assertNotIn("c_pass.lua", out)
        self.assertIn("1 passed, 1 failed", out)
        self.assertIn("2 not run", err)

    def test_last_failed_reruns_the_failures_of_the_project(self):
        self.make()
        code, out, err = sheetlab("test", cwd=self.tmp)
        self.assertEqual(code, 1)
        self.assertTrue(os.path.isfile(os.path.join(self.tmp, ".sheetlab", "last-failed")))
        code, out, err = sheetlab("test", "--last-failed", cwd=os.path.join(self.tmp, "s"))
        self.assertEqual(code, 1)
        self.assertIn("b_fail.lua", out)
        self.assertIn("d_fail.lua", out)
        self.assertNotIn("a_pass.lua", out)
        self.assertIn("0 passed, 2 failed", out)
        # Fixed: d passes now; a run of d alone forgets it, and b is still remembered.
        write(os.path.join(self.tmp, "s", "d_fail.lua"), PASSING)
        sheetlab("test", "--filter", "d_fail", cwd=self.tmp)
        code, out, err = sheetlab("test", "--last-failed", cwd=self.tmp)
        self.assertIn("0 passed, 1 failed", out)
        write(os.path.join(self.tmp, "s", "b_fail.lua"), PASSING)
        sheetlab("test", cwd=self.tmp)
        code, out, err = sheetlab("test", "--last-failed", cwd=self.tmp)
        self.assertEqual(code, 0)
        self.assertIn("no failures remembered", err)
        self.assertIn("4 passed, 0 failed", out)

    def test_last_failed_needs_a_project(self):
        write(os.path.join(self.tmp, "a.lua"), PASSING)
        code, out, err = sheetlab("test", ".", "--last-failed", cwd=self.tmp)
        self.assertEqual(code, 2)
        self.assertIn("sheetlab init", err)

    def test_the_checkouts_gitignore_covers_the_remembered_failures(self):
        self.assertIn(".sheetlab/", open(os.path.join(ROOT, ".gitignore")).read().split())


class DidYouMean(Scratch):
    def test_hooks_profiles_options_slots_commands(self):
        write(os.path.join(self.tmp, "typo_policy.lua"), 'return {\n  requets = function(ctx) end,\n}\n')
        write(os.path.join(self.tmp, "hook.lua"), 'policy("typo_policy.lua")\n')
        code, out, err = sheetlab("run", "hook.lua", cwd=self.tmp)
        self.assertEqual(code, 3)
        self.assertIn("typo_policy.lua:2: unknown hook 'requets'", err)
        self.assertIn("did you mean request?", err)
        write(os.path.join(self.tmp, "slot.lua"),
              'view { name = "ContentView", state = { selectedItem = false } }\nset("selectedItm", true)\n')
        code, out, err = sheetlab("run", "slot.lua", cwd=self.tmp)
        self.assertEqual(code, 3)
        self.assertIn("did you mean selectedItem?", err)
        write(os.path.join(self.tmp, "prof.lua"), 'profile("iphone15")\n')
        code, out, err = sheetlab("run", "prof.lua", cwd=self.tmp)
        self.assertIn("unknown profile 'iphone15'; did you mean iphone15-ios14.4,", err)
        code, out, err = sheetlab("run", "slot.lua", "--profile", "iphon15-ios17", cwd=self.tmp)
        self.assertEqual(code, 2)
        self.assertIn("did you mean iphone15-ios17?", err)
        code, out, err = sheetlab("test", "--stric", cwd=self.tmp)
        self.assertEqual(code, 2)
        self.assertIn("did you mean --strict?", err)
        code, out, err = sheetlab("tset", cwd=self.tmp)
        self.assertEqual(code, 2)
        self.assertIn("did you mean test?", err)


class Demo(Scratch):
    def test_the_closing_hint_names_files_that_exist(self):
        code, out, err = sheetlab("demo", cwd=self.tmp)
        self.assertEqual(code, 0, err)
        # The same run from any folder: the built-in queue.lua, never a native stand-in.
        _, here, _ = sheetlab("demo", cwd=ROOT)
        self.assertEqual(out.strip().splitlines()[:-1], here.strip().splitlines()[:-1])
        self.assertIn("[queue.lua]  -> queue", out)
        hint = out.strip().splitlines()[-1]
        paths = [w for w in hint.split() if w.endswith(".lua")]
        self.assertTrue(paths, hint)
        for p in paths:
            self.assertTrue(os.path.isfile(p), hint)
        # A binary outside any checkout says how to get a project.
        lone = os.path.join(self.tmp, "bin", "sheetlab")
        os.makedirs(os.path.dirname(lone))
        shutil.copy(SHEETLAB, lone)
        p = subprocess.run([lone, "demo"], cwd=self.tmp, capture_output=True, text=True, timeout=120)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("sheetlab init", p.stdout.strip().splitlines()[-1])


class CIFormats(Scratch):
    def make(self):
        write(os.path.join(self.tmp, "ci", "ok.lua"), PASSING)
        write(os.path.join(self.tmp, "ci", "bad.lua"), FAILING)  # fails on line 6
        write(os.path.join(self.tmp, "ci", "broken.lua"), "\n\nlocal x = nil + 1\n")

    def test_junit_has_line_timestamp_hostname(self):
        self.make()
        code, out, err = sheetlab("test", "ci", "--format", "junit", cwd=self.tmp)
        self.assertEqual(code, 3, err)
        root = ET.fromstring(out)
        suite = root.find("testsuite")
        self.assertRegex(suite.get("timestamp"), r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$")
        self.assertEqual(suite.get("hostname"), socket.gethostname())
        cases = {c.get("name"): c for c in suite.findall("testcase")}
        self.assertEqual(cases["bad.lua"].get("line"), "6")
        self.assertEqual(cases["broken.lua"].get("line"), "3")
        self.assertIsNone(cases["ok.lua"].get("line"))

    def test_github_annotations_then_the_summary(self):
        self.make()
        code, out, err = sheetlab("test", "ci", "--format", "github", cwd=self.tmp)
        self.assertEqual(code, 3)
        lines = out.splitlines()
        bad = [l for l in lines if l.startswith("::error file=ci/bad.lua,line=6,")]
        self.assertEqual(len(bad), 1, out)
        self.assertIn("::the sheet is down%0Aexpected: ", bad[0])
        self.assertTrue(any(l.startswith("::error file=ci/broken.lua,line=3,") for l in lines), out)
        self.assertIn("FAIL ci/bad.lua", out)
        self.assertEqual(lines[-1], "1 passed, 2 failed")

    def test_json_failures_carry_file_and_line(self):
        self.make()
        code, out, err = sheetlab("test", "ci/bad.lua", "--format", "json", cwd=self.tmp)
        failure = json.loads(out.splitlines()[0])["failures"][0]
        self.assertEqual((failure["file"], failure["line"], failure["location"]), ("ci/bad.lua", 6, "ci/bad.lua:6"))


class Colour(Scratch):
    ESC = "\x1b["

    def on_a_terminal(self, *args, env=None):
        """Runs sheetlab with standard output on a pseudo-terminal; returns what it wrote."""
        import pty
        main, child = pty.openpty()
        full_env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "CLICOLOR_FORCE")}
        full_env["TERM"] = "xterm"
        full_env.update(env or {})
        p = subprocess.Popen([SHEETLAB, *args], cwd=self.tmp, stdout=child, stderr=subprocess.DEVNULL,
                             stdin=subprocess.DEVNULL, env=full_env)
        os.close(child)
        chunks = []
        while True:
            try:
                data = os.read(main, 65536)
            except OSError:
                break
            if not data:
                break
            chunks.append(data)
        p.wait(timeout=120)
        os.close(main)
        return b"".join(chunks).decode("utf-8", "replace")

    def test_flag_and_environment(self):
        write(os.path.join(self.tmp, "a.lua"), PASSING)
        run = lambda *a, env=None: sheetlab("test", "a.lua", *a, cwd=self.tmp, env=env)[1]
        self.assertNotIn(self.ESC, run())                                   # not a terminal
        self.assertIn(self.ESC, run("--color", "always"))
        self.assertIn(self.ESC, run(env={"FORCE_COLOR": "1"}))
        self.assertIn(self.ESC, run(env={"CLICOLOR_FORCE": "1"}))
        self.assertNotIn(self.ESC, run(env={"FORCE_COLOR": "0"}))
        self.assertNotIn(self.ESC, run("--color", "never", env={"FORCE_COLOR": "1"}))
        self.assertNotIn(self.ESC, run(env={"FORCE_COLOR": "1", "NO_COLOR": "1"}))
        self.assertIn(self.ESC, run("--color", "always", env={"NO_COLOR": "1"}))
        code, out, err = sheetlab("test", "a.lua", "--color", "sometimes", cwd=self.tmp)
        self.assertEqual(code, 2)
        self.assertIn("--color expects auto, always or never", err)
        # The project file's colour, and the flag over it.
        write(os.path.join(self.tmp, ".sheetlab.lua"), 'return { color = "always" }\n')
        self.assertIn(self.ESC, run())
        self.assertNotIn(self.ESC, run("--color", "never"))

    def test_a_terminal_is_coloured_unless_term_is_dumb_or_no_color(self):
        write(os.path.join(self.tmp, "a.lua"), PASSING)
        self.assertIn(self.ESC, self.on_a_terminal("test", "a.lua"))
        self.assertNotIn(self.ESC, self.on_a_terminal("test", "a.lua", env={"TERM": "dumb"}))
        self.assertNotIn(self.ESC, self.on_a_terminal("test", "a.lua", env={"NO_COLOR": "1"}))
        self.assertIn(self.ESC, self.on_a_terminal("test", "a.lua", env={"TERM": "dumb", "FORCE_COLOR": "1"}))


class OneFormatSpelling(Scratch):
    def test_format_on_run_test_check_profiles_and_the_old_spellings(self):
        write(os.path.join(self.tmp, "a.lua"), PASSING)
        queue = os.path.join(EXAMPLES, "policies", "queue.lua")
        pairs = [
            (["run", "a.lua", "--format", "json"], ["run", "a.lua", "--timeline", "json"]),
            (["run", "a.lua", "--profiles", "iphone15-ios17,iphone17-ios26", "--format", "json"],
             ["run", "a.lua", "--profiles", "iphone15-ios17,iphone17-ios26", "--json"]),
            (["check", queue, "--depth", "3", "--format", "json"], ["check", queue, "--depth", "3", "--coverage", "json"]),
            (["profiles", "--format", "json"], ["profiles", "--json"]),
            (["profiles", "--rules", "--format", "json"], ["profiles", "--rules", "--json"]),
        ]
        for new, old in pairs:
            c1, o1, e1 = sheetlab(*new, cwd=self.tmp)
            c2, o2, e2 = sheetlab(*old, cwd=self.tmp)
            self.assertEqual(c1, 0, e1)
            self.assertEqual(c2, 0, e2)
            # The same machine output (check's summary line above it has timings).
            last = lambda text: json.loads(text.strip().splitlines()[-1])
            self.assertEqual(last(o1), last(o2), new)
        code, out, err = sheetlab("test", "a.lua", "--format", "json", cwd=self.tmp)
        self.assertEqual(json.loads(out)["status"], "passed")
        code, out, err = sheetlab("run", "a.lua", "--format", "svg", cwd=self.tmp)
        ET.fromstring(out)
        code, out, err = sheetlab("run", "a.lua", "--format", "json", "--timeline", "svg", cwd=self.tmp)
        self.assertEqual(code, 2)
        self.assertIn("disagree", err)
        code, out, err = sheetlab("profiles", "--format", "jsn", cwd=self.tmp)
        self.assertEqual(code, 2)
        self.assertIn("did you mean json?", err)


class CompletionAndManual(Scratch):
    def complete(self, *words):
        """What bash's completion function offers for the command line `words` (the last one being typed)."""
        script = os.path.join(self.tmp, "sheetlab.bash")
        code, out, err = sheetlab("completions", "bash", cwd=self.tmp)
        self.assertEqual(code, 0, err)
        write(script, out)
        array = " ".join("'" + w + "'" for w in ("sheetlab",) + words)
        program = (f"source {script}; COMP_WORDS=({array}); COMP_CWORD={len(words)}; _sheetlab; "
                   'printf "%s\\n" "${COMPREPLY[@]}"')
        p = subprocess.run(["bash", "-c", program], cwd=self.tmp, capture_output=True, text=True, timeout=60)
        self.assertEqual(p.returncode, 0, p.stderr)
        return p.stdout.split()

    def test_bash_completes_commands_options_and_values(self):
        self.assertEqual(self.complete("te"), ["test"])
        self.assertIn("completions", self.complete("c"))
        self.assertEqual(self.complete("test", "--fail"), ["--fail-fast"])
        self.assertIn("--last-failed", self.complete("test", "--"))
        self.assertEqual(self.complete("test", "--format", "g"), ["github"])
        self.assertIn("iphonese-ios16", self.complete("run", "x.lua", "--profile", "iphonese"))
        self.assertEqual(self.complete("run", "--color", "ne"), ["never"])
        write(os.path.join(self.tmp, "scenario_one.lua"), PASSING)
        self.assertEqual(self.complete("run", "scenario_o"), ["scenario_one.lua"])
        self.assertEqual(self.complete("completions", "z"), ["zsh"])

    def test_every_option_of_the_table_is_in_each_script(self):
        code, help_text, _ = sheetlab("check", "--help", cwd=self.tmp)
        for shell in ["bash", "zsh", "fish"]:
            code, out, err = sheetlab("completions", shell, cwd=self.tmp)
            self.assertEqual(code, 0, err)
            for option in ["--time-limit", "--symmetry", "--fail-fast", "--last-failed", "--color"]:
                self.assertIn(option.lstrip("-") if shell == "fish" else option, out, shell)
            checker = {"zsh": ["zsh", "-n"], "fish": ["fish", "--no-execute"], "bash": ["bash", "-n"]}[shell]
            if shutil.which(checker[0]):
                path = write(os.path.join(self.tmp, "completion." + shell), out)
                p = subprocess.run(checker + [path], capture_output=True, text=True, timeout=60)
                self.assertEqual(p.returncode, 0, shell + ": " + p.stderr)
        code, out, err = sheetlab("completions", "bahs", cwd=self.tmp)
        self.assertEqual(code, 2)
        self.assertIn("did you mean bash?", err)

    def test_the_manual_renders_with_man(self):
        if not shutil.which("man"):
            self.skipTest("man is not installed (scripts/bootstrap installs man-db)")
        code, out, err = sheetlab("manual", cwd=self.tmp)
        self.assertEqual(code, 0, err)
        page = write(os.path.join(self.tmp, "sheetlab.1"), out)
        if shutil.which("groff"):
            p = subprocess.run(["groff", "-ww", "-z", "-man", page], capture_output=True, text=True, timeout=60)
            self.assertEqual(p.stderr, "", "groff warnings")
        env = dict(os.environ, MANWIDTH="100", MAN_KEEP_FORMATTING="0")
        p = subprocess.run(["man", "-l", page], capture_output=True, text=True, timeout=60, env=env)
        self.assertEqual(p.returncode, 0, p.stderr)
        text = subprocess.run(["col", "-b"], input=p.stdout, capture_output=True, text=True).stdout \
            if shutil.which("col") else p.stdout
        self.assertIn("SHEETLAB(1)", text)
        self.assertIn("sheetlab test", text)
        self.assertIn("--fail-fast", text)
        self.assertIn(".sheetlab.lua", text)
        self.assertIn("NO_COLOR", text)
        # Every command of the table has its section.
        code, top, _ = sheetlab("--help", cwd=self.tmp)
        commands = [l.split()[0] for l in top.split("Commands:")[1].split("\n\n")[0].strip().splitlines()]
        for command in commands:
            self.assertIn("sheetlab " + command, text)


def main():
    global SHEETLAB
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(2)
    SHEETLAB = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)


if __name__ == "__main__":
    main()
