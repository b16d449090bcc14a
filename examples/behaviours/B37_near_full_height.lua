-- B37: a detent within 10.2 pt of the largest height. On iOS 18 and earlier
-- it becomes the large, stacked sheet; on 26 it keeps its height and turns
-- opaque and edge-attached (no stacked switch). One report
-- (wanteddev/montage-ios #520): events it decides carry {B37 single}.
--
-- Covers: B37

local function contentView(detent)
  view {
    name = "ContentView",
    state = { show = false },
    modifiers = {
      sheet { isPresented = "show", content = { text = "tall", presentationDetents = { detent } } },
    },
  }
end

-- iOS 26: 812 - 5 = 807 keeps its height, edge-attached.
profile("iphone17-ios26")
contentView("height(807)")
set("show", true)
expect_eq(top().height, 807, "B37: 26 keeps the height")
expect_eq(top().placement, "edgeAttached", "B37: near full height: edge-attached and opaque")

-- iOS 18.4: max 802; 797 is within 10.2 pt: shown as the large sheet.
reset("iphone17-ios18.4")
contentView("height(797)")
set("show", true)
expect_eq(top().height, 802, "B37: up to 18 it becomes the large sheet")
local stacked = timeline({ kind = "heightChanged" })
expect_eq(stacked[1].rule, "B37", "B37: reported")
expect_eq(stacked[1].confidence, "single", "B37: with its confidence")

-- 20 pt below full height is not near enough.
reset("iphone17-ios18.4")
contentView("height(782)")
set("show", true)
expect_eq(top().height, 782, "B37: farther than 10.2 pt keeps its height")
