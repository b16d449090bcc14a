import Foundation
import Testing

/// `.luacheckrc` declares exactly the globals `docs/api/sheetlab.lua`
/// documents, so that `luacheck examples` knows every SheetLab function and
/// flags anything else.
@Suite struct LuacheckConfigTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// `function NAME(` at the start of a line of the stub.
    static func stubGlobals() throws -> Set<String> {
        var out: Set<String> = []
        for line in try read("docs/api/sheetlab.lua").split(separator: "\n") where line.hasPrefix("function ") {
            let name = line.dropFirst("function ".count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            out.insert(String(name))
        }
        return out
    }

    /// The quoted names inside `read_globals = { ... }`.
    static func configGlobals() throws -> Set<String> {
        let text = try read(".luacheckrc")
        guard let start = text.range(of: "read_globals = {"), let end = text[start.upperBound...].firstIndex(of: "}")
        else { return [] }
        var out: Set<String> = []
        for line in text[start.upperBound..<end].split(separator: "\n") {
            let code = line.components(separatedBy: "--")[0]
            for (i, part) in code.split(separator: "\"", omittingEmptySubsequences: false).enumerated() where i % 2 == 1
            {
                out.insert(String(part))
            }
        }
        return out
    }

    @Test func readGlobals_areTheStubsFunctions() throws {
        let stub = try Self.stubGlobals()
        let config = try Self.configGlobals()
        #expect(!stub.isEmpty)
        #expect(
            config.subtracting(stub).isEmpty, "in .luacheckrc but not in the stub: \(config.subtracting(stub).sorted())"
        )
        #expect(
            stub.subtracting(config).isEmpty, "in the stub but not in .luacheckrc: \(stub.subtracting(config).sorted())"
        )
    }

    @Test func std_isLua54() throws {
        #expect(try Self.read(".luacheckrc").contains("std = \"lua54\""))
    }
}
