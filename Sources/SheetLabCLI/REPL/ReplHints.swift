/// What the REPL says when a habit from another REPL meets the sandbox:
/// `help()`, `exit()`, `os.exit()`, `io.write`, `require`. Lua's own error
/// stays; the hint follows it.
enum ReplHints {
    /// Bare inputs that mean `:help` when the session defines no such global.
    static let helpWords: Set<String> = ["?", "help", "help()"]

    /// The global (or library field) an error message is about, mapped to its hint.
    private static let hints: [(fragment: String, hint: String)] = [
        ("(global 'help')", "type :help for the commands and a walk-through, :help NAME for one function"),
        ("(global 'exit')", ":quit or Ctrl-D leaves the REPL"),
        ("(global 'quit')", ":quit or Ctrl-D leaves the REPL"),
        ("(field 'exit')", "os.exit is not in the sandbox: :quit or Ctrl-D leaves the REPL"),
        ("(global 'io')", "io is not in the sandbox: print() writes here, :save FILE saves the session as a scenario"),
        (
            "(global 'require')",
            "require is not in the sandbox: policy(\"file.lua\") or :policy FILE loads a policy, :load FILE a scenario"
        ),
        ("(global 'dofile')", "dofile is not in the sandbox: :load FILE runs a scenario, :policy FILE loads a policy"),
        (
            "(global 'loadfile')",
            "loadfile is not in the sandbox: :load FILE runs a scenario, :policy FILE loads a policy"
        ),
    ]

    /// The hint for an error's message, or nil.
    static func hint(for message: String) -> String? {
        hints.first { message.contains($0.fragment) }?.hint
    }
}
