-- Seed 000's fix: the queue policy (P01) holds a request made while the
-- sheet is closing and presents it as soon as the sheet has closed. Each
-- request keeps its own identity, so the same item reopens too.
-- Covers: P01, B01, B02, B03

policy("../policies/queue.lua")

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

for round = 1, 2 do
  set("selectedItem", { id = 0 })
  advance(500)
  swipe()
  advance(100)
  set("selectedItem", { id = 0 }) -- the same item, tapped while closing
  expect_eq(#timeline({ kind = "queued" }), round, "P01: round " .. round .. ": the request is held")
  advance(150)
  expect_eq(top() and top().phase, "presenting",
    "P01, B01: round " .. round .. ": reopened (presenting) when the sheet had closed")
  expect_eq(get("selectedItem"), { id = 0 }, "B02: the write-back did not clear the held request")
  advance(500)
  swipe()
  advance(250)
end

-- Only one request is held: a third tap while one waits is dropped.
set("selectedItem", { id = 1 })
advance(500)
swipe()
set("selectedItem", { id = 2 })
set("selectedItem", { id = 3 })
advance(250)
expect_eq(top().item_id, "2", "P01: the first held request is presented")
expect_eq(#timeline({ kind = "dropped" }), 1, "P01: the second one was dropped")
expect_eq(#timeline({ kind = "requestLost" }), 0, "B03: nothing is lost")
expect(invariant("no-request-lost"), "P01: the no-request-lost invariant of sheetlab check holds")
