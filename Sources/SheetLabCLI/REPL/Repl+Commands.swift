import LuaRuntime
import SheetEngine
import SheetRendering
import SheetScripting
import SheetServer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The lab's commands: lines that start with `:`.
extension Repl {
    /// Runs a `:command` line.
    func runCommand(_ line: String) {
        let words = line.dropFirst().split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let name = words.first else { return unknownCommand(line) }
        var arguments = Array(words.dropFirst())
        // A file name is the rest of the line, so it may contain spaces.
        let rest = line.dropFirst().drop { $0 != " " }.trimmed()
        if ["policy", "save", "load"].contains(name), !rest.isEmpty { arguments = [rest] }
        if name == "timeline", let format = arguments.first, ["text", "json", "svg"].contains(format),
            arguments.count > 2
        {
            arguments = [format, rest.dropFirst(format.count).trimmed()]
        }
        if debugCommand(name, arguments) { return }
        if debugger.isStopped {
            if name == "show", arguments.isEmpty { return printPastPicture() }
            // Everything else is about the live app: the past is left first.
            if !["help", "h", "?", "timeline", "quit", "q", "exit", "show"].contains(name) { leavePast() }
        }
        switch name {
        case "help", "h", "?":
            helpCommand(arguments)
        case "load":
            guard arguments.count == 1 else {
                return usage(":load expects one scenario FILE, e.g. :load examples/seeds/seed000_lost_reopen.lua")
            }
            load(arguments[0])
        case "policy", "policies":
            policyCommand(arguments)
        case "profile", "profiles":
            profileCommand(arguments)
        case "reset":
            guard arguments.isEmpty else {
                return usage(":reset takes no argument; :profile NAME starts over on another profile")
            }
            startOver(profile: nil)
        case "show":
            showCommand(arguments)
        case "timeline":
            timelineCommand(arguments)
        case "save":
            guard arguments.count == 1 else { return usage(":save expects one FILE, e.g. :save session.lua") }
            save(to: arguments[0])
        case "quit", "q", "exit":
            quit()
        default:
            unknownCommand(line)
        }
    }

    private func usage(_ message: String) {
        out.error(message)
    }

    private func unknownCommand(_ line: String) {
        out.error(
            "unknown command '\(TerminalText.escape(line))'; :help lists the commands (\(Self.commands.map { ":" + $0 }.joined(separator: ", ")))"
        )
    }

    /// The commands, for `:help`'s error and for Tab.
    static let commands =
        ["help", "load", "policy", "profile", "reset", "show", "timeline", "save", "quit"] + ReplDebugger.commands

    // MARK: :help

    /// `:help`: the commands and a walk-through; `:help NAME`: one function
    /// or type of the Lua API, from its stub.
    private func helpCommand(_ arguments: [String]) {
        guard let name = arguments.first else { return out.line(ReplHelp.text) }
        guard arguments.count == 1 else { return usage(":help expects one NAME, e.g. :help set") }
        if name == "show" || name == "show()" {
            return out.line(
                "show()\n  Draws the screen now: the device, each sheet at its height, and a legend (the REPL only).")
        }
        if let entry = APIHelp.builtIn.entry(named: name) { return out.line(TerminalText.escape(entry.text)) }
        let names = APIHelp.builtIn.names
        let close = names.filter { $0.hasPrefix(String(name.prefix(2))) }
        out.error(
            "no help for '\(TerminalText.line(name))': it is not a function or type of the API"
                + (close.isEmpty ? "" : "; did you mean \(close.prefix(6).joined(separator: ", "))?")
                + " (:help alone lists the commands)")
    }

    // MARK: :policy

    private func policyCommand(_ arguments: [String]) {
        switch arguments.count {
        case 0:
            let names = policyNames
            out.line(
                names.isEmpty
                    ? "no policy loaded: stock SwiftUI. :policy FILE loads one, e.g. :policy examples/policies/queue.lua"
                    : "loaded policies, consulted in this order: " + names.joined(separator: ", "))
        case 1:
            loadPolicy(arguments[0])
        default:
            usage(":policy expects one FILE; load several one after the other")
        }
    }

    // MARK: :profile and :reset

    /// The profiles as a device by version grid, one line per device, the
    /// current one marked with `*` (rather than 63 names wrapped mid-word).
    static func profileGrid(current: String) -> [String] {
        var devices: [String] = []
        var versions: [String: [String]] = [:]
        for name in Profile.allNames {
            guard let dash = name.firstRange(of: "-ios") else { continue }
            let device = String(name[..<dash.lowerBound])
            if versions[device] == nil { devices.append(device) }
            versions[device, default: []].append(
                String(name[name.index(after: dash.lowerBound)...]) + (name == current ? "*" : ""))
        }
        let width = (devices.map(\.count).max() ?? 0) + 2
        return devices.map { device in
            "  " + device + String(repeating: " ", count: width - device.count)
                + versions[device, default: []].joined(separator: " ")
        }
    }

    private func profileCommand(_ arguments: [String]) {
        guard let name = arguments.first else {
            out.line(
                "profile \(session.profile.name) (\(session.profile.device.displayName), iOS \(session.profile.os.version))\n"
                    + "every profile, as DEVICE-VERSION (* the current one):")
            for line in Self.profileGrid(current: session.profile.name) { out.line(line) }
            out.line(":profile NAME starts over on NAME; 'sheetlab profiles' shows their numbers")
            return
        }
        guard arguments.count == 1 else { return usage(":profile expects one NAME, e.g. :profile iphonese-ios16") }
        do {
            let profile = try Profile.named(name)
            startOver(profile: profile)
        } catch {
            out.error("error: " + TerminalText.escape("\(error)"))
        }
    }

