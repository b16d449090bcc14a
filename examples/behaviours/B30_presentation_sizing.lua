-- B30: in regular width a sheet is a form sheet. From iOS 18 it is sized
-- `.form` unless `presentationSizing` says otherwise (`.page`, `.fitted`);
-- on 17 and earlier it was what is now `.page`, and `presentationSizing`
-- does not exist.
--
--   .sheet(isPresented: $show) {
--       SettingsView().presentationSizing(.page)   // iOS 18
--   }
--
-- Covers: B30

local function settingsView(content)
  view {
    name = "ContentView",
    state = { show = false },
    modifiers = { sheet { isPresented = "show", content = content } },
  }
end

-- iPad, iOS 18.4: the default is a form sheet, 540 pt wide and centred.
profile("ipadpro11-ios18.4")
settingsView { text = "Settings" }
set("show", true)
expect_eq(top().style, "formSheet", "B30: regular width")
expect_eq(top().sizing, "form", "B30: .form is the default from 18")
expect_eq(top().height, 620, "B30: the device's form sheet height")
expect_eq(top().frame, { x = 147, y = 287, width = 540, height = 620 }, "B30: centred")

-- .page: as tall as a large sheet (1194 - 24 - 10).
reset()
settingsView { text = "Settings", presentationSizing = "page" }
set("show", true)
expect_eq(top().sizing, "page", "B30: presentationSizing(.page)")
expect_eq(top().height, 1160, "B30: page-sized")

-- .fitted: the height the content asks for.
reset()
settingsView { text = "Settings", presentationSizing = "fitted", fittedHeight = 300 }
set("show", true)
expect_eq(top().sizing, "fitted", "B30: presentationSizing(.fitted)")
expect_eq(top().height, 300, "B30: as tall as the content")

-- iOS 17: no presentationSizing; every regular-width sheet is page-sized.
reset("ipadpro11-ios17")
settingsView { text = "Settings", presentationSizing = "form" }
set("show", true)
expect_eq(top().sizing, "page", "B30: before 18, .page")
expect_eq(top().height, 1160, "B30: before 18, page-sized")
local ignored = timeline({ kind = "modifierIgnored" })
expect_eq(#ignored, 1, "B30: the modifier does not exist on 17")
expect(ignored[1].detail:find("needs iOS 18", 1, true), "B30: and the timeline says so")

-- In compact width sizing does not apply: an edge-attached sheet.
reset("iphone17-ios18.4")
settingsView { text = "Settings", presentationSizing = "page" }
set("show", true)
expect_eq(top().style, "sheet", "B30: compact width: a sheet with detents")
expect_eq(top().sizing, nil, "B30: no sizing outside regular width")
