-- P01's hand-off (seed 000's SheetItemState): a request held while the sheet
-- closes takes the place of the write-back in the same update. The binding
-- goes from the closing item straight to the held one: an `onChange`
-- observer sees item 0, then item 1, never nil in between.
--
-- Covers: P01

policy("../policies/queue.lua")

local seen = {}
view {
  name = "ContentView",
  state = { "item" },
  onChange = {
    item = function(value)
      seen[#seen + 1] = value == nil and "nil" or value.id
    end,
  },
  modifiers = { sheet { item = "item", content = "detail" } },
}

set("item", { id = 0 })
advance(500)
swipe()
set("item", { id = 1 }) -- tapped while the sheet closes: held
advance()
expect_eq(seen, { 0, 1 }, "P01: the observer sees 0 then 1, never nil")
expect_eq(top().item_id, "1", "P01: item 1 is shown")
expect_eq(#timeline({ kind = "writeBack" }), 0, "P01: the held item takes the write-back's place")
