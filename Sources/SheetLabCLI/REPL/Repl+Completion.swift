import LuaRuntime
import SheetEngine
import SheetServer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Tab completion: `:` commands and the files they take, slot names inside
/// `set("`, `get("` and `binding("`, globals, fields of what an expression
/// gives, method names.
extension Repl {
    /// The standard globals scripts see in the sandbox (those missing are left out at run time).
    static let standardGlobals = [
        "assert", "collectgarbage", "coroutine", "error", "getmetatable", "ipairs", "load", "math", "next",
        "os", "pairs", "pcall", "print", "rawequal", "rawget", "rawlen", "rawset", "select", "setmetatable",
        "string", "table", "tonumber", "tostring", "type", "utf8", "warn", "xpcall", "_VERSION",
    ]

    /// Completes the text before the cursor.
    /// - Parameter text: the current line up to the cursor.
    /// - Returns: what to insert at the cursor, and the candidates to list
    ///   when there are several and nothing to insert.
    func complete(_ text: String) -> (insert: String, list: [String]) {
        switch CompletionQuery.context(of: text) {
        case .command(let partial):
            return CompletionQuery.resolve(partial: partial, candidates: Self.commands.map { $0 + " " })
        case .file(let partial, let luaOnly):
            let (insert, list) = CompletionQuery.resolve(
                partial: partial, candidates: files(matching: partial, luaOnly: luaOnly))
            return (insert, list.map(Self.lastComponent))
        case .slot(let partial):
            let (insert, list) = CompletionQuery.resolve(partial: partial, candidates: slotNames())
            // A whole name closes its string: `set("selectedItem"`.
            let complete = !insert.isEmpty && slotNames().contains(partial + insert)
            return (insert + (complete ? "\"" : ""), list)
        case .help(let partial):
            return CompletionQuery.resolve(partial: partial, candidates: APIHelp.builtIn.names + ["show"])
        case .breakpoint(let partial):
            if partial.contains("/") || partial.hasPrefix(".") {
                let (insert, list) = CompletionQuery.resolve(
                    partial: partial, candidates: files(matching: partial, luaOnly: true))
                return (insert, list.map(Self.lastComponent))
            }
            return CompletionQuery.resolve(partial: partial, candidates: Self.breakpointNames)
        case .lua:
            return CompletionQuery.resolve(
                partial: CompletionQuery.parse(text)?.partial ?? "", candidates: candidates(for: text))
        }
    }

    /// What `:break` completes to: the filters, the event kinds, the rules, `clear`.
    static var breakpointNames: [String] {
        ["warning", "error", "failedExpectation", "clear"] + EventKind.allCases.map(\.rawValue)
            + RuleID.allCases.map(\.rawValue)
    }

    /// Every name that could complete the Lua text before the cursor (functions end with "(").
    func candidates(for text: String) -> [String] {
        guard let query = CompletionQuery.parse(text) else { return [] }
        guard let base = query.base else {
            let names = session.registeredGlobals + ["show"] + Repl.standardGlobals
            return (lua.globalNames(names) + LuaSyntax.keywords).filter { $0.hasPrefix(query.partial) }
        }
        guard CompletionQuery.isSafe(base),
            let chunk = try? session.runtime.load(
                source: "return " + base, chunkName: "=completion", in: session.environment)
        else { return [] }
        return lua.fieldNames(of: chunk, methods: query.separator == ":").filter { $0.hasPrefix(query.partial) }
    }

    /// The slots a script can name: `View.slot` for every slot, and the bare
    /// `slot` where only one view has it.
    func slotNames() -> [String] {
        let views = session.app.state().views
        var count: [String: Int] = [:]
        for view in views { for slot in view.state { count[slot.name, default: 0] += 1 } }
        let bare = count.filter { $0.value == 1 }.map(\.key)
        let qualified = views.flatMap { view in view.state.map { "\(view.name).\($0.name)" } }
        return (bare + qualified).sorted()
    }

    /// The files and folders whose paths start with `partial` (relative to
    /// the REPL's folder unless absolute); folders end with `/`. Hidden
    /// entries only when the name typed starts with a dot.
    func files(matching partial: String, luaOnly: Bool) -> [String] {
        let slash = partial.lastIndex(of: "/")
        let folderPart = slash.map { String(partial[...$0]) } ?? ""
        let prefix = slash.map { String(partial[partial.index(after: $0)...]) } ?? partial
        let folder = folderPart.hasPrefix("/") ? folderPart : options.folder + "/" + folderPart
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.sorted().compactMap { name in
            guard name.hasPrefix(prefix), !name.hasPrefix(".") || prefix.hasPrefix(".") else { return nil }
            let isFolder = FileSystem.kind(at: folder + name) == .directory
            if !isFolder, luaOnly, !name.hasSuffix(".lua") { return nil }
            return folderPart + name + (isFolder ? "/" : "")
        }
    }

    /// `examples/policies/` -> `policies/`, `a/queue.lua` -> `queue.lua`: what the list shows.
    static func lastComponent(_ path: String) -> String {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        let name = trimmed.split(separator: "/").last.map(String.init) ?? trimmed
        return name + (path.hasSuffix("/") ? "/" : "")
    }
}
