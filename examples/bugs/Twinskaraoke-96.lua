-- Twinskaraoke-96: while a zoom transition dismisses (about 0.9 s), the
-- outgoing screen still takes taps, and its onDisappear runs only when the
-- transition has ended. Reported on a navigation push; the sheet's zoom
-- uses the same transition.
--
-- Source: Evil-Project/Twinskaraoke #96 (iOS 26.5); expo/expo #50042 (about 2 s)
-- Reported: iOS 26
-- Affected: ios26, ios27 on every device (14 profiles)
-- Workaround: none in the source
--
-- Covers: B46

profile("iphone17-ios26")
view {
  name = "ContentView",
  state = { show = false },
  matchedTransitionSource = "photo",
  modifiers = {
    sheet { isPresented = "show", content = { text = "detail", navigationTransition = zoom { source = "photo" } } },
  },
}
set("show", true)
advance()
set("show", false)
advance(450)
tap_background()
local tap = timeline({ kind = "backgroundTap" })[1]
expect(tap ~= nil and tap.rule == "B46", "Twinskaraoke-96: the dismissing sheet takes the tap (B46)")
advance()
