-- B45: a sheet with `navigationTransition(.crossFade)` (iOS 27) fades in over
-- the content instead of sliding up, with its own profile timing
-- (`crossFade`, 500 ms by default: no source gives one, so it is B01's).
--
-- Covers: B45

local function contentView()
  view {
    name = "ContentView",
    state = { show = false },
    modifiers = { sheet { isPresented = "show", content = { text = "fade", navigationTransition = "crossFade" } } },
  }
end

profile("iphone17-ios27")
contentView()
set("show", true)
expect_eq(top().transition, "crossFade", "B45: a cross-fade")
local presenting = timeline({ kind = "presenting" })[1]
expect_eq(presenting.rule, "B45", "B45: by this rule")
expect_eq(top().ends, 500, "B45: with the profile's cross-fade timing")

reset("iphone17-ios26")
contentView()
set("show", true)
expect_eq(top().transition, "standard", "B45: before 27 it slides up")
expect(timeline({ kind = "modifierIgnored" })[1].detail:find("needs iOS 27", 1, true), "B45: said")
