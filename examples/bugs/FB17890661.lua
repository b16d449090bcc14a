-- FB17890661: focusing a text field in a sheet that rests at a smaller
-- detent moves the sheet to its largest detent; no API opts out of it.
--
-- Source: feedback-assistant/reports #669 (FB17890661); lodev09/react-native-true-sheet #588
-- Reported: iOS 26.0 (the FB); iOS, 2026-03 (the library)
-- Affected: ios26, ios27 on iphonese, iphone15, iphone17, iphone15promax, ipadsplit (10 profiles)
-- Workaround: none: there is no API to opt out
--
--   .sheet(isPresented: $show) {
--       Form { TextField("Name", text: $name) }.presentationDetents([.medium, .large], selection: $detent)
--   }
--
-- Covers: B48

profile("iphone17-ios26")
view {
  name = "ContentView",
  state = { show = false, detent = "medium" },
  modifiers = {
    sheet {
      isPresented = "show",
      content = { text = "form", textField = true, presentationDetents = { "medium", "large" }, selection = "detent" },
    },
  },
}
set("show", true)
advance()
focus_text_field()
advance()
expect(top().detent == "large" and get("detent") == "large", "FB17890661: focusing the field expands the sheet (B48)")

-- Closed, so that run --profiles compares the expectation, not each device's sizes.
dismiss()
advance()
