-- B32: a custom detent whose height depends on the sheet's own size (its
-- resolver reads the current height) is resolved once per layout on iOS 18
-- and later. Before 18 such a preference may re-resolve and oscillate before
-- settling; the engine resolves it again with the height it gave, up to 8
-- times (an assumption: the notes give no number), and reports one that
-- does not settle.
--
-- Covers: B32

policy("policies/size_dependent_detent.lua")

local function contentView()
  view {
    name = "ContentView",
    state = { show = false },
    modifiers = {
      sheet { isPresented = "show", content = { text = "grows", presentationDetents = { "custom(grow)", "large" } } },
    },
  }
end

profile("iphone17-ios18.4")
contentView()
set("show", true)
expect_eq(top().detents[1].height, 802 * 0.5 + 20, "B32: 18+: resolved once, from the container's height")
expect_eq(#timeline({ kind = "oscillation" }), 0, "B32: 18+: no oscillation")

reset("iphone15-ios17")
contentView()
set("show", true)
local o = timeline({ kind = "oscillation" })
expect_eq(#o, 1, "B32: before 18 it re-resolves and does not settle")
expect_eq(o[1].rule, "B32", "B32: reported by this rule")
expect(o[1].detail:find("did not settle", 1, true), "B32: in words")
