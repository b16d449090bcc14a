-- Seed 003's resizable sheet, .presentationDetents([.medium, .large]),
-- dragged and released. On release the sheet settles on the detent nearest
-- to where the drag would carry it: the position projected by the release
-- velocity, FloatingPanel's (v / 1000) * r / (1 - r) with r = 0.998.
-- Projected below half the smallest detent, the sheet is dismissed.
-- Velocities are points per second, positive downwards.
--
-- Covers: B26, B29

profile("iphone15-ios17") -- medium 391.5, large 783

local function projected(height, velocity)
  local r = 0.998
  return height - (velocity / 1000) * r / (1 - r)
end

local function open()
  reset()
  view {
    name = "SheetView",
    state = { sheet = false },
    modifiers = {
      sheet {
        isPresented = "sheet",
        content = { text = "SheetView", presentationDetents = { "medium", "large" } },
      },
    },
  }
  set("sheet", true)
  advance(500)
end

-- Slow release at 600: large (183 away) is nearer than medium (208.5).
open()
drag(600)
release(0)
expect_eq(top().detent, "large", "B26: settles on the nearest detent")
expect_eq(#timeline({ kind = "userChangedDetent" }), 1, "B29: the user changed the detent")

-- Same spot, flicked down at 300 pt/s: it would travel to about 450.
open()
drag(600)
release(300)
expect(math.abs(projected(600, 300) - 450.3) < 0.01, "B26: the projection")
expect_eq(top().detent, "medium", "B26: velocity carries it to medium")

-- Flicked up from medium at 600 pt/s: projected past 783.
open()
drag(500)
release(-600)
expect_eq(top().detent, "large", "B26: an upward flick opens it fully")

-- Released slowly at 300: still above half of medium (195.75).
open()
drag(300)
release()
expect_eq(top().detent, "medium", "B26: back to medium")
expect_eq(#timeline({ kind = "userChangedDetent" }), 0, "B29: no change, no event")

-- Flicked down from 250 at 500 pt/s: projected to almost 0, dismissed.
open()
drag(250)
release(500)
expect(projected(250, 500) < 391.5 / 2, "B26: projected below half the smallest detent")
expect_eq(top().phase, "dismissing", "B26: so the sheet is dismissed")
local rel = timeline({ kind = "release" })
expect_eq(rel[1].detail, "velocity 500, projected 1: dismiss", "B26: the release event explains it")
advance(250)
expect_eq(get("sheet"), false)
