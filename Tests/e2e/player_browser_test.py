#!/usr/bin/env python3
"""The HTML player (`sheetlab run --format html`) in a real browser (headless
Chromium, Debian's `chromium`, offline): for seed 000 stock vs queue, B36 on
iOS 26 and a detent seed it seeks to many times and checks every sheet the
page draws against the engine's frame at that time, worked out here from
`run --format json` (within half a point, in points and at the page's scale);
checks the event list, the expectation marks, the URL fragment, escaping of
hostile names, a 1,000-event run (under 1 MB, open in under a second),
`--watch` reloading the open page, that three parts side by side (and
many profiles, wrapped) fit a 1400 px window, and the pages `test --format
html` (failed files) and `check --trace html` (a counterexample) write,
frame by frame against the engine; saves screenshots.

Usage: python3 Tests/e2e/player_browser_test.py PATH_TO_SHEETLAB [--keep DIR]
  --keep DIR   where the HTML files and screenshots go (default .build/player-screens)
Skips (exit 0, saying so) when no Chromium is installed; scripts/test
installs it first (scripts/bootstrap --browser). Standard library only.
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

import chromium

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WIDTH, HEIGHT = 1400, 1000

# The page's drawn rectangles read back at its scale: each sheet's body box
# in CSS pixels, turned back into points through its device's viewBox.
AT_SCALE = r"""
(() => {
  const out = {};
  for (const f of sheetlab.frames()) {
    const svg = document.querySelector('#column-' + f.column + ' svg.device');
    const vb = svg.viewBox.baseVal, sb = svg.getBoundingClientRect();
    const s = sb.width / vb.width;
    const r = document.getElementById(f.id).querySelector('rect.body').getBoundingClientRect();
    out[f.id] = {scale: s, rect: [(r.left - sb.left) / s + vb.x, (r.top - sb.top) / s + vb.y, r.width / s, r.height / s]};
  }
  return out;
})()
"""


def curve(p):
    """The transition curve docs/player.md gives: a cubic ease-out."""
    p = min(1.0, max(0.0, p))
    return 1 - (1 - p) ** 3


def ends_at(detail):
    m = re.search(r"ends at (\d+) ms", detail)
    return int(m.group(1)) if m else None


class Presentation:
    def __init__(self, e):
        self.presenter = e["presenter"]
        self.start = e["time"]
        self.presented = ends_at(e["detail"])
        self.dismiss_start = None
        self.end = None
        self.animated = True
        self.zoom = e.get("rule") in ("B38", "B39")
        self.fade = e.get("rule") == "B45" or e["detail"].startswith("popover")
        self.frames = [(e["time"], e["frame"])]

    def frame_at(self, t):
        f = self.frames[0][1]
        for at, frame in self.frames:
            if at <= t:
                f = frame
        return f


def presentations(events):
    """The presentations of one part, from its JSON events: the engine's own account."""
    out, current = [], {}
    for e in events:
        p = e.get("presenter")
        if p is None:
            continue
        k = e["kind"]
        if k == "presenting":
            current[p] = Presentation(e)
            out.append(current[p])
            continue
        s = current.get(p)
        if s is None:
            continue
        if k == "dismissing":
            s.dismiss_start = e["time"]
            s.end = ends_at(e["detail"])
            s.animated = "not animated" not in e["detail"]
        elif k in ("dismissed", "removed"):
            s.end = e["time"]
            if s.dismiss_start is None:
                s.dismiss_start = e["time"]
            del current[p]
        else:
            if s.end is not None and e["time"] >= s.end:
                continue
            if k == "presented":
                s.presented = e["time"]
            if "frame" in e:
                s.frames.append((e["time"], e["frame"]))
            elif k in ("drag", "release") and isinstance(e.get("height"), (int, float)):
                last = dict(s.frames[-1][1])
                bottom = last["y"] + last["height"]
                last["height"] = e["height"]
                last["y"] = bottom - e["height"]
                s.frames.append((e["time"], last))
    return out


