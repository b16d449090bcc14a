#!/usr/bin/env python3
"""Every example's SVG timeline, as `sheetlab run --timeline svg` writes it,
rendered by a real browser (headless Chromium, Debian's `chromium`) to PNG:
each image is produced at the picture's size and is not blank, and in the
browser's own layout (its fonts) no two labels overlap and none leaves the
canvas; and the rules of issue 30: the parts of a run share one time scale
(each tick time at one x in every panel), every stretch of the axis has its
axis break, and no placement note is cut.

Usage: python3 Tests/e2e/svg_browser_test.py PATH_TO_SHEETLAB [--keep DIR]
  --keep DIR   also keep the SVG and PNG files in DIR
Skips (exit 0, saying so) when no Chromium is installed; scripts/test
installs it first (scripts/bootstrap --browser). Standard library only.
"""
import glob
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time

import chromium

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Every <text> but a warning's number (inside its own triangle): its box in the browser.
BOXES = r"""
(() => {
  const out = [];
  for (const t of document.querySelectorAll('text')) {
    if (t.classList.contains('number')) continue;
    const b = t.getBBox();
    out.push([b.x, b.y, b.width, b.height, t.textContent]);
  }
  return out;
})()
"""


# Issue 30's rules, read from the document the browser laid out.
RULES = r"""
(() => {
  const ticks = {};
  for (const part of document.querySelectorAll('g.part')) {
    for (const line of part.querySelectorAll('.axis line')) {
      const x1 = line.getAttribute('x1'), x2 = line.getAttribute('x2');
      if (x1 !== x2 || line.classList.length) continue;
      (ticks[part.id] = ticks[part.id] || []).push(Number(x1));
    }
  }
  return {
    ticks: Object.values(ticks).map(xs => Array.from(new Set(xs)).sort((a, b) => a - b)),
    stretches: document.querySelectorAll('.bands .stretch').length,
    breaks: document.querySelectorAll('.axis-break').length,
    cut: Array.from(document.querySelectorAll('text.placement')).map(t => t.textContent).filter(t => t.includes('\u2026')),
  };
})()
"""


def rule_problems(rules):
    found = []
    if len(rules["ticks"]) > 1 and any(xs != rules["ticks"][0] for xs in rules["ticks"]):
        found.append("the parts' ticks are not at one x: %s" % rules["ticks"])
    if rules["breaks"] != 4 * rules["stretches"]:
        found.append("%d stretches but %d axis-break strokes (4 each)" % (rules["stretches"], rules["breaks"]))
    if rules["cut"]:
        found.append("a placement note is cut: %s" % rules["cut"])
    return found


def examples():
    files = glob.glob(os.path.join(ROOT, "examples", "**", "*.lua"), recursive=True)
    return sorted(f for f in files if "/policies/" not in f)


def svg_size(path):
    with open(path) as f:
        head = f.read(4000)
    found = re.search(r'<svg[^>]* width="([\d.]+)" height="([\d.]+)"', head)
    return float(found.group(1)), float(found.group(2))


def png_header(path):
    """(width, height) from a PNG file's IHDR chunk; fails if it is not a PNG."""
    with open(path, "rb") as f:
        data = f.read(33)
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise AssertionError("%s is not a PNG" % path)
    return struct.unpack(">II", data[16:24])


def problems_in(boxes, width, height):
    found = []
    for i, (x, y, w, h, text) in enumerate(boxes):
        if x < -0.5 or y < -0.5 or x + w > width + 0.5 or y + h > height + 0.5:
            found.append("outside the %gx%g canvas: %r at (%.1f, %.1f, %.1f x %.1f)" % (width, height, text, x, y, w, h))
        for (x2, y2, w2, h2, text2) in boxes[i + 1:]:
            overlap_x = min(x + w, x2 + w2) - max(x, x2)
            overlap_y = min(y + h, y2 + h2) - max(y, y2)
            if overlap_x > 1 and overlap_y > 1:
                found.append("labels overlap: %r and %r (%.1f x %.1f px)" % (text, text2, overlap_x, overlap_y))
    return found


def main():
    args = sys.argv[1:]
    keep = None
    if "--keep" in args:
        i = args.index("--keep")
        keep = os.path.abspath(args[i + 1])
        del args[i:i + 2]
    if len(args) != 1:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    sheetlab = os.path.abspath(args[0])
    if chromium.find() is None:
        print("SKIP svg_browser_test.py: no Chromium on PATH (scripts/bootstrap --browser installs Debian's "
              "chromium; it could not be installed here)")
        return 0
    folder = keep or tempfile.mkdtemp(prefix="sheetlab-svg-")
    os.makedirs(folder, exist_ok=True)
    failures = []
    started = time.time()
    browser = chromium.Chromium()
    try:
        files = examples()
        for scenario in files:
            name = os.path.splitext(os.path.basename(scenario))[0]
            svg = os.path.join(folder, name + ".svg")
            png = os.path.join(folder, name + ".png")
            run = subprocess.run([sheetlab, "run", os.path.relpath(scenario, ROOT), "--timeline", "svg", "--out", svg],
                                 cwd=ROOT, capture_output=True, text=True, timeout=120)
            if run.returncode != 0:
                failures.append("%s: sheetlab run exited %d: %s" % (name, run.returncode, run.stderr[-500:]))
                continue
            width, height = svg_size(svg)
            browser.open(svg, width, height)
            for problem in problems_in(browser.evaluate(BOXES), width, height):
                failures.append("%s: %s" % (name, problem))
            for problem in rule_problems(browser.evaluate(RULES)):
                failures.append("%s: %s" % (name, problem))
            data = browser.screenshot(png, width, height)
            w, h = png_header(png)
            if abs(w - width) > 1 or abs(h - height) > 1:
                failures.append("%s: the PNG is %dx%d, the picture %gx%g" % (name, w, h, width, height))
            stats = browser.image_stats(data)
            if stats["inked"] < 0.02:
                failures.append("%s: the PNG is blank (%.3f of it drawn)" % (name, stats["inked"]))
    finally:
        browser.close()
        if keep is None:
            shutil.rmtree(folder, ignore_errors=True)
    for failure in failures:
        print("FAIL  " + failure)
    print("rendered %d example timelines with one Chromium in %.1f s%s"
          % (len(files), time.time() - started, " into " + folder if keep else ""))
    print("%d passed, %d failed" % (len(files) - len({f.split(':')[0] for f in failures}), len({f.split(':')[0] for f in failures})))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
