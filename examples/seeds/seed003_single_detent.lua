-- Seed 003: .presentationDetents([.medium]) alone. "この場合はハーフモーダルに
-- しかなりません。上に引っ張ってもフルサイズに変わることはありません": pulling
-- it up does not make it full size. Dragging it down far enough dismisses
-- it, unless interactive dismissal is disabled.
--
-- Covers: B25, B08

profile("iphone15-ios17")

local function mediumSheetView(locked)
  view {
    name = "MediumSheetView",
    state = { sheet = false },
    modifiers = {
      sheet {
        isPresented = "sheet",
        content = { text = "SheetView", presentationDetents = { "medium" }, interactiveDismissDisabled = locked },
      },
    },
  }
end

mediumSheetView(false)
set("sheet", true)
advance(500)
expect_eq(top().height, 391.5, "B25: half of 783")

drag(783) -- pull it all the way up
local drags = timeline({ kind = "drag" })
expect_eq(drags[#drags].height, 391.5, "B25: the sheet does not grow past its only detent")
release()
expect_eq(top().detent, "medium", "B25: it stays a half modal")
expect_eq(top().height, 391.5)
expect_eq(#timeline({ kind = "userChangedDetent" }), 0, "B25: no detent change")

drag(100) -- pull it down, past half its height
release()
expect_eq(top().phase, "dismissing", "B25: dragging down past the threshold dismisses it")
advance(250)
expect_eq(top(), nil)
expect_eq(get("sheet"), false, "B25: and the binding is written back")

-- With .interactiveDismissDisabled() the drag only settles back.
reset()
mediumSheetView(true)
set("sheet", true)
advance(500)
drag(100)
release()
expect_eq(top().phase, "presented", "B08: interactiveDismissDisabled keeps it on screen")
expect_eq(top().height, 391.5, "B25: back at its only detent")
