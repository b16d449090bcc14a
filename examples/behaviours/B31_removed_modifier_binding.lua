-- B31: when a sheet modifier leaves the hierarchy while it presents, the
-- sheet goes at once (B09). Its binding, when it lives on in a view that
-- stays, is left as it was on iOS 18 and later; before 18 it is reset.
--
--   struct ContentView: View {
--       @State var show = false
--       var body: some View {
--           if showDetail { DetailView(show: $show) }   // .sheet(isPresented: $show)
--       }
--   }
--
-- Covers: B31, B09

local function contentView()
  view {
    name = "ContentView",
    state = { show = false },
    children = {
      { name = "DetailView", modifiers = { sheet { isPresented = "ContentView.show", content = "detail" } } },
    },
  }
end

profile("iphone17-ios18.4")
contentView()
set("show", true)
advance(500)
remove("DetailView")
expect_eq(#stack(), 0, "B09: the sheet goes at once")
expect_eq(get("ContentView.show"), true, "B31: on 18+ the binding is left as it was")
expect(timeline({ kind = "removed" })[1].detail:find("B31", 1, true), "B31: the timeline says so")
expect_eq(#timeline({ kind = "writeBack" }), 0, "B31: no write-back")

reset("iphone15-ios17")
contentView()
set("show", true)
advance(500)
remove("DetailView")
expect_eq(get("ContentView.show"), false, "B31: before 18 the binding is reset")
local reset_ = timeline({ kind = "writeBack" })
expect_eq(#reset_, 1, "B31: as a write-back")
expect_eq(reset_[1].rule, "B31", "B31: by this rule")
