-- quran-ios-956: changing a sheet's detents while the user drags it crashed
-- the app in _UISheetInteraction (NSRangeException); the engine does not
-- crash but warns and applies the change when the drag ends.
--
-- Source: quran/quran-ios PR #956, PR #971 (crash logs, 2026-08)
-- Reported: iOS 26.x
-- Affected: ios26, ios27 on iphonese, iphone15, iphone17, iphone15promax, ipadsplit (10 profiles)
-- Workaround: do not change the detents while a drag runs; apply the change when it ends
--
-- Covers: B50

profile("iphone17-ios26")
view {
  name = "ContentView",
  state = { show = false, tall = true },
  modifiers = {
    sheet {
      isPresented = "show",
      content = function(c)
        return { text = "pages", presentationDetents = c.binding("tall") and { "medium", "large" } or { "medium" } }
      end,
    },
  },
}
set("show", true)
advance()
drag(500)
set("tall", false) -- during the drag
expect(#timeline({ rule = "B50" }) == 1, "quran-ios-956: the detents change under a running drag (B50)")
release(0)
advance()

-- Closed, so that run --profiles compares the expectation, not each device's sizes.
dismiss()
advance()
