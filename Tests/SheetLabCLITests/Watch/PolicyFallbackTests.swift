import Foundation
import LuaRuntime
import SheetScripting
import Testing

@testable import SheetLabCLI

/// Under `--watch`, a policy edited into something that does not load is
/// replaced by its last good text, with its error, until it loads again.
@Suite struct PolicyFallbackTests {
    static let good = "return { request = function(ctx) return nil end }\n"

    static func policy() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fallback-\(UUID().uuidString).lua")
            .path
        FileManager.default.createFile(atPath: path, contents: Data(good.utf8))
        return path
    }

    @Test func aBrokenPolicy_isReplacedByItsLastGoodText_untilItLoads() throws {
        let path = Self.policy()
        let fallback = PolicyFallback()
        let session = try Session()
        try session.loadPolicy(path: path)
        fallback.remember(session, limits: LuaLimits())
        #expect(fallback.check(limits: LuaLimits()).isEmpty)

        FileManager.default.createFile(atPath: path, contents: Data("return {\n".utf8))
        let errors = fallback.check(limits: LuaLimits())
        #expect(errors.count == 1)
        #expect(errors.first?.description.contains("unexpected symbol near <eof>") == true)
        #expect(fallback.sources == [Session.canonicalPath(path): Self.good])

        // The next run loads the good text in place of the broken file.
        let next = try Session()
        next.policySources = fallback.sources
        try next.loadPolicy(path: path)
        #expect(next.policies.map(\.name) == [URL(fileURLWithPath: path).lastPathComponent])
        fallback.remember(next, limits: LuaLimits())
        #expect(fallback.lastGood[Session.canonicalPath(path)] == Self.good, "the broken text is not remembered")

        FileManager.default.createFile(atPath: path, contents: Data(Self.good.utf8))
        #expect(fallback.check(limits: LuaLimits()).isEmpty)
        #expect(fallback.sources.isEmpty)
    }
}
