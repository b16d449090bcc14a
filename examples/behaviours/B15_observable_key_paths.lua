-- B15 on iOS 18+: `_printChanges()` names the changed key path of a property
-- of an `@Observable` model (`\Model.count`); before 18 it printed
-- `@dependencies` (release notes 111392797). `@State` slots print `_name`
-- on every version.
--
--   @Observable final class Model { var count = 0 }
--   struct ContentView: View {
--       let model: Model
--       @State var title = ""
--       var body: some View { let _ = Self._printChanges(); Text("\(model.count) \(title)") }
--   }
--
-- Covers: B15

local function contentView()
  view {
    name = "ContentView",
    state = { count = 0, title = "" },
    observable = { count = "Model" },
    reads = { "count", "title" },
  }
end

local function printed()
  local out = {}
  for _, e in ipairs(timeline({ kind = "bodyEvaluated" })) do
    out[#out + 1] = e.detail
  end
  return out
end

profile("iphone17-ios18.4")
contentView()
set("count", 1)
set("title", "x")
expect_eq(printed(), { "ContentView: \\Model.count changed.", "ContentView: _title changed." }, "B15: key path on 18+")

reset("iphone15-ios17")
contentView()
set("count", 1)
expect_eq(printed(), { "ContentView: @dependencies changed." }, "B15: @dependencies before 18")
