-- montage-ios-520: a detent within 10.2 pt of the largest height is shown
-- as the large (stacked) sheet instead of at its own height; iOS 26 keeps
-- the height and makes the sheet opaque and edge-attached instead.
--
-- Source: wanteddev/montage-ios #520 (one report, 2026-07)
-- Reported: iOS 18 and earlier (iOS 26 does not switch)
-- Affected: ios16 to ios18.4 on iphonese, iphone15, iphone17, iphone15promax, ipadsplit (25 profiles)
-- Workaround: none in the source
--
--   .sheet(isPresented: $show) { Tall().presentationDetents([.height(maxHeight - 5)]) }
--
-- Covers: B37

profile("iphone17-ios18.4")
local asked = math.floor(profile().max_detent_value) - 5
view {
  name = "ContentView",
  state = { show = false },
  modifiers = {
    sheet {
      isPresented = "show",
      content = { text = "tall", presentationDetents = { "height(" .. asked .. ")" } },
    },
  },
}
set("show", true)
advance()
expect(
  top().detent == "height(" .. asked .. ")" and top().height ~= asked,
  "montage-ios-520: a detent 5 pt below full height is shown at full height (B37)"
)

-- Closed, so that run --profiles compares the expectation, not each device's sizes.
dismiss()
advance()
