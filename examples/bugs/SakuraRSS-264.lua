-- SakuraRSS-264: a zoom source marked after .drawingGroup() (or a hover
-- effect) is not matched: the sheet opens without the zoom.
--
-- Source: katagaki/SakuraRSS PR #264 (one report, 2026-05)
-- Reported: iOS 26
-- Affected: ios26, ios27 on every device (14 profiles)
-- Workaround: mark the bare view: .matchedTransitionSource(id:in:) before .drawingGroup() and .hoverEffect
--
--   Thumbnail().drawingGroup().matchedTransitionSource(id: "photo", in: ns)   // no zoom
--
-- Covers: B52, B38

local function contentView(source)
  view {
    name = "ContentView",
    state = { show = false },
    matchedTransitionSource = source,
    modifiers = {
      sheet { isPresented = "show", content = { text = "photo", navigationTransition = zoom { source = "photo" } } },
    },
  }
end

profile("iphone17-ios26")
contentView("photo") -- the bare view
set("show", true)
advance()
local bare = top().transition
reset()
contentView { id = "photo", after = "drawingGroup" }
set("show", true)
advance()
expect(
  bare == "zoom" and top().transition == "standard",
  "SakuraRSS-264: marked after drawingGroup, no zoom (B52, B38)"
)

-- Closed, so that run --profiles compares the expectation, not each device's sizes.
set("show", false)
advance()
