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
advance(600) -- a standard dismissal (500 ms) has ended by now
local still = #stack() == 1
local reached = still and tap_background()
expect(still and reached == false, "Twinskaraoke-96: 600 ms into the dismissal the sheet still takes the tap (B46)")
advance()
