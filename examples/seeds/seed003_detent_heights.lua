-- Seed 003: presentationDetents turns a sheet into a half modal (iOS 16+).
-- Heights come from the profile's maxDetentValue (the height a large sheet
-- appears in): medium = max x 0.5, fraction(f) = max x f,
-- height(h) = min(h, max), large = max. The set is unordered and compares by
-- value. With no selection binding the sheet opens at the smallest detent.
--
--   .sheet(isPresented: $sheet) {
--       SheetView().presentationDetents([.medium, .large, .fraction(0.75), .height(250)])
--   }
--
-- Covers: B17, B22

profile("iphone15-ios17")

local function sheetSampleView(detents)
  view {
    name = "SheetSampleView",
    state = { sheet = false },
    modifiers = {
      sheet {
        isPresented = "sheet",
        content = { text = "SheetView", presentationDetents = detents },
      },
    },
  }
end

-- iPhone 15, portrait: maxDetentValue 783.
expect_eq(profile().max_detent_value, 783, "B17: the profile's maxDetentValue")
sheetSampleView { "medium", "large", "fraction(0.75)", "height(250)" }
set("sheet", true)
expect_eq(top().detents, {
  { detent = "height(250)", height = 250 },
  { detent = "medium", height = 391.5 },
  { detent = "fraction(0.75)", height = 587.25 },
  { detent = "large", height = 783 },
}, "B17: resolved and sorted by height, whatever the order written")
expect_eq(top().detent, "height(250)", "B22: no selection binding: the smallest detent")
expect_eq(top().height, 250, "B22")

-- height(h) is min(h, max); the same detent twice is one detent (a Set).
reset()
sheetSampleView { "height(1000)", "height(200)", "height(200)" }
set("sheet", true)
expect_eq(top().detents, {
  { detent = "height(200)", height = 200 },
  { detent = "height(1000)", height = 783 },
}, "B17: height(1000) is capped at max; height(200) equals height(200)")
local capped = timeline({ kind = "detentClamped" })
expect_eq(#capped, 1, "B17: a height(h) taller than the maximum is reported when it is capped")
expect_eq(capped[1].detent, "height(1000)", "B17: the capped detent")

-- fraction(1.5) overflows: clamped to [0, max], and reported.
reset()
sheetSampleView { "fraction(1.5)" }
set("sheet", true)
expect_eq(top().height, 783, "B17: clamped to max")
expect_eq(#timeline({ kind = "detentClamped" }), 1, "B17: the clamp is on the timeline")

-- No presentationDetents at all: the default set is [large].
reset()
sheetSampleView(nil)
set("sheet", true)
expect_eq(top().detents, { { detent = "large", height = 783 } }, "B17: default set is [.large]")

-- iPhone SE (3rd generation): maxDetentValue 637.
reset("iphonese-ios17")
expect_eq(profile().max_detent_value, 637, "B17: another device, another max")
sheetSampleView { "large", "fraction(0.75)", "medium" }
set("sheet", true)
expect_eq(top().detents, {
  { detent = "medium", height = 318.5 },
  { detent = "fraction(0.75)", height = 477.75 },
  { detent = "large", height = 637 },
}, "B17: the same detents on iPhone SE")
expect_eq(top().detent, "medium", "B22: opens at the smallest")
