#!/usr/bin/env python3
"""Seed 000's impatient reopen, driven from Python through `sheetlab serve`.

A user swipes an item sheet down and taps "Open" again while it is still
closing. Stock SwiftUI loses the second tap (B03); the queue policy keeps
it and presents the new item once the sheet has closed. This runs both,
each in its own app, and prints what happened.

Usage: python3 clients/python/examples/seed000.py [PATH_TO_SHEETLAB]
(default: $SHEETLAB, else the checkout's .build/release/sheetlab when it is
built, else `sheetlab` on PATH, as Client() finds it)
"""
import os
import sys

from sheetlab import Client, EventNotification, ServerNotFound

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


def binary() -> str:
    """The argument, $SHEETLAB, the checkout's release build, or `sheetlab` on PATH."""
    if len(sys.argv) > 1:
        return sys.argv[1]
    built = os.path.join(ROOT, ".build", "release", "sheetlab")
    return os.environ.get("SHEETLAB") or (built if os.access(built, os.X_OK) else "sheetlab")


def main() -> None:
    try:
        lab = Client(binary(), cwd=ROOT)
    except ServerNotFound as e:
        sys.exit(f"seed000.py: {e}")
    with lab:
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
