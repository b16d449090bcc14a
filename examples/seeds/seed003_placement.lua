-- Seed 003: where presentationDetents sits matters. At the root of the sheet
-- content (the seed applies it to the NavigationStack itself) or inside a
-- plain VStack it works; inside the NavigationStack, or on a view that is
-- not loaded when the sheet appears, it has no effect.
--
--   .sheet(isPresented: $sheet) {
--       NavigationStack { VStack { Text("SheetView") } }
--           .presentationDetents([.medium])      // "root": works
--   }
--   NavigationStack { VStack { ... }.presentationDetents([.medium]) }
--                                                // "navigationStack": no effect
--
-- Covers: B21

profile("iphone15-ios17")

local function detentsAt(placement)
  reset()
  view {
    name = "MediumSheetView",
    state = { sheet = false },
    modifiers = {
      sheet {
        isPresented = "sheet",
        content = { text = "SheetView", presentationDetents = { "medium" }, placement = placement },
      },
    },
  }
  set("sheet", true)
  return top()
end

expect_eq(detentsAt("root").detent, "medium", "B21: at the content root it works")
expect_eq(detentsAt("container").detent, "medium", "B21: inside a VStack it works")

local inside = detentsAt("navigationStack")
expect_eq(inside.detent, "large", "B21: inside a NavigationStack it has no effect")
expect_eq(inside.height, 783, "B21: a full-height sheet")
local ignored = timeline({ kind = "modifierIgnored" })
expect_eq(#ignored, 1, "B21: the timeline says so")
expect_eq(ignored[1].detail, "presentationDetents applied inside a NavigationStack has no effect (B21)")

expect_eq(detentsAt("notLoaded").detent, "large", "B21: on a view not loaded at presentation it has no effect")
