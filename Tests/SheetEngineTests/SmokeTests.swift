import Testing
@testable import SheetEngine
@Test func smoke() { #expect(Bool(true)) }
