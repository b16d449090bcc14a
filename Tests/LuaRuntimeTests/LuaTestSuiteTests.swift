import Testing

@testable import LuaRuntime

/// Lua 5.4.4's own tests (`testes/`) of what the sandbox offers, run inside
/// it: code that uses only the sandbox behaves as in plain Lua. The files are
/// in `Fixtures/lua-5.4.4-tests` (MIT, see the LICENSE there); every line
/// removed or changed for the sandbox says why in a "SheetLab:" comment.
@Suite struct LuaTestSuiteTests {
    // Not Foundation's URL: importing Foundation here would change how
    // `contains` resolves in every file of this test module.
    static let folder = String(#filePath.prefix(upTo: #filePath.lastIndex(of: "/")!)) + "/Fixtures/lua-5.4.4-tests"

    struct TestFile: CustomTestStringConvertible, Sendable {
        let name: String
        /// The memory cap in MiB when the file needs more than the default.
        var memoryMiB: Int?
        var testDescription: String { name }
    }

    static let files: [TestFile] = [
        TestFile(name: "strings.lua"), TestFile(name: "pm.lua"), TestFile(name: "sort.lua"),
        TestFile(name: "utf8.lua"), TestFile(name: "tpack.lua"), TestFile(name: "math.lua"),
        TestFile(name: "nextvar.lua"), TestFile(name: "closure.lua"), TestFile(name: "goto.lua"),
        TestFile(name: "literals.lua"), TestFile(name: "vararg.lua"), TestFile(name: "events.lua"),
        TestFile(name: "calls.lua"), TestFile(name: "coroutine.lua"), TestFile(name: "bitwise.lua"),
        // Its heaviest test compiles nested expressions four levels deep: about 40 MiB.
        TestFile(name: "constructs.lua", memoryMiB: 64),
        // Both overflow the Lua stack on purpose: its 1,000,000 slots and their
        // call records need more than 16 MiB, so the default cap would be
        // reached before the stack limit they test.
        TestFile(name: "locals.lua", memoryMiB: 128),
        TestFile(name: "errors.lua", memoryMiB: 128),
    ]

    @Test(arguments: files)
    func luaTestFile_passesInTheSandbox(file: TestFile) throws {
        var limits = LuaLimits()
        if let mib = file.memoryMiB { limits.memory = mib << 20 }
        let lua = try LuaRuntime(limits: limits)
        var output: [String] = []
        lua.printHandler = { output.append($0) }
        do {
            let chunk = try lua.load(path: LuaTestSuiteTests.folder + "/" + file.name)
            _ = try lua.call(chunk, budgetMilliseconds: limits.scriptBudgetMilliseconds)
        } catch {
            Issue.record("\(error)\n\(error.traceback ?? "")\noutput:\n\(output.suffix(5).joined(separator: "\n"))")
        }
        #expect(output.last == "OK" || output.last == "ok", "\(output.suffix(3))")
        #expect(lua.warnings.isEmpty, "\(lua.warnings)")
    }
}
