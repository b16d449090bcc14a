// SheetLab's embedding API.
//
// `import SheetLab` gives a host everything it needs: the presentation engine
// (SheetEngine: `SheetApp`, `Profile`, `AppState`, `Event`, `Value`, ...),
// Lua policies and scenarios (SheetScripting: `Session`, `ProfileID`,
// `LuaPolicy`, `SessionConfiguration`, `PolicySource`, `ScenarioSource`),
// Lua values and errors (LuaRuntime: `LuaError`, `LuaLimits`, `LuaValue`),
// and the few additions below (`ScenarioOutcome`, `ScenarioError`, running
// scenario files from a configuration). The session's
// engine and Lua runtime are the package's own (`package` access): the
// CLI, serve and check reach them, embedders read the app through the
// session. The DocC catalog next to this file documents it.

@_exported import LuaRuntime
@_exported import SheetEngine
@_exported import SheetScripting
