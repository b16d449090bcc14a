// SheetLab's embedding API.
//
// `import SheetLab` gives a host everything it needs: the presentation engine
// (SheetEngine: `SheetApp`, `Profile`, `AppState`, `Event`, `Value`, ...),
// Lua policies and scenarios (SheetScripting: `Session`, `LuaPolicy`,
// `ScenarioRunner`), Lua values and errors (LuaRuntime: `LuaError`,
// `LuaLimits`, `LuaValue`), and the few additions below (`PolicySource`,
// `SessionConfiguration`). The DocC catalog next to this file documents it.

@_exported import LuaRuntime
@_exported import SheetEngine
@_exported import SheetScripting
