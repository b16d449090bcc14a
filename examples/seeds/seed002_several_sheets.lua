-- Seed 002: several .sheet modifiers on one view. On iOS 14.4 and earlier
-- only the last one applied works ("後勝ち"); the others never present.
-- The seed's way out: one sheet(item:) whose item says what to show.
-- From iOS 14.5 both modifiers work.
--
--   VStack { ... }
--       .sheet(isPresented: $showSettings) { SettingsView() }
--       .sheet(isPresented: $showProfile)  { ProfileView() }
--
-- Covers: B10

profile("iphone15-ios14.4")

local function contentView()
  view {
    name = "ContentView",
    state = { showSettings = false, showProfile = false },
    modifiers = {
      sheet { isPresented = "showSettings", content = "SettingsView" },
      sheet { isPresented = "showProfile", content = "ProfileView" }, -- applied last
    },
  }
end

contentView()
set("showSettings", true)
advance(500)
expect_eq(top(), nil, "B10: the first sheet modifier never presents on 14.4")
local ignored = timeline({ kind = "modifierIgnored" })
expect_eq(#ignored, 1, "B10: the timeline says why")
expect(ignored[1].detail:find("B10", 1, true), "B10: naming the rule")
set("showSettings", false)

set("showProfile", true)
advance(500)
expect_eq(top() and top().text, "ProfileView", "B10: the last modifier works")

-- The fix on 14.4: one sheet(item:) for every destination.
--   enum Sheet: Identifiable { case settings, profile }
--   .sheet(item: $sheet) { sheet in ... }
reset()
view {
  name = "ContentView",
  state = { "sheet" },
  modifiers = {
    sheet {
      item = "sheet",
      content = function(c) return c.item == "settings" and "SettingsView" or "ProfileView" end,
    },
  },
}
set("sheet", "settings") -- a Hashable value is its own id
advance(500)
expect_eq(top().text, "SettingsView", "B10: a single modifier is never shadowed")
swipe()
advance(250)
set("sheet", "profile")
advance(500)
expect_eq(top().text, "ProfileView", "B10: and reaches every destination")

-- From iOS 14.5 (here 15) both modifiers work.
reset("iphone15-ios15")
contentView()
set("showSettings", true)
advance(500)
expect_eq(top() and top().text, "SettingsView", "B10: fixed after 14.4")
expect_eq(#timeline({ kind = "modifierIgnored" }), 0, "B10: nothing ignored")
