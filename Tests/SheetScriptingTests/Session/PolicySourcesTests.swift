import Foundation
import LuaRuntime
import Testing

@testable import SheetScripting

/// `Session.policySources`: a policy file's text given in place of the
/// file (what `--watch` keeps of a policy that no longer loads).
@Suite struct PolicySourcesTests {
    static func file(_ text: String) -> String { temporaryPolicy(text) }

    @Test func aGivenSource_isLoadedInPlaceOfTheFile_underTheFilesPath() throws {
        let path = Self.file("return {\n")  // broken on disk
        let session = try Session()
        session.policySources = [
            Session.canonicalPath(path): "return {\n  request = function() return 'queue' end,\n}\n"
        ]
        try session.loadPolicy(path: path)
        let policy = try #require(session.policies.first as? LuaPolicy)
        #expect(policy.path == path)
        #expect(policy.hooks.contains(.request))
    }

    @Test func errorsInAGivenSource_nameTheFileAndLine() throws {
        let path = Self.file("return {}\n")
        let session = try Session()
        session.policySources = [Session.canonicalPath(path): "return {\n  request = 3,\n  nope(\n}\n"]
        #expect {
            try session.loadPolicy(path: path)
        } throws: { error in
            "\(error)".hasPrefix(path + ":")
        }
        #expect(session.policies.isEmpty)
    }

    @Test func canonicalPath_knowsAFileHoweverItIsNamed() {
        let path = Self.file("return {}\n")
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let roundabout = folder.appendingPathComponent("x/../" + URL(fileURLWithPath: path).lastPathComponent).path
        #expect(Session.canonicalPath(roundabout) == Session.canonicalPath(path))
    }
}
