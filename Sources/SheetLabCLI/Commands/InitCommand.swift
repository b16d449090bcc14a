import LuaRuntime
import SheetRendering
import SheetScripting
import SheetServer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `sheetlab init [DIR]`: a new project that `sheetlab test` passes at once.
enum InitCommand {
    static let spec = CommandSpec(
        name: "init", summary: "Make a new project: a project file, a scenario, a policy and a snapshot.",
        positionalUsage: "[DIR]", maxPositionals: 1,
        discussion: """
            Writes into DIR (default: the current folder; made if missing) \(Project.fileName) (the project file,
            docs/project.md), scenarios/reopen.lua (seed 000's reopen, kept by the queue policy),
            policies/queue.lua, the scenario's timeline snapshot scenarios/reopen.timeline, and a .gitignore
            covering \(Project.stateFolder)/ (where 'sheetlab test --last-failed' remembers failures). It never
            overwrites a file: a DIR that already has any of them is refused. Then: cd DIR && sheetlab test.
            Exit codes: 0 made, 2 usage error (a file already there), 4 a file could not be written.
            """)

    static let projectFile = """
        -- The SheetLab project file (docs/project.md): the settings every sheetlab
        -- command run in this folder or below starts from. Flags win over it.
        return {
          -- What `sheetlab test` runs with no PATH.
          test = { "scenarios" },
          -- profile = "iphone15-ios17",          -- the default profile
          -- policies = { "policies/queue.lua" }, -- loaded before every scenario
          -- strict = true,                       -- fail a file on any unexpected error event
          -- limits = { budget_ms = 200 },
        }

        """

    static let scenario = """
        -- A scenario: the user swipes the sheet down and taps "Open" again while
        -- it is still closing. Stock SwiftUI loses that reopen (B03); the queue
        -- policy keeps it. Run it: sheetlab run scenarios/reopen.lua
        policy("../policies/queue.lua")

        \(ReopenExample.view)

        \(ReopenExample.taps)
        advance(150)
        expect_eq(top() and top().phase, "presenting", "the reopen is kept, not lost")
        advance(1000)
        expect_eq(top() and top().phase, "presented", "item 1 is up")

        """

    static func run(_ args: ParsedArguments, _ out: Output) -> ExitCode {
        let dir = args.positionals.first ?? "."
        let files: [(String, String)] = [
            (Project.fileName, projectFile), ("policies/queue.lua", ReopenExample.policy),
            ("scenarios/reopen.lua", scenario),
            (".gitignore", "# what sheetlab test --last-failed remembers\n\(Project.stateFolder)/\n"),
        ]
        let snapshot = "scenarios/reopen.timeline"
        if let kind = FileSystem.kind(at: dir), kind != .directory {
            return RunCommand.usage(UsageError("\(dir) is not a folder", command: "init"), out)
        }
        for (name, _) in files + [(snapshot, "")] where FileSystem.kind(at: dir + "/" + name) != nil {
            return RunCommand.usage(
                UsageError("\(dir)/\(name) is already there; init never overwrites a file", command: "init"), out)
        }
        do throws(OutputFile.WriteError) {
            for (name, text) in files {
                let path = dir + "/" + name
                try OutputFile.makeFolder(PathName.directory(of: path))
                try OutputFile.writeRegularFile(text, to: path)
            }
        } catch {
            out.error("sheetlab init: \(error)")
            return .ioError
        }
        // The snapshot is the scenario's own timeline, so the first `sheetlab test` matches it.
        var configuration = SessionConfiguration()
        configuration.allowedPolicyRoots = [dir]
        let path = dir + "/scenarios/reopen.lua"
        let runner = ScenarioRunner(configuration) { _ in }
        guard let result = try? runner.run(path: path), result.error == nil, result.failures.isEmpty else {
            out.error("sheetlab init: the new scenario did not pass; please report this")
            return .scriptError
        }
        _ = TimelineSnapshot.check(
            timeline: TimelineText().render(parts: result.session.app.parts), scenario: path, source: scenario,
            mode: .missing)
        out.line("Made a SheetLab project in \(dir):")
        for name in files.map(\.0) + [snapshot] { out.line("  \(name)") }
        out.line(
            "Next: " + (dir == "." ? "" : "cd \(dir) && ") + "sheetlab test   (then sheetlab run scenarios/reopen.lua)")
        return .ok
    }
}
