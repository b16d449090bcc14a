-- B43: with iOS 27 SDKs, `controlSize`, `buttonSizing`, `buttonRepeatBehavior`,
-- `menuIndicatorVisibility` and `ButtonBorderShape` are reset to their
-- defaults inside sheets and popovers (release notes 167448274). Other
-- environment values are inherited as before.
--
--   ContentView().controlSize(.large).tint(.orange)
--       .sheet(isPresented: $show) { Options() }   // .large does not reach it on 27
--
-- Covers: B43

local function contentView()
  view {
    name = "ContentView",
    state = { show = false },
    environment = { controlSize = "large", tint = "orange" },
    modifiers = { sheet { isPresented = "show", content = "options" } },
  }
end

profile("iphone17-ios27")
contentView()
set("show", true)
expect_eq(top().environment.controlSize, nil, "B43: controlSize is reset in the sheet on 27")
expect_eq(top().environment.tint, "orange", "B43: other values are inherited")
local reset_ = timeline({ kind = "environmentReset" })
expect_eq(#reset_, 1, "B43: the timeline says so")
expect(reset_[1].detail:find("controlSize", 1, true), "B43: naming the value")

reset("iphone17-ios26")
contentView()
set("show", true)
expect_eq(top().environment.controlSize, "large", "B43: on 26 it is inherited")
