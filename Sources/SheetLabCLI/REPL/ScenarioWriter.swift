import LuaRuntime
import SheetScripting

/// Writes a `SessionRecord` as a scenario file that `sheetlab run`
/// replays to the same timeline (`:save FILE`).
///
/// `sheetlab run` resolves relative `policy()` paths against the scenario's
/// folder, while the REPL resolved them against the folder it ran in. So
/// policies the REPL loaded are written relative to the saved file, and
/// when an input typed a relative `policy()` path somewhere else, the file
/// starts with a local `policy` that resolves it against that folder.
struct ScenarioWriter {
    /// The folder the scenario is saved in (absolute).
    var folder: String
    /// The Lua that builds the REPL's starting app.
    var starterSource: String = StarterApp.source
    /// A first comment line, e.g. with the tool's version.
    var title: String = "A sheetlab repl session"

    /// Where a step's Lua is in the scenario text: its first line is line
    /// `firstLine` of the text (what the REPL's debugger maps back to an
    /// input or to the `--load`ed file).
    struct Placement: Equatable, Sendable {
        /// The step's index in the record.
        var step: Int
        var firstLine: Int
        var lineCount: Int
    }

    /// The scenario text.
    func render(_ record: SessionRecord) -> String { layout(record).text }

    /// The scenario text, and where each input's and set-up's Lua is in it.
    func layout(_ record: SessionRecord) -> (text: String, placements: [Placement]) {
        let needsPolicyShim = record.steps.contains { step in
            guard let (source, _, from) = Self.lua(of: step) else { return false }
            return from != folder && Self.words(source).contains("policy")
        }
        // `_` is the REPL's last value: when an input reads it, inputs that returned a value set it.
        let readsLastValue = record.steps.contains { step in
            guard let (source, _, _) = Self.lua(of: step) else { return false }
            return Self.words(source).contains("_")
        }
        let needsShowStub = record.steps.contains { step in
            guard let (source, _, _) = Self.lua(of: step) else { return false }
            return Self.words(source).contains("show")
        }
        var lines = [
            "-- \(title), saved by :save.",
            "-- Replay it with: sheetlab run <this file>",
        ]
        var promptFolder: String?
        if needsShowStub {
            lines += ["", "local function show() end -- show() draws the screen in the REPL only"]
        }
        if needsPolicyShim {
            lines += [
                "",
                "-- Relative policy() paths typed in the REPL were relative to the folder it ran in.",
                "local policy_here = policy",
                "local repl_folder = \".\"",
                "local function policy(path)",
                "  if path:sub(1, 1) ~= \"/\" then path = repl_folder .. \"/\" .. path end",
                "  return policy_here(path)",
                "end",
            ]
        }
        let loadPolicy = needsPolicyShim ? "policy_here" : "policy"
        var typedHeader = false
        var placements: [Placement] = []
        /// Appends the Lua of step `index`, `piece`, which holds the step's `source` whole.
        func place(_ piece: String, source: String, step index: Int) {
            let before = lines.reduce(0) { $0 + 1 + $1.filter { $0 == "\n" }.count }
            let text = source.trimmingTrailingNewlines
            let offset = piece.firstRange(of: text).map { piece[..<$0.lowerBound].filter { $0 == "\n" }.count } ?? 0
            placements.append(
                Placement(step: index, firstLine: before + 1 + offset, lineCount: text.filter { $0 == "\n" }.count + 1))
            lines.append(piece)
        }
        for (index, step) in record.steps.enumerated() {
            switch step {
            case .profile(let name):
                lines += ["", "profile(\(LuaSyntax.quote(name)))"]
            case .policy(let path):
                lines.append("\(loadPolicy)(\(LuaSyntax.quote(Self.relative(path, from: folder))))")
            case .starterApp:
                lines += ["", "-- The REPL's starting app", starterSource.trimmingTrailingNewlines]
                typedHeader = false
            case .reset(let profile):
                lines += ["", "reset(\(profile.map(LuaSyntax.quote) ?? ""))"]
            case .input(let source, let form, let from, _), .loaded(_, let source, let form, let from):
                if case .loaded(let path, _, _, _) = step {
                    lines += [""] + LuaSyntax.comment("Set up by \(path) (--load)", prefix: "-- ")
                    typedHeader = false
                } else if !typedHeader {
                    lines += ["", "-- At the prompt"]
                    typedHeader = true
                }
                if needsPolicyShim, Self.words(source).contains("policy"), promptFolder != from {
                    lines.append("repl_folder = \(LuaSyntax.quote(Self.relative(from, from: folder)))")
                    promptFolder = from
                }
                if readsLastValue, case .input(_, _, _, true) = step {
                    place("_ = select(1,\n\(source.trimmingTrailingNewlines)\n)", source: source, step: index)
                } else {
                    place(Self.replayable(source, form: form), source: source, step: index)
                }
            case .failed(let source, let error, _):
                lines += LuaSyntax.comment(
                    "not replayed: this input stopped with an error (\(Self.oneLine(error)))", prefix: "-- ")
                lines += LuaSyntax.comment(source.trimmingTrailingNewlines)
            }
        }
        return (lines.joined(separator: "\n") + "\n", placements)
    }

