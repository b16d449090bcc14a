-- rdar-150455117: a sheet with a zoom navigation transition is presented as
-- a full-screen cover in compact width, not as a sheet.
--
-- Source: iOS & iPadOS 26 release notes, SwiftUI, 150455117 (fixed in iOS 26)
-- Reported: before iOS 26
-- Affected: ios18.0, ios18.4 on iphonese, iphone15, iphone17, iphone15promax, ipadsplit (10 profiles)
-- Workaround: none; iOS 26 fixed it (to keep a cover there, .presentationSizing(.page) with
--   .presentationCompactAdaptation(.fullScreen))
--
--   Photo().matchedTransitionSource(id: "photo", in: ns)
--       .sheet(isPresented: $show) { Detail().navigationTransition(.zoom(sourceID: "photo", in: ns)) }
--
-- Covers: B39

profile("iphone17-ios18.4")
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
expect(top().style == "fullScreen", "rdar-150455117: the zoom sheet is presented as a full-screen cover (B39)")

-- Closed, so that run --profiles compares the expectation, not each device's sizes.
set("show", false)
advance()
