import Foundation
import LuaRuntime
import SheetEngine

@testable import SheetScripting

/// The repository's root, for reading examples and fixtures.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// A path below the repository root.
func repoPath(_ relative: String) -> String { repositoryRoot + "/" + relative }

/// Writes a policy to a temporary file and returns its path.
func temporaryPolicy(_ source: String, name: String = "policy.lua") -> String {
    // Short, so that Lua does not abbreviate the chunk name in messages.
    let dir = "/tmp/sl-" + UUID().uuidString.prefix(8)
    try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let path = dir + "/" + name
    try! source.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// A session with seed 000's item sheet.
func itemSheetSession(limits: LuaLimits = LuaLimits()) throws -> Session {
    let session = try Session(limits: limits)
    session.printHandler = { _ in }
    try session.evaluate(
        """
        view { name = "ContentView", state = { "item" },
          modifiers = { sheet { item = "item", content = function(c) return "item " .. c.item.id end } } }
        """)
    return session
}

extension Event {
    /// The event with the deciding policy's name replaced, so that a Lua
    /// policy and its native twin compare equal.
    func normalized() -> Event {
        var e = self
        if case .policy? = e.decider { e.decider = .policy("policy") }
        return e
    }
}
