-- Seed 003's CompatiblePresentationDetents: before iOS 16 there are no
-- detents and every sheet is full height, so the seed wraps the modifier:
--
--   func body(content: Content) -> some View {
--       if #available(iOS 16.0, *) {
--           content.presentationDetents(detents, selection: $selection)
--       } else {
--           content
--       }
--   }
--
-- Here the wrapper is a Lua function using os_at_least("16").
--
-- Covers: B28, B23

local DETENTS = { "height(200)", "medium", "large" }

-- .compatibleDetents(detents, selection: $presentationDetent)
local function compatibleDetents(content, detents, selection)
  if os_at_least("16") then
    content.presentationDetents = detents
    content.selection = selection
  end
  return content
end

local function sheetView()
  view {
    name = "SheetView",
    state = { sheet = false, presentationDetent = "height(200)" },
    modifiers = {
      sheet {
        isPresented = "sheet",
        content = function()
          return compatibleDetents({ text = "SheetView" }, DETENTS, "presentationDetent")
        end,
      },
    },
  }
end

-- iOS 15: the wrapper leaves the content alone; a full-height sheet.
profile("iphone15-ios15")
sheetView()
set("sheet", true)
expect_eq(top().detents, { { detent = "large", height = 783 } }, "B28: before iOS 16 there are no detents")
expect_eq(top().height, 783, "B28: every sheet is full height")

-- iOS 16: the same code gets a half modal.
reset("iphone15-ios16")
sheetView()
set("sheet", true)
expect_eq(top().detent, "height(200)", "B23: from iOS 16 the wrapper applies the detents")
expect_eq(top().height, 200, "B28")

-- Without the wrapper, iOS 15 ignores presentationDetents all the same.
reset("iphone15-ios15")
view {
  name = "SheetView",
  state = { sheet = false },
  modifiers = {
    sheet { isPresented = "sheet", content = { text = "SheetView", presentationDetents = { "medium" } } },
  },
}
set("sheet", true)
expect_eq(top().detent, "large", "B28: the engine ignores detents before iOS 16")
expect_eq(top().height, 783, "B28")
