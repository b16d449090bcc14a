-- Seed 000: "sheets that open and close by themselves forever".
-- The seed reports (without reproducing it) a sheet stuck opening and
-- closing until the app is killed. One way to get there: the sheet's content
-- closes itself in onAppear (DismissAction) while the presenter's onDismiss
-- opens it again. No user input happens in between, so the engine's
-- oscillation guard reports it and stops the loop; the next tap works again.
--
--   .sheet(isPresented: $isPresented, onDismiss: { isPresented = true }) {
--       SheetView().onAppear { dismiss() }
--   }
--
-- Covers: P05, B01, B02, B07

view {
  name = "ContentView",
  state = { isPresented = false },
  modifiers = {
    sheet {
      isPresented = "isPresented",
      onDismiss = function() set("isPresented", true) end, -- reopen at once
      content = function()
        return {
          text = "SheetView",
          onAppear = function() dismiss() end, -- close at once
        }
      end,
    },
  },
}

set("isPresented", true) -- the one and only tap
advance(10000)           -- ten seconds with no user input

local stops = timeline({ kind = "oscillation" })
expect_eq(#stops, 1, "P05: the engine reports the oscillation once")
expect_eq(stops[1].severity, "warning", "P05: as a warning")
expect_eq(#timeline({ kind = "presenting" }), 3, "P05: three presentations in a row, then it stops")
expect_eq(#timeline({ kind = "dismissed", detail = "dismissAction" }), 3,
  "B07: each was closed by its own DismissAction")
expect_eq(top(), nil, "P05: nothing is left on screen")
expect_eq(get("isPresented"), false, "B02: the binding agrees with the screen")

-- Each round took present (500 ms) + dismiss (500 ms): B01's timings.
expect_eq(stops[1].time, 3000, "B01: three rounds of 500 + 500 ms")

-- A new tap is user input: the guard lets it through (and it loops again).
set("isPresented", true)
expect_eq(top() and top().phase, "presenting", "P05: the next user action presents again")
advance(10000)
expect_eq(#timeline({ kind = "oscillation" }), 2, "P05: and the loop is caught again")

-- sheetlab check's invariant says the same.
local ok, why = invariant("no-oscillation")
expect(not ok and why ~= nil, "P05: the no-oscillation invariant is broken, with a reason")
