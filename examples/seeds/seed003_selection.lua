-- Seed 003's SheetStateView: a detent selection binding. The binding always
-- reflects the current detent, and setting it moves the sheet ("Change"
-- button). It must name one of the detents. A change made by code is
-- silent; one made by dragging is a user change (UIKit's delegate). With a
-- selection binding the sheet reopens at the detent it was closed at.
--
--   @State private var sheet = false
--   @State private var presentationDetent = PresentationDetent.medium
--   .sheet(isPresented: $sheet) {
--       NavigationStack {
--           VStack {
--               Text(presentationDetent == .medium ? "medium" : "large")
--               Button("Change") { presentationDetent = presentationDetent == .medium ? .large : .medium }
--           }
--       }.presentationDetents([.medium, .large], selection: $presentationDetent)
--   }
--
-- Covers: B23, B24, B29, B22

profile("iphone15-ios17")

view {
  name = "SheetStateView",
  state = { sheet = false, presentationDetent = "medium" },
  modifiers = {
    sheet {
      isPresented = "sheet",
      content = function(c)
        -- The sheet's body reads the binding, so it follows every change.
        local detent = c.binding("presentationDetent")
        return {
          text = detent == "medium" and "medium" or "large",
          presentationDetents = { "medium", "large" },
          selection = "presentationDetent",
        }
      end,
    },
  },
}

local function tapChange() -- Button("Change")
  set("presentationDetent", get("presentationDetent") == "medium" and "large" or "medium")
end

set("sheet", true)
advance(500)
expect_eq(top().detent, "medium", "B22: a selection binding chooses the initial detent")
expect_eq(top().text, "medium")

-- Code changes the binding: the sheet moves, silently.
tapChange()
expect_eq(top().detent, "large", "B23: setting the binding moves the sheet")
expect_eq(top().height, 783)
expect_eq(top().text, "large", "B23: the content sees the new value")
expect_eq(#timeline({ kind = "detentChanged" }), 1, "B29: a programmatic change is recorded")
expect_eq(#timeline({ kind = "userChangedDetent" }), 0, "B29: but it is not a user change")

-- The user drags it down to medium: the binding follows.
drag(400)
release()
expect_eq(top().detent, "medium", "B23: the drag settles on medium")
expect_eq(get("presentationDetent"), "medium", "B23: the binding reflects the sheet")
expect_eq(top().text, "medium")
local changes = timeline({ kind = "userChangedDetent" })
expect_eq(#changes, 1, "B29: a drag is a user change")
expect_eq(changes[1].detent, "medium", "B29")

-- A value outside the set is an error; the sheet stays where it is.
set("presentationDetent", "fraction(0.3)")
local invalid = timeline({ kind = "invalidSelection" })
expect_eq(#invalid, 1, "B23: a detent outside the set is an error")
expect_eq(invalid[1].severity, "error", "B23")
expect_eq(top().detent, "medium", "B23: the sheet stays")
expect_eq(get("presentationDetent"), "medium", "B23: and the binding is put back")

-- Close at large, reopen: it opens at large.
tapChange()
set("sheet", false) -- Button("Close") { sheet.toggle() }
advance(500)
expect_eq(get("presentationDetent"), "large", "B24: the selection outlives the sheet")
set("sheet", true)
expect_eq(top().detent, "large", "B24: the sheet reopens at the detent it was closed at")
