import Foundation
import SheetServer
import Testing

@testable import SheetLabCLI
@testable import SheetScripting

/// Colour, `--format` with its older spellings, test selection and the generated completion and manual.
@Suite struct ProjectFlagsTests {
    @Test func colour_followsTheConventions() {
        func colours(_ mode: ColorMode, _ env: [String: String]) -> Bool {
            // fd -1 is never a terminal.
            mode.colors(fd: -1) { env[$0] }
        }
        #expect(!colours(.auto, [:]))
        #expect(colours(.auto, ["FORCE_COLOR": "1"]))
        #expect(colours(.auto, ["CLICOLOR_FORCE": "yes"]))
        #expect(!colours(.auto, ["FORCE_COLOR": "0"]))
        #expect(!colours(.auto, ["FORCE_COLOR": ""]))
        #expect(!colours(.auto, ["FORCE_COLOR": "1", "NO_COLOR": "1"]))
        #expect(colours(.auto, ["FORCE_COLOR": "1", "NO_COLOR": ""]))
        #expect(colours(.always, ["NO_COLOR": "1", "TERM": "dumb"]))
        #expect(!colours(.never, ["FORCE_COLOR": "1"]))
    }

    @Test func format_andItsOlderSpelling() throws {
        let spec = CommandSpec(
            name: "run", summary: "",
            options: [
                OptionSpec("--format", value: "F", help: ""), OptionSpec("--timeline", value: "F", help: ""),
            ])
        func format(_ words: [String]) throws(UsageError) -> String {
            let args = try parseArguments(words, for: spec)
            return try FormatOption.value(
                args, command: "run", choices: ["text", "json", "svg"], alias: ("--timeline", args.value("--timeline")),
                fallback: "text")
        }
        #expect(try format([]) == "text")
        #expect(try format(["--format", "json"]) == "json")
        #expect(try format(["--timeline", "svg"]) == "svg")
        #expect(try format(["--timeline", "json", "--format", "json"]) == "json")
        #expect(throws: UsageError.self) { try format(["--timeline", "svg", "--format", "json"]) }
        do {
            _ = try format(["--format", "jsno"])
            Issue.record("accepted jsno")
        } catch {
            #expect(error.message == "--format expects text, json or svg, got 'jsno'; did you mean json?")
        }
    }

    @Test func filter_matchesAPathPartOrAGlob() {
        #expect(TestFilter.matches("examples/seeds/seed000_lost_reopen.lua", ["lost"]))
        #expect(TestFilter.matches("examples/behaviours/B05_x.lua", ["B0?_*"]))
        #expect(TestFilter.matches("examples/behaviours/B05_x.lua", ["*/behaviours/*"]))
        #expect(!TestFilter.matches("examples/behaviours/B15_x.lua", ["B0?_*"]))
        #expect(TestFilter.matches("anything.lua", []))
    }

    @Test func completion_knowsEveryCommandAndOption() {
        let specs = subcommands.map(\.spec)
        let bash = CompletionScript.script(.bash, commands: specs)
        for spec in specs {
            #expect(bash.contains("    \(spec.name))"))
            for option in spec.options { #expect(bash.contains(option.name), "\(spec.name) \(option.name)") }
        }
        #expect(OptionValues(ScriptOptions.specs.first { $0.name == "--profile" }!) == .profile)
        #expect(OptionValues(ProjectOptions.color) == .words(["auto", "always", "never"]))
    }

    @Test func manual_escapesRoff() {
        #expect(ManualPage.roff(".starts with a dot\n--flag \\x") == "\\&.starts with a dot\n\\-\\-flag \\ex")
        let page = ManualPage.page(commands: subcommands.map(\.spec), version: "9.9.9")
        #expect(page.contains(".TH SHEETLAB 1 \"\" \"sheetlab 9.9.9\""))
        #expect(page.contains("\\fB\\-\\-fail\\-fast\\fR"))
    }
}
