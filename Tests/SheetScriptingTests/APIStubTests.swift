import Foundation
import Testing

@testable import SheetScripting

/// `docs/api/sheetlab.lua` documents exactly the functions registered with Lua.
@Suite struct APIStubTests {
    /// Names declared as `function NAME(` in the stub.
    static func stubFunctions() throws -> Set<String> {
        let text = try String(contentsOfFile: repoPath("docs/api/sheetlab.lua"), encoding: .utf8)
        var names: Set<String> = []
        for line in text.split(separator: "\n") where line.hasPrefix("function ") {
            let rest = line.dropFirst("function ".count)
            if let paren = rest.firstIndex(of: "(") { names.insert(String(rest[..<paren])) }
        }
        return names
    }

    @Test func everyRegisteredGlobal_isInTheStub_andNothingElse() throws {
        let session = try Session()
        let registered = Set(session.registeredGlobals)
        let stub = try Self.stubFunctions()
        #expect(registered.subtracting(stub).isEmpty, "registered but not documented")
        #expect(stub.subtracting(registered).isEmpty, "documented but not registered")
        #expect(registered.count == session.registeredGlobals.count, "no name is registered twice")
    }

    @Test func everyPolicyHook_isInTheStub() throws {
        let text = try String(contentsOfFile: repoPath("docs/api/sheetlab.lua"), encoding: .utf8)
        for hook in LuaPolicy.hookNames {
            #expect(text.contains("---@field \(hook)? "), "\(hook)")
        }
    }
}
