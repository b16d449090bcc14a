-- B38: a sheet whose content has `navigationTransition(.zoom(sourceID:in:))`
-- zooms out of, and back into, the view marked `matchedTransitionSource`
-- with the same id (iOS 18+), or a toolbar item so marked (26+ only). A
-- missing source falls back to the standard transition, with a warning.
--
--   Button { show = true } label: { Photo() }
--       .matchedTransitionSource(id: "photo", in: namespace)
--   .sheet(isPresented: $show) {
--       Detail().navigationTransition(.zoom(sourceID: "photo", in: namespace))
--   }
--
-- Covers: B38

local function contentView(source, toolbar)
  view {
    name = "ContentView",
    state = { show = false },
    matchedTransitionSource = (not toolbar) and "photo" or nil,
    toolbarTransitionSource = toolbar and "photo" or nil,
    modifiers = {
      sheet {
        isPresented = "show",
        content = { text = "detail", navigationTransition = zoom { source = source } },
      },
    },
  }
end

profile("iphone17-ios26")
contentView("photo")
set("show", true)
expect_eq(top().transition, "zoom", "B38: zooms from its source")
expect_eq(top().transition_source, "photo", "B38: the marked view")
expect(timeline({ kind = "presenting" })[1].detail:find("zoom from photo", 1, true), "B38: on the timeline")

-- No view marked with that id: the standard transition, with a warning.
reset()
contentView("missing")
set("show", true)
expect_eq(top().transition, "standard", "B38: a missing source falls back")
local warned = timeline({ kind = "modifierIgnored" })
expect_eq(#warned, 1, "B38: with a warning")
expect(warned[1].detail:find('matchedTransitionSource(id: "missing")', 1, true), "B38: naming the id")

-- A toolbar item as the source: 26 only.
reset()
contentView("photo", true)
set("show", true)
expect_eq(top().transition, "zoom", "B38: a toolbar item source on 26")
reset("iphone17-ios18.4")
contentView("photo", true)
set("show", true)
expect_eq(top().transition, "standard", "B38: before 26 a toolbar item is no source")
expect(timeline({ kind = "modifierIgnored" })[1].detail:find("iOS 26", 1, true), "B38: said")

-- Before 18 there is no zoom transition.
reset("iphone15-ios17")
contentView("photo")
set("show", true)
expect_eq(top().transition, "standard", "B38: needs iOS 18")
