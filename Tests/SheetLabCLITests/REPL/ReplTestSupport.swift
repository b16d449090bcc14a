import Foundation
import LuaRuntime
import SheetScripting

@testable import SheetLabCLI

/// The repository's root folder, from this file's path.
let replRepositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .path

/// A REPL on a fresh session, writing into memory, with paths relative to the repository.
func makeRepl(
    policies: [String] = [], load: String? = nil, interactive: Bool = false, limits: LuaLimits = LuaLimits()
) throws -> (Repl, Output) {
    let out = Output(capturing: true)
    let session = try Session(limits: limits)
    session.printHandler = { out.line($0) }
    var options = Repl.Options()
    options.policies = policies
    options.load = load
    options.interactive = interactive
    options.folder = replRepositoryRoot
    let repl = try Repl(session: session, out: out, options: options)
    repl.start()
    return (repl, out)
}

/// Feeds lines and returns what they printed (standard output, standard error).
@discardableResult
func feed(_ repl: Repl, _ out: Output, _ lines: String...) -> (out: String, err: String) {
    let before = out.captured!
    for text in lines {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) { repl.feed(String(line)) }
    }
    let after = out.captured!
    return (String(after.out.dropFirst(before.out.count)), String(after.err.dropFirst(before.err.count)))
}
