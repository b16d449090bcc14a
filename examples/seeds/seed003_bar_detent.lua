-- Seed 003 (and Apple's documentation): the custom detent BarDetent, loaded
-- from the policy bar_detent.lua (P03):
--
--   struct BarDetent: CustomPresentationDetent {
--       static func height(in context: Context) -> CGFloat? {
--           max(44, context.maxDetentValue * 0.1)
--       }
--   }
--   .presentationDetents([.custom(BarDetent.self), .large])
--
-- Its height on three layouts: iPhone 15 (783 x 0.1), iPhone SE (637 x 0.1),
-- and iPhone 15 in landscape kept as a sheet, where 383 x 0.1 is below 44.
--
-- Covers: P03, B17, B22

policy("../policies/bar_detent.lua")

local function round1(x) return math.floor(x * 10 + 0.5) / 10 end

local function barSheet()
  view {
    name = "ContentView",
    state = { sheet = false },
    modifiers = {
      sheet {
        isPresented = "sheet",
        content = {
          text = "BarDetent",
          presentationDetents = { "large", "custom(bar)" },
          compactAdaptation = "sheet", -- stay a sheet in landscape (iOS 16.4+)
        },
      },
    },
  }
  set("sheet", true)
  return top()
end

profile("iphone15-ios17")
local bar = barSheet()
expect_eq(bar.detent, "custom(bar)", "B22: the bar is the smallest detent")
expect_eq(round1(bar.height), 78.3, "P03: iPhone 15: 783 x 0.1")

reset("iphonese-ios17")
bar = barSheet()
expect_eq(round1(bar.height), 63.7, "P03: iPhone SE: 637 x 0.1")

reset("iphone15-ios17")
rotate("landscape")
bar = barSheet()
expect_eq(bar.style, "sheet")
expect_eq(bar.detents, {
  { detent = "custom(bar)", height = 44 },
  { detent = "large", height = 383 },
}, "P03, B17: landscape: max(44, 38.3) = 44, sorted below large")