def expected(pres, t, screen_height):
    """Where the engine puts a presentation at t, moved along its transition by the documented curve."""
    if t < pres.start or (pres.end is not None and t >= pres.end):
        return None
    if t < pres.presented:
        phase = "presenting"
        span = pres.presented - pres.start
        shown = curve((t - pres.start) / span) if span > 0 else 1
        f = pres.frame_at(t)
    elif pres.dismiss_start is not None and t >= pres.dismiss_start:
        phase = "dismissing"
        span = pres.end - pres.dismiss_start
        shown = 1 - curve((t - pres.dismiss_start) / span) if (span > 0 and pres.animated) else 1
        f = pres.frame_at(pres.dismiss_start)
    else:
        phase, shown, f = "presented", 1, pres.frame_at(t)
    x, y, w, h = f["x"], f["y"], f["width"], f["height"]
    if shown < 1 and not pres.fade and not pres.zoom:
        y = f["y"] + (1 - shown) * (screen_height - f["y"])
    return {"phase": phase, "rect": [x, y, w, h], "zoom": pres.zoom and shown < 1, "fade": pres.fade}


class Test:
    def __init__(self, binary, keep):
        self.binary = binary
        self.keep = keep
        self.failures = []
        self.checks = 0
        self.shots = []
        profiles = json.loads(self.sheetlab("profiles", "--format", "json").stdout)
        self.devices = {d["id"]: d for d in profiles["devices"]}

    def sheetlab(self, *args, check_codes=(0, 1)):
        r = subprocess.run([self.binary, *args], capture_output=True, text=True, cwd=ROOT, timeout=120)
        if r.returncode not in check_codes:
            raise AssertionError("sheetlab %s: exit %d\n%s" % (" ".join(args), r.returncode, r.stderr))
        return r

    def expect(self, ok, message):
        self.checks += 1
        if not ok:
            self.failures.append(message)
            print("FAIL: " + message)

    def html(self, scenario, name, *extra):
        out = os.path.join(self.keep, name + ".html")
        self.sheetlab("run", scenario, "--format", "html", "--out", out, *extra)
        return out

    def engine_parts(self, scenario, *extra):
        parts = {}
        for line in self.sheetlab("run", scenario, "--format", "json", *extra).stdout.splitlines():
            e = json.loads(line)
            parts.setdefault(e["part"], []).append(e)
        return parts

    def screen_height(self, profile):
        return self.devices[profile.split("-ios")[0]]["portrait"]["height"]

    def check_frames(self, browser, name, scenario, times, extra=()):
        parts = self.engine_parts(scenario, *extra)
        data = browser.evaluate("sheetlab.data()")
        profiles = {p["part"]: p["profile"]["name"] for p in data["parts"]}
        for part, p in ((p["part"], p["profile"]) for p in data["parts"]):
            device = self.devices[p["name"].split("-ios")[0]]["portrait"]
            self.expect(p["portrait"]["width"] == device["width"] and p["portrait"]["height"] == device["height"]
                        and p["portrait"]["safeTop"] == device["safe_area"]["top"],
                        "%s part %d: the device is drawn at the profile's size" % (name, part))
        compared = 0
        for t in times:
            browser.evaluate("sheetlab.seek(%d)" % t)
            self.expect(browser.evaluate("sheetlab.time()") == min(t, browser.evaluate("sheetlab.duration()")),
                        "%s: seek(%d) moves there" % (name, t))
            drawn = browser.evaluate("sheetlab.frames()")
            scaled = browser.evaluate(AT_SCALE)
            for part, events in parts.items():
                screen = self.screen_height(profiles[part])
                want = [(s, expected(s, t, screen)) for s in presentations(events)]
                want = [(s, w) for s, w in want if w is not None]
                got = [f for f in drawn if f["part"] == part]
                self.expect(len(got) == len(want), "%s part %d at %d ms: %d presentations drawn, the engine has %d"
                            % (name, part, t, len(got), len(want)))
                for (s, w), f in zip(want, got):
                    where = "%s part %d at %d ms, %s" % (name, part, t, s.presenter)
                    self.expect(f["presenter"] == s.presenter, where + ": the presenter")
                    self.expect(f["phase"] == w["phase"], where + ": phase %s, expected %s" % (f["phase"], w["phase"]))
                    if w["zoom"]:
                        continue  # the zoom's source is not the engine's: checked for its end frames only
                    rect = [f["x"], f["y"], f["width"], f["height"]]
                    off = max(abs(a - b) for a, b in zip(rect, w["rect"]))
                    self.expect(off <= 0.5, where + ": drawn %s, engine %s" % (rect, w["rect"]))
                    at = scaled[f["id"]]["rect"]
                    off = max(abs(a - b) for a, b in zip(at, w["rect"]))
                    self.expect(off <= 0.5, where + ": on the page %s, engine %s (scale %.3f)"
                                % ([round(v, 2) for v in at], w["rect"], scaled[f["id"]]["scale"]))
                    compared += 1
        self.expect(compared > 0, name + ": some frames were compared")
        return parts

    def check_list(self, browser, name, parts, expectations):
        rows = browser.evaluate("""Array.from(document.querySelectorAll('#events tbody tr')).map(r =>
            [r.classList.contains('expectation') ? 'expect' : r.dataset.kind, Number(r.dataset.part), Number(r.dataset.time),
             r.className])""")
        events = [r for r in rows if r[0] != "expect"]
        want = [(e["kind"], part, e["time"]) for part in sorted(parts) for e in parts[part]]
        self.expect([tuple(r[:3]) for r in events] == want, name + ": the event list is the engine's timeline, in order")
        marks = browser.evaluate("""Array.from(document.querySelectorAll('#axis .expectation')).map(m =>
            [Number(m.closest('.track').dataset.part), Number(m.dataset.time), m.classList.contains('passed')])""")
        self.expect(sorted(marks) == sorted(expectations),
                    "%s: expectation marks %s, expected %s" % (name, sorted(marks), sorted(expectations)))
        self.expect(len([r for r in rows if r[0] == "expect"]) == len(expectations),
                    name + ": every expectation is in the list")
        # In sync: after a seek the current row of each part is its last event by then.
        t = want[len(want) // 2][2] if want else 0
        browser.evaluate("sheetlab.seek(%d)" % t)
        current = browser.evaluate("""Array.from(document.querySelectorAll('#events tr.current')).map(r =>
            [Number(r.dataset.part), Number(r.dataset.time)])""")
        for part in parts:
            before = [e for e in parts[part] if e["time"] <= t]
            if before:
                self.expect([part, before[-1]["time"]] in current, "%s: part %d's current row at %d ms" % (name, part, t))
        # Clicking an event jumps to it.
        browser.evaluate("document.querySelectorAll('#events tbody tr.event')[%d].click()" % (len(events) - 1))
        self.expect(browser.evaluate("sheetlab.time()") == events[-1][2], name + ": clicking an event seeks to it")
        self.expect(browser.evaluate("document.querySelector('#detail h3').textContent").startswith(
            "%d ms · %s" % (events[-1][2], events[-1][0])), name + ": the detail shows the clicked event")

    def shot(self, browser, name, t):
        browser.evaluate("sheetlab.seek(%d)" % t)
        height = min(browser.evaluate("document.documentElement.scrollHeight"), 2200)
        out = os.path.join(self.keep, "%s_%dms.png" % (name, t))
        self.shots.append((out, browser.screenshot(out, WIDTH, height)))
        print("screenshot", os.path.relpath(out, ROOT))

    def check_shots(self, browser):
        """Each screenshot is not blank: decoded on a blank page (the player's policy forbids fetching data: URLs)."""
        blank = os.path.join(self.keep, "blank.html")
        with open(blank, "w") as f:
            f.write("<!DOCTYPE html><title>blank</title>")
        browser.open(blank, 100, 100)
        for out, data in self.shots:
            stats = browser.image_stats(data)
            self.expect(stats["inked"] > 0.05, "%s: the screenshot is not blank (%.3f inked)" % (out, stats["inked"]))
        os.remove(blank)

    def run(self, browser):
        seed000 = "examples/seeds/seed000_stock_vs_queue.lua"
        path = self.html(seed000, "seed000_stock_vs_queue")
        browser.open(path, WIDTH, HEIGHT)
        times = [0, 100, 250, 499, 500, 600, 700, 749, 750, 900, 1000, 1249, 1250]
        parts = self.check_frames(browser, "seed000", seed000, times)
        self.check_list(browser, "seed000", parts, [[1, 750, True], [1, 750, True], [2, 750, True], [2, 750, True],
                                                    [3, 750, True]])
        headers = browser.evaluate("Array.from(document.querySelectorAll('.column .policies')).map(p => p.textContent)")
        self.expect(headers == ["policies: none (stock SwiftUI)", "policies: queue.lua", "policies: none (stock SwiftUI)"],
                    "seed000: each part names its policies: %s" % headers)
        ticks = browser.evaluate("""Array.from(document.querySelectorAll('#axis .track')).map(g =>
            Array.from(g.querySelectorAll('.event')).filter(e => e.querySelector('title').textContent.startsWith('600 ms'))
            .map(e => e.getAttribute('x1')))""")
        self.expect(all(x == ticks[0][0] for xs in ticks for x in xs) and all(ticks),
                    "seed000: 600 ms is at one x in every part (one time scale): %s" % ticks)
        self.shot(browser, "seed000_stock_vs_queue", 600)
        self.shot(browser, "seed000_stock_vs_queue", 1000)

        b36 = "examples/behaviours/B36_inset_glass_sheets.lua"
        browser.open(self.html(b36, "B36_inset_glass_sheets"), WIDTH, HEIGHT)
        parts = self.check_frames(browser, "B36", b36, [0, 200, 400, 499, 500, 600])
        browser.evaluate("sheetlab.seek(400)")
        inset = [f for f in browser.evaluate("sheetlab.frames()") if f["part"] == 1]
        self.expect(inset and inset[0]["placement"] == "inset" and inset[0]["x"] == 8,
                    "B36: the iOS 26 sheet is inset 8 pt before full height: %s" % inset)
        self.expect(browser.evaluate("document.querySelector('#c1-s1').classList.contains('inset')"),
                    "B36: and drawn as inset glass")
        browser.evaluate("sheetlab.seek(500)")
        edge = [f for f in browser.evaluate("sheetlab.frames()") if f["part"] == 1]
        self.expect(edge and edge[0]["placement"] == "edgeAttached" and edge[0]["y"] == 62,
                    "B36: at large it is edge-attached from the top safe area: %s" % edge)
        self.shot(browser, "B36_inset_glass_sheets", 400)
        self.shot(browser, "B36_inset_glass_sheets", 500)

        drag = "examples/seeds/seed003_drag_settle.lua"
        browser.open(self.html(drag, "seed003_drag_settle"), WIDTH, HEIGHT)
        self.check_frames(browser, "seed003_drag_settle", drag, [0, 120, 250, 499, 500, 700])
        self.shot(browser, "seed003_drag_settle", 250)
        heights = "examples/seeds/seed003_detent_heights.lua"
        browser.open(self.html(heights, "seed003_detent_heights"), WIDTH, HEIGHT)
        self.check_frames(browser, "seed003_detent_heights", heights, [0, 250, 500])
        self.shot(browser, "seed003_detent_heights", 500)

        self.check_columns_fit(browser, path)
        self.check_test_and_check_pages(browser)
        self.check_fragment(browser, path)
        self.check_failed_and_hostile(browser)
        self.check_large(browser)
        self.check_watch(browser)
        self.check_shots(browser)

    COLUMNS = """(() => ({width: document.documentElement.clientWidth, scroll: document.documentElement.scrollWidth,
        columns: Array.from(document.querySelectorAll('.column')).map(c => {
          const r = c.getBoundingClientRect(); return [r.left, r.right, Math.round(r.top)]; })}))()"""

    def check_columns_fit(self, browser, seed000):
        """Three parts side by side at 1400 px are all inside the window (they were cut at the right edge):
        stock vs two parts, and three profiles of very different widths; many profiles wrap onto rows."""
        cases = [("seed000 stock vs queue", seed000, 1),
                 ("three profiles", self.html("examples/seeds/seed000_lost_reopen.lua", "three_profiles", "--profiles",
                                              "iphone17-ios26,ipadpro11-ios26,mac-ios26"), 1),
                 ("every profile", self.html("examples/seeds/seed000_lost_reopen.lua", "every_profile", "--profiles",
                                             "all"), None)]
        for name, path, rows in cases:
            browser.open(path, WIDTH, HEIGHT)
            got = browser.evaluate(self.COLUMNS)
            inside = all(0 <= left and right <= got["width"] for left, right, _ in got["columns"])
            self.expect(inside and got["scroll"] <= got["width"],
                        "%s: every column inside the %d px window: %s (page %d px wide)"
                        % (name, got["width"], [c[:2] for c in got["columns"]], got["scroll"]))
            tops = sorted({top for _, _, top in got["columns"]})
            if rows is not None:
                self.expect(len(tops) == rows, "%s: the columns side by side on %d row(s): %s" % (name, rows, tops))
            else:
                self.expect(len(tops) > 1, "%s: the columns wrap onto more rows: %s" % (name, tops))
        browser.open(cases[1][1], WIDTH, HEIGHT)
        self.shot(browser, "three_profiles", 600)

    def check_test_and_check_pages(self, browser):
        """The one HTML writer for `test --format html` and `check --trace html`: the same player, its sheets at the
        engine's frames, the failures marked."""
        failing = "Tests/e2e/fixtures/failing_expectation.lua"
        page = os.path.join(self.keep, "test_failures.html")
        r = self.sheetlab("test", "--format", "html", failing, "examples/seeds/seed000_lost_reopen.lua")
        with open(page, "w") as f:
            f.write(r.stdout)
        browser.open(page, WIDTH, HEIGHT)
        labels = browser.evaluate("Array.from(document.querySelectorAll('.column .part-title')).map(h => h.textContent)")
        self.expect(labels == [failing], "test --format html: one column, the failed file: %s" % labels)
        self.check_frames(browser, "test --format html", failing, [0, 250, 499, 500])
        failed = browser.evaluate("document.querySelectorAll('#axis .expectation.failed').length")
        self.expect(failed == 1, "test --format html: the failed expectation is marked (%d)" % failed)
        self.shot(browser, "test_failures", 0)

        folder = tempfile.mkdtemp(prefix="sheetlab-player-")
        scenario = os.path.join(folder, "counterexample.lua")
        page = os.path.join(self.keep, "check_counterexample.html")
        self.sheetlab("check", "--invariant", "no-request-lost", "--depth", "6", "--out", scenario,
                      "--trace", "html", "--trace-out", page)
        browser.open(page, WIDTH, HEIGHT)
        self.check_frames(browser, "check --trace html", scenario, [0, 250, 499, 500, 750, 999, 1000])
        marks = browser.evaluate("""Array.from(document.querySelectorAll('#axis .expectation')).map(m =>
            [Number(m.dataset.time), m.classList.contains('failed'), m.querySelector('title').textContent])""")
        self.expect(len(marks) == 1 and marks[0][1] and "no-request-lost broke" in marks[0][2],
                    "check --trace html: the violation is a failed mark where it broke: %s" % marks)
        self.shot(browser, "check_counterexample", 750)
        shutil.rmtree(folder)

    def check_fragment(self, browser, path):
        browser.open(path + "#t=600", WIDTH, HEIGHT)
        self.expect(browser.evaluate("sheetlab.time()") == 600, "#t=600 opens the page at 600 ms")
        browser.evaluate("document.querySelector('#next').click()")
        self.expect(browser.evaluate("sheetlab.time()") == 750, "next event from 600 ms is 750 ms")
        self.expect(browser.evaluate("location.hash") == "#t=750", "the fragment follows the time")
        browser.evaluate("document.querySelector('#prev').click()")
        self.expect(browser.evaluate("sheetlab.time()") == 600, "previous event goes back to 600 ms")
        browser.evaluate("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', shiftKey: true}))")
        self.expect(browser.evaluate("sheetlab.time()") == 700, "shift-right moves 100 ms")
        browser.evaluate("document.dispatchEvent(new KeyboardEvent('keydown', {key: '.'}))")
        self.expect(browser.evaluate("sheetlab.time()") == 750, "'.' is the next event")
        browser.evaluate("sheetlab.seek(0); document.querySelector('#speed').value = '4';"
                         "document.querySelector('#speed').dispatchEvent(new Event('change')); sheetlab.play()")
        time.sleep(0.4)
        playing = browser.evaluate("sheetlab.time()")
        browser.evaluate("sheetlab.pause()")
        self.expect(200 < playing <= 1250, "playing at 4x moves time on (%s ms after 0.4 s)" % playing)

    def check_failed_and_hostile(self, browser):
        folder = tempfile.mkdtemp(prefix="sheetlab-player-")
        scenario = os.path.join(folder, "hostile.lua")
        name = "</script><script>self['pwned'] = 1</script>\u2028<!--"
        with open(scenario, "w") as f:
            f.write("view { name = %s, state = { show = false }, modifiers = { sheet { isPresented = 'show',"
                    " content = 'x' } } }\nset('show', true)\nadvance(300)\nexpect(false, 'a failing one')\n"
                    "advance(300)\nexpect(true, 'a passing one')\n" % ("[==[" + name + "]==]"))
        out = os.path.join(self.keep, "hostile.html")
        r = self.sheetlab("run", scenario, "--format", "html", "--out", out)
        self.expect(r.returncode == 1, "a failed expectation exits 1 with --format html")
        browser.open(out, WIDTH, HEIGHT)
        self.expect(browser.evaluate("typeof window.pwned") == "undefined", "a hostile view name runs no script")
        self.expect(browser.evaluate("typeof window.sheetlab.seek") == "function", "and the player still runs")
        cell = browser.evaluate("document.querySelector('#events tbody tr.event td.where').textContent")
        self.expect(cell == name, "the name is shown as text: %r" % cell)
        marks = browser.evaluate("""Array.from(document.querySelectorAll('#axis .expectation')).map(m =>
            [Number(m.dataset.time), m.classList.contains('failed'), m.querySelector('title').textContent])""")
        self.expect(len(marks) == 2 and marks[0][:2] == [300, True] and "a failing one" in marks[0][2]
                    and marks[1][:2] == [600, False], "the failed and passed expectations are marked: %s" % marks)
        self.shot(browser, "hostile_failed_expectation", 300)
        shutil.rmtree(folder)

    def check_large(self, browser):
        folder = tempfile.mkdtemp(prefix="sheetlab-player-")
        scenario = os.path.join(folder, "busy.lua")
        with open(scenario, "w") as f:
            f.write("""view { name = "ContentView", state = { "selectedItem" }, modifiers = {
  sheet { item = "selectedItem", content = { text = "x", presentationDetents = { "medium", "large" } } } } }
for i = 1, 90 do
  set("selectedItem", { id = i })
  advance(500)
  swipe()
  advance(100)
  set("selectedItem", { id = i + 1000 })
  advance(700)
end
expect(true, "ran")
""")
        out = os.path.join(self.keep, "busy.html")
        self.sheetlab("run", scenario, "--format", "html", "--out", out, "--policy", "examples/policies/queue.lua")
        events = len(self.sheetlab("run", scenario, "--format", "json", "--policy", "examples/policies/queue.lua")
                     .stdout.splitlines())
        size = os.path.getsize(out)
        self.expect(events >= 1000, "the busy run has %d events (at least 1,000)" % events)
        self.expect(size < 1_000_000, "a %d-event run's file is %d bytes, under 1 MB" % (events, size))
        browser.open(out, WIDTH, HEIGHT)
        load = browser.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
        self.expect(load < 1000, "it opens in %.0f ms, under a second" % load)
        self.expect(browser.evaluate("document.querySelectorAll('#events tbody tr.event').length") == events,
                    "every event is listed")
        print("busy run: %d events, %d bytes, loaded in %.0f ms" % (events, size, load))
        shutil.rmtree(folder)

    def check_watch(self, browser):
        folder = tempfile.mkdtemp(prefix="sheetlab-player-")
        scenario = os.path.join(folder, "watched.lua")

        def write(ms):
            with open(scenario, "w") as f:
                f.write("view { name = 'V', state = { show = false }, modifiers = { sheet { isPresented = 'show',"
                        " content = 'x' } } }\nset('show', true)\nadvance(%d)\nexpect(true, 'ok')\n" % ms)
            # Past the file system's timestamp granularity.
            t = time.time() + 2
            os.utime(scenario, (t, t))

        write(400)
        out = os.path.join(folder, "watched.html")
        process = subprocess.Popen([self.binary, "run", scenario, "--format", "html", "--out", out, "--watch"],
                                   cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.time() + 20
            while not os.path.exists(out + ".watch.js") and time.time() < deadline:
                time.sleep(0.1)
            self.expect(os.path.exists(out + ".watch.js"), "--watch writes the generation script beside the page")
            browser.open(out + "#t=300", WIDTH, HEIGHT)
            self.expect(browser.evaluate("sheetlab.duration()") == 500, "the watched page shows the first run")
            write(900)
            deadline = time.time() + 20
            duration = None
            while time.time() < deadline:
                time.sleep(0.3)
                try:
                    duration = browser.evaluate("window.sheetlab && sheetlab.duration()")
                except RuntimeError:
                    continue  # reloading
                if duration == 900:
                    break
            self.expect(duration == 900, "the open page reloaded itself with the new run (%s)" % duration)
            self.expect(browser.evaluate("sheetlab.time()") == 300, "and kept its time through the fragment")
        finally:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            shutil.rmtree(folder)


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__)
        return 2
    binary = os.path.abspath(args[0])
    keep = os.path.join(ROOT, ".build", "player-screens")
    if "--keep" in args:
        keep = os.path.abspath(args[args.index("--keep") + 1])
    os.makedirs(keep, exist_ok=True)
    if not chromium.find():
        print("skipped: no chromium on PATH (scripts/bootstrap --browser installs it)")
        return 0
    test = Test(binary, keep)
    browser = chromium.Chromium()
    try:
        test.run(browser)
    finally:
        browser.close()
    print("%d checks, %d failed; files in %s" % (test.checks, len(test.failures), os.path.relpath(keep, ROOT)))
    return 1 if test.failures else 0


if __name__ == "__main__":
    sys.exit(main())
