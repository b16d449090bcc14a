import SheetEngine
import SheetScripting
import SheetServer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `sheetlab demo`: seed 000's problem, side by side: the impatient reopen
/// lost under stock SwiftUI and kept by the queue policy.
enum DemoCommand {
    static let spec = CommandSpec(
        name: "demo",
        summary: "Show seed 000's lost reopen under stock SwiftUI and fixed by the queue policy.",
        options: [OptionSpec("--profile", value: "NAME", help: "Device and OS (default \(Profile.defaultName)).")],
        discussion: """
            Runs a built-in scenario twice: once as stock SwiftUI behaves, once with the queue policy
            (examples/policies/queue.lua, built into the binary: the same wherever it runs).
            """)

    /// The built-in scenario, run to its end.
    static let scenario = ReopenExample.view + "\n" + ReopenExample.taps + "\nadvance(1000)\n"

    static func run(_ args: ParsedArguments, _ out: Output) -> ExitCode {
        var stock = SessionConfiguration(setup: .source(scenario, name: "demo"))
        if let name = args.value("--profile") {
            do { stock.profile = try Profile.named(name) } catch {
                return RunCommand.usage(UsageError("\(error)", command: "demo"), out)
            }
        }
        let profile = stock.profile
        var withQueue = stock
        withQueue.policies = [.source(ReopenExample.policy, name: ReopenExample.policyPath)]
        var sessions: [Session] = []
        for configuration in [stock, withQueue] {
            do {
                let session = try Session(configuration, startBudgetMilliseconds: nil) { session in
                    session.printHandler = { out.line($0) }
                }
                sessions.append(session)
            } catch {
                out.error("error: \(error)")
                return .scriptError
            }
        }
        out.line(out.styled("Seed 000: tapping \"Open\" again while the sheet is still closing", .bold))
        out.line(
            "Profile \(profile.name). The user opens item 0, swipes it down at 500 ms and taps \"Open\" for item 1 at 600 ms."
        )
        let titles = [
            "1. Stock SwiftUI", "2. With the queue policy (\(ReopenExample.policyPath), built in)",
        ]
        for (title, session) in zip(titles, sessions) {
            out.line()
            out.line(out.styled(title, .bold))
            for e in session.app.timeline.events {
                let line = e.description
                out.line(e.severity == .info ? line : out.styled(line, e.severity == .warning ? .yellow : .red))
            }
        }
        out.line()
        out.line(out.styled("Side by side", .bold))
        let outcomes = sessions.map(outcome)
        let width = max(titles[0].count, outcomes[0].count) + 4
        out.line("  " + "stock".padded(to: width) + "queue policy")
        out.line("  " + outcomes[0].padded(to: width) + outcomes[1])
        out.line()
        out.line(tryItYourself)
        return .ok
    }

    /// The closing hint: files that exist from here, the checkout's (found
    /// from the binary) by their full path, or else how to get a project.
    static var tryItYourself: String {
        let seeds = "examples/seeds/"
        let files = ["seed000_lost_reopen.lua", "seed000_queue_reopen.lua"]
        var base: String?
        if FileManager.default.fileExists(atPath: seeds + files[0]) {
            base = seeds
        } else {
            let root = MCPResources.defaultRoot(executable: CommandLine.arguments[0])
            if FileManager.default.fileExists(atPath: root + "/" + seeds + files[0]) { base = root + "/" + seeds }
        }
        guard let base else {
            return "Try it yourself: sheetlab init demo && cd demo && sheetlab run scenarios/reopen.lua "
                + "(a project with this scenario and the queue policy)"
        }
        return "Try it yourself: sheetlab run \(base)\(files[0]) (stock) and \(base)\(files[1])"
    }

    /// One line: what the user ends up seeing.
    static func outcome(_ session: Session) -> String {
        if let top = session.app.stack.last { return "item \(top.itemID ?? "?") is \(top.phase.rawValue)" }
        let lost = session.app.timeline.events.contains { $0.kind == .requestLost }
        return lost ? "nothing shown: the reopen was lost" : "nothing shown"
    }
}
