-- Seed 003: presentationDetents does not always take effect.
--   * iPhone landscape (compact height): by default the sheet becomes a
--     full-screen presentation; with .presentationCompactAdaptation(.sheet)
--     (iOS 16.4) it stays a sheet, but .medium is inactive there.
--   * iPad full screen and macOS (regular width): a form sheet, as if no
--     detents were given. Detents work only in compact width.
--
--   .sheet(isPresented: $sheet) {
--       SheetView().presentationDetents([.medium, .large])
--   }
--
-- Covers: B18, B19, B20, B30

local function mediumSheetView(adaptation)
  view {
    name = "MediumSheetView",
    state = { sheet = false },
    modifiers = {
      sheet {
        isPresented = "sheet",
        content = {
          text = "SheetView",
          presentationDetents = { "medium", "large" },
          compactAdaptation = adaptation, -- nil: the default, full screen
        },
      },
    },
  }
end

-- iPhone 15 in landscape, default adaptation: full screen.
profile("iphone15-ios17")
rotate("landscape")
mediumSheetView(nil)
set("sheet", true)
expect_eq(top().style, "fullScreen", "B20: compact height makes the sheet full screen")
expect_eq(top().height, 393, "B20: the whole landscape screen")

-- Kept as a sheet: medium is inactive in compact height.
reset("iphone15-ios17")
rotate("landscape")
mediumSheetView("sheet")
set("sheet", true)
expect_eq(top().style, "sheet", "B20: presentationCompactAdaptation(.sheet) keeps the sheet")
expect_eq(top().detents, { { detent = "large", height = 383 } }, "B18: medium is inactive in compact height")
expect_eq(top().detent, "large", "B18: only large is left")

-- Opened at medium in portrait, then rotated: the sheet moves to large...
reset("iphone15-ios17")
mediumSheetView("sheet")
set("sheet", true)
advance(500)
expect_eq(top().detent, "medium", "B18: medium is active in portrait")
rotate("landscape")
expect_eq(top().detent, "large", "B18: rotating to landscape leaves medium")
expect_eq(#timeline({ kind = "heightChanged" }), 1, "B18: the new height is on the timeline")
rotate("portrait")
expect_eq(#top().detents, 2, "B18: back in portrait medium is active again")

-- ...and without the adaptation it becomes full screen on rotation.
reset("iphone15-ios17")
mediumSheetView(nil)
set("sheet", true)
advance(500)
rotate("landscape")
expect_eq(top().style, "fullScreen", "B20: rotating a sheet to landscape adapts it")
local adapted = timeline({ kind = "adapted" })
expect_eq(#adapted, 1, "B20: reported as an adaptation")
expect_eq(adapted[1].detail, "sheet -> fullScreen (compact height, B20)")

-- presentationCompactAdaptation arrived in iOS 16.4: on 16 it is ignored.
reset("iphone15-ios16")
rotate("landscape")
mediumSheetView("sheet")
set("sheet", true)
expect_eq(top().style, "fullScreen", "B20: before 16.4 compact height is always full screen")

-- iPad Pro 11-inch, full screen: regular width, a form sheet; detents ignored.
reset("ipadpro11-ios17")
mediumSheetView(nil)
set("sheet", true)
expect_eq(top().style, "formSheet", "B19: regular width shows a form sheet")
-- Before iOS 18 a regular-width sheet is page-sized (B30): as tall as a
-- large sheet, 1194 - 24 - 10.
expect_eq(top().detents, { { detent = "large", height = 1160 } }, "B19: as if no detents were given; B30: page-sized")
expect_eq(top().detent, "large", "B19")

-- A Mac window: the same.
reset("mac-ios17")
mediumSheetView(nil)
set("sheet", true)
expect_eq(top().style, "formSheet", "B19: macOS shows a form sheet")
expect_eq(top().detent, "large", "B19: detents have no effect")

-- The same iPad with the app in a third of the screen (Split View): compact
-- width, so the sheet is edge-attached and its detents take effect.
reset("ipadsplit-ios17")
mediumSheetView(nil)
set("sheet", true)
expect_eq(top().style, "sheet", "B19: compact width on an iPad is a sheet with detents")
expect_eq(top().detent, "medium", "B19: medium takes effect in compact width")
expect_eq(top().height, (1194 - 24 - 10) / 2, "B19: half of maxDetentValue")
