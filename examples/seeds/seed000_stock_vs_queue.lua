-- Seed 000 twice in one file: the impatient reopen under stock SwiftUI, then
-- with the queue policy. reset{ policies = ... } replaces the loaded
-- policies, so one scenario compares stock and a policy step for step.
-- Covers: B03, P01

local function impatientReopen()
  view {
    name = "ContentView",
    state = { "selectedItem" },
    modifiers = {
      sheet { item = "selectedItem", content = function(c) return "item " .. c.item.id end },
    },
  }
  set("selectedItem", { id = 0 })
  advance(500)
  swipe()                          -- the user swipes the sheet down ...
  advance(100)
  set("selectedItem", { id = 1 })  -- ... and taps "Open" again while it is closing
  advance(150)
end

reset{ policies = {} }             -- stock SwiftUI
impatientReopen()
expect_eq(top(), nil, "B03: stock loses the reopen")
expect_eq(#timeline({ kind = "requestLost" }), 1, "B03: and says so")

reset{ policies = { "../policies/queue.lua" } }
impatientReopen()
expect_eq(top() and top().item_id, "1", "P01: the queue policy presents the held request")
expect_eq(#timeline({ kind = "requestLost" }), 0, "P01: nothing is lost")

unload("queue.lua")
reset()
impatientReopen()
expect_eq(top(), nil, "unloaded: stock again")
