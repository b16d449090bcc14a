import Foundation
import SheetEngine
import SheetScripting
import Testing

@testable import SheetServer

/// The app owns its loaded policies; the session and serve read them from
/// it, so they cannot disagree. Two files with the same base name in
/// different folders are two policies, through reset and reload.
@Suite struct PolicyOwnershipTests {
    /// `a/queue.lua` and `b/queue.lua` in a fresh folder.
    static func twoQueues() throws -> (a: String, b: String) {
        let root = NSTemporaryDirectory() + "sl-own-" + UUID().uuidString.prefix(8)
        for folder in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
            try "return { request = function(ctx) return nil end } -- \(folder)".write(
                toFile: "\(root)/\(folder)/queue.lua", atomically: true, encoding: .utf8)
        }
        return ("\(root)/a/queue.lua", "\(root)/b/queue.lua")
    }

    func identities(_ session: Session) -> [String] { session.policies.map(\.identity) }

    @Test func sameBaseName_inTwoFolders_staysTwoPolicies_acrossResetAndReload() throws {
        let (a, b) = try Self.twoQueues()
        let session = try Session()
        try session.loadPolicy(path: a)
        try session.loadPolicy(path: b)
        #expect(identities(session) == [a, b])
        #expect(session.app.loadedPolicies.map(\.identity) == [a, b])
        try session.reset()
        #expect(identities(session) == [a, b], "reset keeps both")
        try session.loadPolicy(path: a)
        #expect(identities(session) == [a, b], "a reload replaces a in place")
        try session.reset()
        #expect(identities(session) == [a, b])
    }

    @Test func serve_agreesWithTheSession_atEachStep() throws {
        let (a, b) = try Self.twoQueues()
        let client = ServeTestClient()
        guard case .int(let id)? = try client.call("create")["app"] else { throw Failure("no app id") }
        func served() -> [String] { client.server.apps[id]!.session.policies.map(\.identity) }
        try client.call("load_policy", ["app": .int(id), "path": .string(a)])
        try client.call("load_policy", ["app": .int(id), "path": .string(b)])
        #expect(served() == [a, b])
        try client.call("reset", ["app": .int(id)])
        #expect(served() == [a, b])
        try client.call("load_policy", ["app": .int(id), "path": .string(a)])
        #expect(served() == [a, b])
        try client.call("unload_policy", ["app": .int(id), "name": .string(a)])
        #expect(served() == [b])
        #expect(client.errorCode("unload_policy", ["app": .int(id), "name": .string("ghost.lua")]) == -32002)
    }

    @Test func unloadByName_isRefused_whenTwoPoliciesShareIt() throws {
        let (a, b) = try Self.twoQueues()
        let session = try Session()
        try session.loadPolicy(path: a)
        try session.loadPolicy(path: b)
        #expect(throws: EngineError(.ambiguousPolicy(name: "queue.lua", loaded: [a, b]))) {
            try session.unloadPolicy("queue.lua")
        }
        try session.unloadPolicy(b)
        try session.unloadPolicy("queue.lua")
        #expect(session.policies.isEmpty)
    }

    struct Failure: Error { var message: String; init(_ m: String) { message = m } }
}
