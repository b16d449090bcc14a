-- B07: the DismissAction (@Environment(\.dismiss)) dismisses the
-- presentation the calling view is in. Called from a view that is not
-- presented, it does nothing. dismiss("View") calls it from that view;
-- dismiss() from the top presentation.
--
--   struct SheetView: View {
--       @Environment(\.dismiss) var dismiss
--       var body: some View { Button("Close") { dismiss() } }
--   }
--
-- Covers: B07, B02, B06

view {
  name = "ContentView",
  state = { show = false },
  modifiers = {
    sheet {
      isPresented = "show",
      content = {
        text = "sheet",
        view = {
          name = "SheetView",
          state = { showNested = false },
          modifiers = {
            sheet { isPresented = "showNested", content = { text = "nested", view = { name = "NestedView" } } },
          },
        },
      },
    },
  },
}

-- Not presented: nothing happens.
dismiss("ContentView")
expect_eq(#timeline({ kind = "dismissIgnored" }), 1, "B07: dismiss() on a view that is not presented does nothing")

set("show", true)
advance(500)
dismiss("ContentView") -- ContentView is the presenter, not inside the sheet
expect_eq(top().phase, "presented", "B07: the presenter's own dismiss does not close its sheet")
expect_eq(#timeline({ kind = "dismissIgnored" }), 2, "B07")

-- From inside the sheet: it closes, and the binding is written back at the end.
dismiss("SheetView")
expect_eq(top().phase, "dismissing", "B07: the sheet's DismissAction closes it")
expect_eq(get("show"), true, "B02: the binding is still set while dismissing")
advance(500)
expect_eq(top(), nil, "B07")
expect_eq(get("show"), false, "B02: written back when the transition ends")
expect_eq(timeline({ kind = "dismissed" })[1].detail, "dismissAction", "B07: the cause is on the timeline")

-- Nested: each view's DismissAction closes its own presentation.
set("show", true)
advance(500)
set("SheetView.showNested", true)
advance(500)
dismiss("NestedView")
advance(500)
expect_eq(#stack(), 1, "B07: NestedView's dismiss closes only the nested sheet")
expect_eq(get("SheetView.showNested"), false, "B02")

set("SheetView.showNested", true)
advance(500)
dismiss("SheetView")
expect_eq(#stack(), 2)
advance(500)
expect_eq(#stack(), 0, "B06: SheetView's dismiss closes its sheet and the one above it")
