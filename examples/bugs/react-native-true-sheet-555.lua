-- react-native-true-sheet-555: a change of the detents or of the selected
-- detent made while the sheet's present transition runs is not applied:
-- the sheet stays at the old detent while the binding says the new one.
--
-- Source: lodev09/react-native-true-sheet #555 (PRs #551, #557; consistent with HedvigInsurance/ugglan #2515)
-- Reported: iOS, version not stated (2026-02)
-- Affected: ios16 to ios27 on iphonese, iphone15, iphone17, iphone15promax, ipadsplit (35 profiles)
-- Workaround: apply the change again once the sheet is presented (the libraries do it after didPresent)
--
-- Covers: B49

profile("iphone17-ios26")
view {
  name = "ContentView",
  state = { show = false, detent = "medium" },
  modifiers = {
    sheet {
      isPresented = "show",
      content = { text = "sheet", presentationDetents = { "medium", "large" }, selection = "detent" },
    },
  },
}
set("show", true)
advance(100)
set("detent", "large") -- while the present transition runs
expect(
  top().detent == "medium" and get("detent") == "large",
  "react-native-true-sheet-555: the change made while presenting is not applied (B49)"
)
advance()

-- Closed, so that run --profiles compares the expectation, not each device's sizes.
dismiss()
advance()
