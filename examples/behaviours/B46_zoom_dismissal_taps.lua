-- B46: while a zoom dismissal runs (0.9 s reported), the outgoing content
-- still takes taps, and the content's `onDisappear` runs only when the
-- transition ends. Reports in Evil-Project/Twinskaraoke #96 and
-- expo/expo #50042 (one source each): events carry {B46 single}.
--
-- Covers: B46

profile("iphone17-ios26")

view {
  name = "ContentView",
  state = { show = false, disappeared = false },
  matchedTransitionSource = "photo",
  modifiers = {
    sheet {
      isPresented = "show",
      content = {
        text = "detail",
        navigationTransition = zoom { source = "photo" },
        onDisappear = function()
          set("disappeared", true)
        end,
      },
    },
  },
}

set("show", true)
advance(500)
set("show", false)
expect_eq(top().ends, 1400, "B46: the zoom dismissal takes 900 ms")
advance(450)
expect_eq(tap_background(), false, "B46: the tap does not reach the presenter")
local tap = timeline({ kind = "backgroundTap" })[1]
expect_eq(tap.rule, "B46", "B46: the outgoing content takes it")
expect_eq(get("disappeared"), false, "B46: onDisappear has not run yet")
advance(450)
expect_eq(#stack(), 0, "the dismissal has ended")
expect_eq(get("disappeared"), true, "B46: onDisappear runs when the transition ends")
expect_eq(#timeline({ kind = "onDisappear" }), 1, "B46: on the timeline")
