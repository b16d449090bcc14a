-- Seed 004: a sheet and a fullScreenCover on one view.
--   * iOS 14.4: only the last modifier applied works, so with both on the
--     view the sheet never shows.
--   * The seed's workaround for 14.4: attach the cover to a separate
--     EmptyView in a ZStack. That works on 14.4, but from iOS 15 a modifier
--     on an EmptyView never fires.
--   * So the seed chooses by OS version (if #available(iOS 15.0, *)).
--
--   ZStack {
--       content.sheet(isPresented: isPresented, onDismiss: onDismiss, content: builder)
--       EmptyView().fullScreenCover(isPresented: isFullScreenPresented, content: builder)
--   }
--
-- Covers: B10, B11

-- SampleView with the cover on the view itself, or on an EmptyView.
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

-- What each button shows on the current profile.
local function shows(slot)
  set(slot, true)
  advance(500)
  local shown = top() and top().text
  if shown then dismiss() end -- the cover cannot be swiped (B08): use a Close button
  advance(500)
  set(slot, false)
  return shown
end

-- 14.4, both on the view: last one wins.
profile("iphone15-ios14.4")
sampleView(false)
expect_eq(shows("isPresented"), nil, "B10: the sheet is shadowed by the cover applied after it")
expect_eq(shows("isFullScreenPresented"), "full-screen content", "B10: the last modifier works")

-- 14.4, cover on an EmptyView: both work.
reset()
sampleView(true)
expect_eq(shows("isPresented"), "sheet content", "B11: on 14.4 the EmptyView host works")
expect_eq(shows("isFullScreenPresented"), "full-screen content", "B11")
expect_eq(#timeline({ kind = "modifierIgnored" }), 0, "B11: nothing ignored")

-- 15 and later, cover on an EmptyView: the cover never fires.
for _, name in ipairs { "iphone15-ios15", "iphone15-ios17" } do
  reset(name)
  sampleView(true)
  expect_eq(shows("isPresented"), "sheet content", "B11: " .. name .. ": the sheet works")
  expect_eq(shows("isFullScreenPresented"), nil, "B11: " .. name .. ": a modifier on an EmptyView does not fire")
  expect(timeline({ kind = "modifierIgnored" })[1].detail:find("B11", 1, true), "B11: the timeline names the rule")
end

-- The seed's ViewModifier: choose the attachment by OS version.
for _, name in ipairs { "iphone15-ios14.4", "iphone15-ios15", "iphone15-ios17" } do
  reset(name)
  sampleView(not os_at_least("15")) -- if #available(iOS 15.0, *) { both on content } else { ZStack }
  expect_eq(shows("isPresented"), "sheet content", "B10, B11: " .. name .. ": the sheet works")
  expect_eq(shows("isFullScreenPresented"), "full-screen content", "B10, B11: " .. name .. ": so does the cover")
end
