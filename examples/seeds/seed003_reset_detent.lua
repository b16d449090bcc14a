-- Seed 003's SheetExtraView: five detents (the custom BarDetent among them)
-- and a selection binding that starts at .height(200). Because a selection
-- binding persists (B24), the seed resets it in onDismiss so the sheet opens
-- at height(200) every time. The policy reset_detent.lua (P02) does the same
-- for every sheet with a selection binding, with no onDismiss.
--
--   .sheet(isPresented: $sheet, onDismiss: { presentationDetent = .height200 }) {
--       NavigationStack { ... }
--           .compatibleDetents([.bar, .height200, .medium, .fraction075, .large],
--                              selection: $presentationDetent)
--   }
--
-- Covers: B24, P02, P03, B23

policy("../policies/bar_detent.lua") -- BarDetent: max(44, maxDetentValue * 0.1)
profile("iphone15-ios17")

local LABELS = {
  ["custom(bar)"] = "BarDetent", ["height(200)"] = "height(200)", medium = "medium",
  ["fraction(0.75)"] = "fraction(0.75)", large = "large",
}

local function round1(x) return math.floor(x * 10 + 0.5) / 10 end

local function sheetExtraView(onDismiss)
  view {
    name = "SheetExtraView",
    state = { sheet = false, presentationDetent = "height(200)" },
    modifiers = {
      sheet {
        isPresented = "sheet",
        onDismiss = onDismiss,
        content = function(c)
          return {
            text = LABELS[c.binding("presentationDetent")] or "",
            presentationDetents = { "custom(bar)", "height(200)", "medium", "fraction(0.75)", "large" },
            selection = "presentationDetent",
          }
        end,
      },
    },
  }
end

-- 1. The seed: onDismiss puts the selection back.
sheetExtraView(function() set("presentationDetent", "height(200)") end)
set("sheet", true)
advance(500)
expect_eq(top().text, "height(200)", "B23: opens at the selection")
expect_eq(top().height, 200)

set("presentationDetent", "custom(bar)")
expect_eq(top().text, "BarDetent", "B23: the switch sees the bar detent")
expect_eq(round1(top().height), 78.3, "P03: max(44, 783 * 0.1)")

drag(783)
release()
expect_eq(top().text, "large", "B23: dragged up to large")
set("sheet", false) -- Button("Close") { sheet.toggle() }
advance(500)
expect_eq(get("presentationDetent"), "height(200)", "B24: onDismiss reset the selection")
set("sheet", true)
expect_eq(top().detent, "height(200)", "B24: so the sheet opens at height(200) again")

-- 2. Without the reset the selection persists.
reset()
sheetExtraView(nil)
set("sheet", true)
advance(500)
set("presentationDetent", "large")
swipe()
advance(250)
set("sheet", true)
expect_eq(top().detent, "large", "B24: with no reset the sheet reopens at large")

-- 3. The policy instead of onDismiss.
local resetDetent = policy("../policies/reset_detent.lua") -- its name on the timeline
reset()
sheetExtraView(nil)
set("sheet", true)
advance(500)
set("presentationDetent", "large")
swipe()
advance(250)
expect_eq(get("presentationDetent"), "height(200)", "P02: the policy reset the selection once the sheet had closed")
local writes = timeline({ kind = "stateChanged", source = resetDetent })
expect_eq(#writes, 1, "P02: the write is the policy's")
set("sheet", true)
expect_eq(top().detent, "height(200)", "P02: the sheet opens at height(200) every time")
