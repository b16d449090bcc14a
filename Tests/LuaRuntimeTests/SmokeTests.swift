import Testing
@testable import LuaRuntime
@Test func smoke() { #expect(Bool(true)) }
