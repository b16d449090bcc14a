import Testing

@testable import SheetLabCLI

@Suite struct ArgumentParserTests {
    let run = CommandSpec(
        name: "run", summary: "Runs a scenario.", positionalUsage: "FILE", minPositionals: 1, maxPositionals: 1,
        options: [
            OptionSpec("--policy", value: "P", repeatable: true, help: "Load a policy."),
            OptionSpec("--profile", value: "NAME", help: "Device and OS."),
            OptionSpec("--quiet", short: "-q", help: "Less output."),
        ])

    @Test func valuesFlagsAndPositionals() throws {
        let p = try parseArguments(
            ["a.lua", "--policy", "q.lua", "--policy=r.lua", "--profile", "iphonese-ios16", "-q"], for: run)
        #expect(p.positionals == ["a.lua"])
        #expect(p.values("--policy") == ["q.lua", "r.lua"])
        #expect(p.value("--profile") == "iphonese-ios16")
        #expect(p.flag("--quiet"))
    }

    @Test func doubleDashEndsOptions() throws {
        let p = try parseArguments(["--", "--weird.lua"], for: run)
        #expect(p.positionals == ["--weird.lua"])
    }

    @Test func helpWinsOverMissingArguments() throws {
        #expect(try parseArguments(["--help"], for: run).wantsHelp)
        #expect(try parseArguments(["-h"], for: run).wantsHelp)
    }

    @Test(arguments: [
        (
            ["a.lua", "--polcy", "x"],
            "unknown option '--polcy' for 'sheetlab run'; expected one of --policy, --profile, --quiet; did you mean --policy?"
        ),
        (["a.lua", "--profile"], "option --profile needs a value (NAME)"),
        (["a.lua", "--quiet=yes"], "option --quiet takes no value"),
        (["a.lua", "--profile", "a", "--profile", "b"], "option --profile given more than once"),
        ([], "'sheetlab run' needs FILE"),
        (
            ["a.lua", "b.lua"],
            "unexpected argument 'b.lua'; usage: sheetlab run FILE [--policy P]... [--profile NAME] [--quiet]"
        ),
    ])
    func usageErrors_sayWhatWasExpected(args: [String], message: String) {
        #expect(throws: UsageError(message, command: "run")) { try parseArguments(args, for: run) }
    }

    /// `--record` alone is `--record missing`; a following word is its
    /// value only when it is one of the choices, so `--record examples`
    /// records into the folder `examples`.
    @Test func optionalValue_takesTheNextWordOnlyWhenItIsAChoice() throws {
        let test = CommandSpec(
            name: "test", summary: "", positionalUsage: "[PATH]...", maxPositionals: nil,
            options: [
                OptionSpec(
                    "--record", value: "MODE", choices: ["missing", "all", "failed"], default: "missing", help: "")
            ])
        #expect(try parseArguments(["--record"], for: test).value("--record") == "missing")
        let all = try parseArguments(["--record", "all", "examples"], for: test)
        #expect(all.value("--record") == "all")
        #expect(all.positionals == ["examples"])
        let folder = try parseArguments(["--record", "examples"], for: test)
        #expect(folder.value("--record") == "missing")
        #expect(folder.positionals == ["examples"])
        #expect(
            try parseArguments(["--record=bogus"], for: test).value("--record") == "bogus", "checked by the command")
        #expect(test.usage == "sheetlab test [PATH]... [--record [MODE]]")
    }

    @Test func integers_areChecked() throws {
        let spec = CommandSpec(name: "check", summary: "", options: [OptionSpec("--depth", value: "N", help: "")])
        #expect(try parseArguments(["--depth", "8"], for: spec).integer("--depth", in: 1...64, command: "check") == 8)
        #expect(throws: UsageError.self) {
            try parseArguments(["--depth", "x"], for: spec).integer("--depth", in: 1...64, command: "check")
        }
    }

    @Test func helpText_listsEveryOption() {
        #expect(run.help.contains("Usage: sheetlab run FILE [--policy P]... [--profile NAME] [--quiet]"))
        #expect(run.help.contains("  -q, --quiet"))
        #expect(run.help.contains("  -h, --help"))
    }
}
