import LuaRuntime

/// What an input typed at the prompt is, once Lua has tried to compile it.
enum ReplInput<Chunk> {
    /// An expression: `chunk` is `return <expression>`, whose values are printed.
    case expression(Chunk, expression: String)
    /// Statements, run as typed.
    case statement(Chunk)
    /// The input stops too early (an open `function`, `{` or string): read another line.
    case incomplete
    /// The input cannot be valid Lua, whatever follows.
    case syntaxError(LuaError)
}

/// Lua's REPL conventions for reading an input: `=expr` is `return expr`;
/// an input that compiles as `return <input>` is an expression whose values
/// are printed; otherwise it runs as statements; an input that ends too
/// early (Lua's `<eof>` errors) continues on the next line.
enum InputClassifier {
    /// Classifies `source`, compiling with `compile` (which throws Lua's syntax errors).
    ///
    /// - Parameters:
    ///   - source: the input, possibly several lines.
    ///   - compile: compiles a chunk, e.g. `runtime.load(source:chunkName:in:)`.
    /// - Returns: the compiled input, or why there is none yet.
    static func classify<Chunk>(_ source: String, compile: (String) throws(LuaError) -> Chunk) -> ReplInput<Chunk> {
        if source.hasPrefix("=") {
            let expression = String(source.dropFirst())
            do {
                return .expression(try compile("return " + expression), expression: expression)
            } catch {
                return error.isIncompleteInput ? .incomplete : .syntaxError(error)
            }
        }
        // `1 +` is incomplete as an expression but a plain error as a statement:
        // either kind of incompleteness asks for another line.
        var incompleteExpression = false
        do {
            return .expression(try compile("return " + source), expression: source)
        } catch {
            incompleteExpression = error.isIncompleteInput
        }
        do {
            return .statement(try compile(source))
        } catch {
            return error.isIncompleteInput || incompleteExpression ? .incomplete : .syntaxError(error)
        }
    }

    /// How an input that ran should be written into a saved scenario.
    ///
    /// - Parameters:
    ///   - source: the input as typed (for `=expr`, the expression).
    ///   - wasExpression: whether it ran as `return <source>`.
    ///   - compiles: whether a chunk compiles.
    /// - Returns: the form that replays it with the same effects.
    static func savedForm(of source: String, wasExpression: Bool, compiles: (String) -> Bool) -> SavedInputForm {
        if wasExpression && !compiles(source) { return .expressionOnly }
        // A statement list after a top-level `return` is a syntax error: a
        // chunk that stops compiling once a statement is appended ends in one.
        if !wasExpression && !compiles(source + "\nlocal _ = nil") { return .topLevelReturn }
        return .statements
    }
}

/// How a successful input is replayed by a saved scenario.
enum SavedInputForm: Equatable, Sendable {
    /// Statements (or a call): written as typed.
    case statements
    /// An expression that is not a statement (`top().phase`): evaluated into a local.
    case expressionOnly
    /// Statements that end with a top-level `return`: wrapped in a function,
    /// so the scenario does not stop there.
    case topLevelReturn
}