    /// The Lua of a step that ran some: its source, form and folder.
    static func lua(of step: SessionRecord.Step) -> (String, SavedInputForm, String)? {
        switch step {
        case .input(let source, let form, let folder, _), .loaded(_, let source, let form, let folder):
            return (source, form, folder)
        default:
            return nil
        }
    }

    /// An input written so that it runs as it did at the prompt, where each
    /// input was its own chunk: its locals stay inside it, a top-level
    /// `return` does not end the scenario, an expression is evaluated, and a
    /// leading `(` does not continue the previous input as a call.
    static func replayable(_ source: String, form: SavedInputForm) -> String {
        let text = source.trimmingTrailingNewlines
        switch form {
        case .expressionOnly:
            return "do local _ = \(text) end"
        case .topLevelReturn:
            return ";(function(...)\n\(text)\nend)(...)"
        case .statements:
            if declaresLocals(text) { return "do\n\(text)\nend" }
            // After the previous input, `(` would call what that input ended with.
            return text.drop { $0 == " " || $0 == "\t" || $0 == "\n" }.hasPrefix("(") ? ";" + text : text
        }
    }

    /// Whether `text` may declare a local, a label or a goto at its top level
    /// (a conservative word test: wrapping in `do ... end` is harmless).
    static func declaresLocals(_ text: String) -> Bool {
        let words = words(text)
        return words.contains("local") || words.contains("goto") || text.contains("::")
    }

    /// The names (and keywords) in `text`, strings and comments included.
    static func words(_ text: String) -> Set<String> {
        let chars = Array(text)
        var words: Set<String> = []
        var i = 0
        while i < chars.count {
            guard LuaSyntax.isNameCharacter(chars[i]) else {
                i += 1
                continue
            }
            var j = i
            while j < chars.count, LuaSyntax.isNameCharacter(chars[j]) { j += 1 }
            words.insert(String(chars[i..<j]))
            i = j
        }
        return words
    }

    /// `path` relative to `folder` when they share more than the root, else `path`.
    /// Both are absolute and normalised (no `.` or `..` parts).
    static func relative(_ path: String, from folder: String) -> String {
        let target = path.split(separator: "/")
        let base = folder.split(separator: "/")
        var common = 0
        while common < target.count, common < base.count, target[common] == base[common] { common += 1 }
        guard common > 0 else { return path }
        let ups = Array(repeating: "..", count: base.count - common)
        let parts = ups + target[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    static func oneLine(_ text: String) -> String {
        text.split(separator: "\n").first.map(String.init) ?? ""
    }
}

extension String {
    /// The text without the newlines (and carriage returns) at its end.
    var trimmingTrailingNewlines: String {
        var text = self
        while let last = text.last, last == "\n" || last == "\r" { text.removeLast() }
        return text
    }
}
