-- Seed 000: the impatient reopen, under stock SwiftUI.
-- The user swipes the sheet down and taps "Open" again before it has
-- finished closing. SwiftUI writes nil to the item binding only when the
-- dismiss transition ends, overwriting the new item: the reopen is lost.
-- Covers: B01 (phases), B02 (write-back at the end), B03 (lost reopen)

view {
  name = "ContentView",
  state = { "selectedItem" },
  modifiers = {
    sheet {
      item = "selectedItem",
      content = function(c) return "item " .. c.item.id end,
    },
  },
}

-- Button("Open") { selectedItem = Item(id: 0) }
set("selectedItem", { id = 0 })
expect_eq(top().phase, "presenting", "B01: the present transition runs first")
advance(500)
expect_eq(top().phase, "presented")
expect_eq(top().text, "item 0")

swipe()
advance(100)
expect_eq(top().phase, "dismissing")
expect_eq(get("selectedItem"), { id = 0 }, "B02: the binding keeps its item while dismissing")

set("selectedItem", { id = 1 }) -- the impatient tap
advance(150) -- the dismissal ends
expect_eq(get("selectedItem"), nil, "B02, B03: the write-back overwrites the new item")
expect_eq(top(), nil, "B03: the reopen is lost; the user must tap again")
expect_eq(#timeline({ kind = "requestLost" }), 1, "the timeline says so")
expect(not invariant("no-request-lost"), "B03: the no-request-lost invariant of sheetlab check is broken")
