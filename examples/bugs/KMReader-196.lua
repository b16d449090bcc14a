-- KMReader-196: two views are marked as zoom sources with the same id; the
-- transition cannot tell which to use (reported: after a quick back during
-- the zoom, the source stays hidden). The engine gives no zoom, with a
-- warning naming why.
--
-- Source: everpcpc/KMReader PR #196 (one report, 2026-01)
-- Reported: iOS 26
-- Affected: ios26, ios27 on every device (14 profiles)
-- Workaround: give each source its own id
--
-- Covers: B52, B38

local function contentView(secondId)
  view {
    name = "ContentView",
    state = { show = false },
    matchedTransitionSource = "cover",
    modifiers = {
      sheet { isPresented = "show", content = { text = "book", navigationTransition = zoom { source = "cover" } } },
    },
    children = { { name = "Thumbnail", matchedTransitionSource = secondId } },
  }
end

profile("iphone17-ios26")
contentView("cover") -- two sources named "cover"
set("show", true)
advance()
local duplicated = top().transition
reset()
contentView("cover-thumbnail") -- the workaround: one id each
set("show", true)
advance()
local distinct = top().transition
expect(distinct == "zoom" and duplicated == "standard", "KMReader-196: two sources with one id give no zoom (B52, B38)")
expect_eq(distinct, os_at_least("18.0") and "zoom" or "standard", "workaround: one id each zooms where zoom exists")

-- Closed, so that run --profiles compares the expectations, not each device's sizes.
set("show", false)
advance()
