-- Seed 003's aside: the view hierarchy is cut between the inside and the
-- outside of a sheet. An @EnvironmentObject available to the presenter is
-- not available in the sheet unless it is passed again; using it crashes
-- ("No ObservableObject of type EnvObject found").
--
--   @EnvironmentObject var envObject: EnvObject
--   VStack { ... /* envObject works here */ }
--       .sheet(isPresented: $sheet) {
--           SampleView().environmentObject(envObject)   // needed
--       }
--
-- Which OS versions inherit it is a profile rule: the engine's profiles say
-- it is not inherited before iOS 17 (the seed's iOS 16) and assume it is
-- from iOS 17.
--
-- Covers: B16

local function contentView(passed)
  view {
    name = "App",
    environmentObject = { "EnvObject" }, -- .environmentObject(EnvObject()) at the root
    children = {
      {
        name = "ContentView",
        state = { sheet = false },
        modifiers = {
          sheet {
            isPresented = "sheet",
            content = {
              text = "SampleView",
              uses = { "EnvObject" },              -- SampleView reads @EnvironmentObject
              environmentObject = passed,          -- .environmentObject(envObject), or not
            },
          },
        },
      },
    },
  }
  set("sheet", true)
end

-- iOS 16, not passed: the sheet's content fails, naming the type.
profile("iphone15-ios16")
contentView(nil)
-- expect_error both checks the error happened and tells `sheetlab test --strict` it was meant.
local errors = expect_error({ kind = "contentError" }, "B16: the sheet does not inherit the environment object")
expect_eq(#errors, 1, "B16: one error")
expect(errors[1].detail:find("No ObservableObject of type EnvObject found", 1, true),
  "B16: the error names the missing type")
expect_eq(errors[1].severity, "error", "B16")

-- iOS 16, passed explicitly: fine.
reset()
contentView({ "EnvObject" })
expect_eq(#timeline({ kind = "contentError" }), 0, "B16: passing it with .environmentObject fixes it")

-- iOS 17: the profile rule says sheets inherit it.
reset("iphone15-ios17")
contentView(nil)
expect_eq(#timeline({ kind = "contentError" }), 0, "B16: inherited from iOS 17 (profile rule)")
