-- B05: a presenter shows one modal at a time. A second sheet asked for
-- from the same view while the first is up is ignored, with UIKit's
-- warning "attempt to present X while already presenting Y"; its binding
-- stays set. Presenting from inside the presented sheet (nesting) works.
--
--   VStack { ... }
--       .sheet(isPresented: $showFirst)  { FirstSheet() }
--       .sheet(isPresented: $showSecond) { Text("second") }
--   struct FirstSheet: View {
--       @State var showNested = false
--       var body: some View { Button("More") { showNested = true }.sheet(isPresented: $showNested) { Text("nested") } }
--   }
--
-- Covers: B05

profile("iphone15-ios17") -- several modifiers on one view work here (B10 is 14.4)

view {
  name = "ContentView",
  state = { showFirst = false, showSecond = false },
  modifiers = {
    sheet {
      isPresented = "showFirst",
      content = {
        text = "first",
        view = {
          name = "FirstSheet",
          state = { showNested = false },
          modifiers = { sheet { isPresented = "showNested", content = "nested" } },
        },
      },
    },
    sheet { isPresented = "showSecond", content = "second" },
  },
}

set("showFirst", true)
advance(500)

-- A second sheet from the same presenter: ignored with a warning.
set("showSecond", true)
expect_eq(#stack(), 1, "B05: the second sheet is not presented")
expect_eq(top().text, "first", "B05: the first one stays")
local warnings = timeline({ kind = "alreadyPresenting" })
expect_eq(#warnings, 1, "B05: one warning")
expect_eq(warnings[1].severity, "warning", "B05")
expect(warnings[1].detail:find("attempt to present ContentView.sheet(isPresented:)", 1, true),
  "B05: UIKit's message")
expect_eq(get("showSecond"), true, "B05: the binding stays set")

-- From inside the first sheet: nesting works.
set("FirstSheet.showNested", true)
advance(500)
expect_eq(#stack(), 2, "B05: a sheet presented by the sheet's content stacks on top")
expect_eq(top().text, "nested", "B05")
expect_eq(top().level, 2, "B05")
expect_eq(top().presenter, "FirstSheet", "B05: its presenter is the first sheet's view")
