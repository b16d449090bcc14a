-- Seed 003's aside, and what is known since: sheet content inherits the
-- environment of the view its modifier is attached to (fixed in the iOS 14
-- SDK, oleb.net "Sheets don't inherit the environment", updated Aug 2020),
-- so an @EnvironmentObject injected above the presenter reaches the sheet.
-- One injected only beside (or below) the presenter does not: using it fails
-- ("No ObservableObject of type EnvObject found"; SwiftUI crashes). The
-- seed's stricter claim, that a sheet sees nothing unless it is passed again
-- with .environmentObject, is the profile flag strict_environment (off).
--
--   VStack { ... }.sheet(isPresented: $sheet) { SampleView() }       // inherits
--   Sibling().environmentObject(EnvObject())                         // beside: not seen
--
-- Covers: B16

local function contentView(injectedOn, passed)
  view {
    name = "App",
    environmentObject = injectedOn == "App" and { "EnvObject" } or nil,
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
      { name = "Sibling", environmentObject = injectedOn == "Sibling" and { "EnvObject" } or nil },
    },
  }
  set("sheet", true)
end

-- Injected at the root, above the presenter: inherited, on iOS 16 (the seed's) as on 26.
profile("iphone15-ios16")
contentView("App")
expect_eq(#timeline({ kind = "contentError" }), 0, "B16: inherited from the modifier's ancestors (iOS 16)")
reset("iphone17-ios26")
contentView("App")
expect_eq(#timeline({ kind = "contentError" }), 0, "B16: inherited (iOS 26)")

-- Injected only beside the presenter: not visible; the error names the type.
reset()
contentView("Sibling")
-- expect_error both checks the error happened and tells `sheetlab test --strict` it was meant.
local errors = expect_error({ kind = "contentError" }, "B16: an object injected beside the presenter is not seen")
expect_eq(#errors, 1, "B16: one error")
expect(errors[1].detail:find("No ObservableObject of type EnvObject found", 1, true),
  "B16: the error names the missing type")

-- Passing it explicitly fixes that.
reset()
contentView("Sibling", { "EnvObject" })
expect_eq(#timeline({ kind = "contentError" }), 0, "B16: passing it with .environmentObject fixes it")

-- Seed 003's claim, as a profile flag: nothing is inherited.
reset("iphone15-ios16")
profile_flag("strict_environment", true)
contentView("App")
expect_eq(#expect_error({ kind = "contentError" }), 1, "B16 (flag strict_environment): the seed's claim")
