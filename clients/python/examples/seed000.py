#!/usr/bin/env python3
"""Seed 000's impatient reopen, driven from Python through `sheetlab serve`.

A user swipes an item sheet down and taps "Open" again while it is still
closing. Stock SwiftUI loses the second tap (B03); the queue policy keeps
it and presents the new item once the sheet has closed. This runs both,
each in its own app, and prints what happened.

Usage: python3 clients/python/examples/seed000.py [PATH_TO_SHEETLAB]
(run from the repository's root; default .build/release/sheetlab)
"""
import os
import sys

from sheetlab import Client, EventNotification

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
VIEW = {
    "name": "ContentView",
    "state": ["selectedItem"],
    "modifiers": [{"kind": "sheet", "item": "selectedItem",
                   "content": {"$lua": "function(c) return 'item ' .. c.item.id end"}}],
}


def reopen(lab: Client, app: int) -> None:
    lab.view(app, VIEW)
    lab.set(app, slot="selectedItem", value={"id": 0})  # tap "Open"
    lab.advance(app, ms=500)                              # presented
    lab.swipe(app)                                        # swipe it down ...
    lab.advance(app, ms=100)
    lab.set(app, slot="selectedItem", value={"id": 1})  # ... and tap "Open" again while it closes
    lab.advance(app, ms=150)


def main() -> None:
    sheetlab = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release", "sheetlab")
    with Client(sheetlab, cwd=ROOT) as lab:
        for label, policies in (("stock", []), ("queue.lua", ["examples/policies/queue.lua"])):
            app = lab.create(policies=policies, subscribe=True)["app"]
            reopen(lab, app)
            kinds = [n.event["kind"] for n in lab.notifications() if isinstance(n, EventNotification)]
            top = lab.top(app)
            shown = f"item {top['item_id']} {top['phase']}" if top else "nothing"
            print(f"{label}: {'request lost (B03)' if 'requestLost' in kinds else 'request kept'}"
                  f"{', queued' if 'queued' in kinds else ''}; at {lab.now(app)} ms the screen shows {shown}")


if __name__ == "__main__":
    main()
