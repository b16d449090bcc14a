-- FB18927179: a Button inside scrolling sheet content still runs its action
-- when the user starts a sheet drag (or a scroll) on it: the touch is not
-- cancelled.
--
-- Source: FB18927179 (swiftui-garden.com, Misc/iOS-26/Touch-not-cancelled-on-sheet-drag);
--   VAndrJ/awesome-apple-bugs Bugs/ButtonActionNotCancelledDuringScrollInSheet (18.0-18.2)
-- Reported: iOS 18.0 to at least 26.0
-- Affected: ios18.0 to ios27 on every device (28 profiles)
-- Workaround: give the button .simultaneousGesture(TapGesture()) (not a policy: the app's view changes)
--
--   .sheet(isPresented: $show) {
--       ScrollView { Button("Buy") { bought = true } }.presentationDetents([.medium, .large])
--   }
--
-- Covers: B51

profile("iphone17-ios26")
view {
  name = "ContentView",
  state = { show = false, bought = false },
  modifiers = {
    sheet {
      isPresented = "show",
      content = {
        text = "shop",
        presentationDetents = { "medium", "large" },
        buttons = {
          Buy = function()
            set("ContentView.bought", true)
          end,
        },
      },
    },
  },
}
set("show", true)
advance()
drag(300, { button = "Buy" })
release(0)
advance()
expect(get("bought") == true, "FB18927179: the button's action runs although its touch became a sheet drag (B51)")

-- Closed, so that run --profiles compares the expectation, not each device's sizes.
dismiss()
advance()
