-- B09: when the view that presents a sheet leaves the hierarchy (an `if`
-- turns false, a list row is deleted, a navigation pop), its presentation
-- goes at once, without a dismiss transition, and so does anything
-- presented above it.
--
--   VStack {
--       if showDetail { DetailView() }   // DetailView has .sheet(...)
--   }
--
-- Covers: B09

view {
  name = "ContentView",
  children = {
    {
      name = "DetailView",
      state = { show = false },
      modifiers = {
        sheet {
          isPresented = "show",
          content = {
            text = "detail sheet",
            view = {
              name = "SheetView",
              state = { more = false },
              modifiers = { sheet { isPresented = "more", content = "more" } },
            },
          },
        },
      },
    },
  },
}

set("DetailView.show", true)
advance(500)
set("SheetView.more", true)
advance(500)
expect_eq(#stack(), 2)

local t = now()
remove("DetailView") -- showDetail = false
expect_eq(#stack(), 0, "B09: the presentation and the one above it are gone")
expect_eq(now(), t, "B09: at once, no time passes")
expect_eq(#timeline({ kind = "dismissing" }), 0, "B09: without a dismiss transition")
local removed = timeline({ kind = "removed" })
expect_eq(#removed, 2, "B09: both are reported as removed")
expect(removed[1].detail:find("B09", 1, true), "B09: naming the rule")
expect_eq(state().views[1].name, "ContentView", "B09: the rest of the hierarchy stays")
expect_eq(#state().views, 1, "B09: DetailView and the sheet's views are gone")
