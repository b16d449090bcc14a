/// `:help NAME`: a function's signature and documentation, or a type's
/// fields, read from the Lua API stub (`docs/api/sheetlab.lua`, built into
/// the binary), so the REPL's help is the documentation lua-language-server
/// shows.
struct APIHelp {
    /// One documented function or type of the stub.
    struct Entry: Equatable {
        /// `set`, or `sheetlab.Presentation`.
        var name: String
        /// What the REPL prints for it.
        var text: String
    }

    /// The functions, in the stub's order.
    private(set) var functions: [Entry] = []
    /// The classes and aliases (`sheetlab.Presentation`, `sheetlab.Slot`).
    private(set) var types: [Entry] = []

    /// The stub built into the binary.
    static let builtIn = APIHelp(stub: String(decoding: PackageResources.sheetlab_lua, as: UTF8.self))

    /// Reads a LuaCATS stub: each `function NAME(...) end` with the `---`
    /// lines above it, each `---@class` with its `---@field` lines, each `---@alias`.
    init(stub: String) {
        var comments: [String] = []
        var currentClass: (name: String, lines: [String])?
        func endClass() {
            if let c = currentClass { types.append(Entry(name: c.name, text: c.lines.joined(separator: "\n"))) }
            currentClass = nil
        }
        for raw in stub.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw)
            if line.hasPrefix("---@class ") {
                endClass()
                let name = String(line.dropFirst("---@class ".count)).trimmed()
                currentClass = (name, [name] + comments.map { "  " + $0 })
                comments = []
            } else if line.hasPrefix("---@field "), currentClass != nil {
                currentClass!.lines.append("  ." + String(line.dropFirst("---@field ".count)))
            } else if line.hasPrefix("---@alias ") {
                endClass()
                let words = String(line.dropFirst("---@alias ".count))
                let name = String(words.prefix { $0 != " " })
                types.append(Entry(name: name, text: ([words] + comments.map { "  " + $0 }).joined(separator: "\n")))
                comments = []
            } else if line.hasPrefix("---") {
                endClass()
                if !line.hasPrefix("---@meta") { comments.append(String(line.dropFirst(3))) }
            } else if line.hasPrefix("function "), let open = line.firstIndex(of: "(") {
                endClass()
                let name = String(line[line.index(line.startIndex, offsetBy: 9)..<open])
                functions.append(Entry(name: name, text: Self.render(name, line: line, comments: comments)))
                comments = []
            } else {
                endClass()
                comments = []
            }
        }
        endClass()
    }

    /// `set(slot, value)`, then the description, then the parameters and results.
    static func render(_ name: String, line: String, comments: [String]) -> String {
        let signature = line.dropFirst("function ".count).replacing(" end", with: "")
        var description: [String] = []
        var details: [String] = []
        for comment in comments {
            if comment.hasPrefix("@param ") {
                details.append("  param  " + comment.dropFirst("@param ".count))
            } else if comment.hasPrefix("@return ") {
                details.append("  return " + comment.dropFirst("@return ".count))
            } else if comment.hasPrefix("@overload ") {
                details.append("  also   " + comment.dropFirst("@overload ".count))
            } else if !comment.hasPrefix("@") {
                description.append("  " + comment)
            }
        }
        return ([String(signature)] + description + details).joined(separator: "\n")
    }

    /// The help for `name`: a function (`set`), or a type with or without
    /// its `sheetlab.` prefix (`Presentation`).
    func entry(named name: String) -> Entry? {
        let name = name.hasSuffix("()") ? String(name.dropLast(2)) : name
        return functions.first { $0.name == name }
            ?? types.first { $0.name == name || $0.name == "sheetlab." + name }
    }

    /// Every name `:help` knows, for completion and for "did you mean".
    var names: [String] { functions.map(\.name) + types.map { String($0.name.split(separator: ".").last ?? "") } }
}