    /// `:load FILE`: a fresh app on the same profile, with the same
    /// policies and globals, set up by the scenario `FILE`, which `:reset`
    /// runs again from then on (as `--load` does). The file is read first:
    /// one that cannot be read (missing, a FIFO, too large) is an error and
    /// the session's app stays as it was.
    func load(_ path: String) {
        guard FileSystem.kind(at: absolutePath(path)) != nil else {
            errorCount += 1
            return out.error(
                out.styled("error", .red, stderr: true) + ": no such scenario file: \(TerminalText.line(path))")
        }
        let file: ConfinedFile
        switch readScenario(path) {
        case .success(let read): file = read
        case .failure(let error): return report(error)
        }
        options.load = path
        let part = session.app.part
        let failures = session.failures.count
        startOver(profile: nil, setUpFile: file)
        // A breakpoint the scenario hits stops there, as an input's does.
        stopIfBreakpointHit(eventsBefore: 0, partBefore: part, failuresBefore: failures)
    }

    /// A fresh app (on `profile` when given), set up again, with the same policies.
    /// - Parameter setUpFile: the `--load` scenario already read, if it was.
    func startOver(profile: Profile?, setUpFile: ConfinedFile? = nil) {
        do throws(EngineError) {
            try session.reset(profile: profile)
        } catch {
            out.error("error: \(error)")
            return
        }
        record.append(.reset(profile: profile?.name))
        setUp(setUpFile)
        markSeen()
        let policies = policyNames.isEmpty ? "no policy" : policyNames.joined(separator: ", ")
        let setUpBy = options.load ?? "the starting app (ContentView)"
        out.line("a fresh app on \(session.profile.name), set up by \(setUpBy); \(policies)")
        if options.show { printPicture() }
    }

    // MARK: :show

    private func showCommand(_ arguments: [String]) {
        switch arguments.first {
        case nil:
            printPicture()
        case "on":
            options.show = true
            printPicture()
        case "off":
            options.show = false
        default:
            usage(":show expects on, off or nothing")
        }
    }

    // MARK: :timeline

    /// The session's parts as `:timeline` shows them: a part in which
    /// nothing happened (the starting app, replaced by `:load`, `:profile`
    /// or `:reset` before any input) is left out, as timeline.md says, and
    /// the others are numbered from 1.
    var shownParts: [TimelinePart] {
        let all = session.app.parts
        var kept = all.enumerated().filter { !$0.element.events.isEmpty || $0.offset == all.count - 1 }.map(\.element)
        for i in kept.indices { kept[i].part = i + 1 }
        return kept
    }

    private func timelineCommand(_ arguments: [String]) {
        var arguments = arguments
        var format = "text"
        if let first = arguments.first, ["text", "json", "svg"].contains(first) {
            format = first
            arguments.removeFirst()
        }
        guard arguments.count <= 1 else { return usage(":timeline expects [text|json|svg] [FILE]") }
        let file = arguments.first
        // The whole session: every part since it started (each :reset or reset() begins one).
        let parts = shownParts
        let rendered: String
        switch format {
        case "json":
            rendered = TimelineJSON.render(parts: parts)
        case "svg":
            guard file != nil else { return usage(":timeline svg expects a FILE to write, e.g. :timeline svg run.svg") }
            rendered = TimelineSVG(title: "sheetlab repl").render(parts: parts)
        default:
            rendered = TimelineText(colour: file == nil && out.colorOut).render(parts: parts)
        }
        guard let file else { return out.write(rendered) }
        let events = parts.reduce(0) { $0 + $1.events.count }
        if write(rendered, to: file) {
            out.line("wrote the timeline (\(events) events, \(format)) to \(TerminalText.line(file))")
        }
    }

    // MARK: :save

    /// Writes the session as a scenario that `sheetlab run` replays.
    func save(to file: String) {
        let absolute = absolutePath(file)
        let writer = ScenarioWriter(
            folder: PathName.directory(of: absolute),
            title: "A sheetlab repl session (sheetlab \(sheetLabVersion))")
        guard write(writer.render(record), to: absolute) else { return }
        let count = record.inputCount
        let shown = TerminalText.line(file)
        let flags = PolicyAccess.allowPathFlags(
            forPolicies: session.policies.compactMap { ($0 as? LuaPolicy)?.path }, scenario: absolute)
        out.line(
            "saved \(count) input\(count == 1 ? "" : "s") to \(shown); replay it with: sheetlab run \(shown)\(flags)")
        let diverging = record.divergingFailures
        if diverging > 0 {
            out.error(
                "note: \(diverging) input\(diverging == 1 ? "" : "s") stopped with an error after changing the app; "
                    + "they are in the file as comments, so a replay differs from this session from there on")
        }
    }

    /// Writes an output file (`OutputFile`); on failure says why, and the session goes on.
    private func write(_ text: String, to file: String) -> Bool {
        do {
            try OutputFile.write(text, to: absolutePath(file))
            return true
        } catch {
            writeErrorCount += 1
            out.error("error: cannot write \(TerminalText.line(file)): \(error.reason)")
            return false
        }
    }
}
