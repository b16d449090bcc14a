-- Seed 004's goal, as a policy: one_presenter.lua (P04) routes a sheet and a
-- full-screen cover through one modifier pair that works on every OS
-- version, wherever the modifiers are attached. A request stock SwiftUI
-- would ignore because of where its modifier sits (B10 on 14.4, B11 from
-- 15) is presented anyway.
--
-- Covers: P04, B10, B11

local onePresenter = policy("../policies/one_presenter.lua")

local function sampleView(coverOnEmptyView)
  view {
    name = "SampleView",
    state = { isPresented = false, isFullScreenPresented = false },
    modifiers = {
      sheet { isPresented = "isPresented", content = "sheet content" },
      fullScreenCover {
        isPresented = "isFullScreenPresented",
        content = "full-screen content",
        attach = coverOnEmptyView and "EmptyView" or nil,
      },
    },
  }
end

local function shows(slot)
  set(slot, true)
  advance(500)
  local shown = top() and top().text
  if shown then dismiss() end
  advance(500)
  set(slot, false)
  return shown
end

for _, name in ipairs { "iphone15-ios14.4", "iphone15-ios15", "iphone15-ios16.4", "iphone15-ios17" } do
  for _, onEmptyView in ipairs { false, true } do
    reset(name)
    sampleView(onEmptyView)
    local where = name .. (onEmptyView and ", cover on EmptyView" or ", both on the view")
    expect_eq(shows("isPresented"), "sheet content", "P04: " .. where .. ": the sheet works")
    expect_eq(shows("isFullScreenPresented"), "full-screen content", "P04: " .. where .. ": the cover works")
    expect_eq(#timeline({ kind = "modifierIgnored" }), 0, "P04: " .. where .. ": nothing ignored")
  end
end

-- The decisions that overrode stock are the policy's, named on the timeline.
reset("iphone15-ios14.4")
sampleView(false)
set("isPresented", true)
local request = timeline({ kind = "request" })[1]
expect_eq(request.source, onePresenter, "B10: on 14.4 stock would ignore the sheet; the policy presents it")
reset("iphone15-ios17")
sampleView(true)
set("isFullScreenPresented", true)
expect_eq(timeline({ kind = "request" })[1].source, onePresenter,
  "B11: from 15 stock would ignore the EmptyView's cover; the policy presents it")
expect_eq(top().kind, "fullScreenCover", "B11")
