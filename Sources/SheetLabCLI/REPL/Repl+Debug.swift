import LuaRuntime
import SheetDebug
import SheetEngine
import SheetRendering
import SheetScripting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The REPL's debugger: `:break`, `:step`, `:next`, `:continue`, `:back`,
/// `:goto`, `:where`, `:live`.
///
/// The session so far is a program: the scenario `:save` would write
/// (`ScenarioWriter.layout`), which replays to the same timeline. The
/// debugger runs it again under `SheetDebug`'s `DebugController`, the
/// engine `sheetlab debug` uses, so stepping back is the same deterministic
/// re-execution. After an input, when a breakpoint is set, the program is
/// run again with breakpoints armed from that input's first line: if one
/// hits, the REPL stops there, in the past. While stopped, Lua reads the
/// world of that moment (read-only, in the stopped frame); `:continue` to
/// the end or `:live` returns to the present, the live app, which never
/// changed.
final class ReplDebugger {
    /// The program a stopped run executes, and where each step's Lua is in it.
    struct Program {
        var program: DebugProgram
        var placements: [ScenarioWriter.Placement]
        /// Each placed step's origin: an input (its number and source) or the `--load`ed file.
        var origins: [Int: Origin]
    }

    enum Origin: Equatable {
        case input(number: Int, source: String)
        case loaded(path: String)
    }

    var breakpoints = BreakpointList()
    /// The run stopped in the past, nil at the present.
    var controller: DebugController?
    var program: Program?

    /// Whether the REPL is stopped in the past.
    var isStopped: Bool { controller?.stop != nil }

    static let commands = ["break", "step", "next", "continue", "back", "goto", "where", "live"]
}

extension Repl {
    /// The configuration a debug run starts from: the REPL's, with no policies (the program loads them).
    private var debugConfiguration: SessionConfiguration {
        var configuration =
            options.configuration ?? SessionConfiguration(limits: session.limits, baseDirectory: options.folder)
        configuration.policies = []
        configuration.setup = nil
        configuration.pinsProfile = false
        if var roots = configuration.allowedPolicyRoots {
            // What the session loaded was allowed: `:policy` files, the --load scenario's folder.
            for step in record.steps {
                if case .policy(let path) = step { roots.append(path) }
                if case .loaded(_, _, _, let folder) = step { roots.append(folder) }
            }
            configuration.allowedPolicyRoots = roots
        }
        return configuration
    }

    /// The session so far as a program.
    func debugProgram() -> ReplDebugger.Program {
        let writer = ScenarioWriter(folder: options.folder, title: "The sheetlab repl session, run again to debug it")
        let (text, placements) = writer.layout(record)
        var origins: [Int: ReplDebugger.Origin] = [:]
        var inputs = 0
        for (index, step) in record.steps.enumerated() {
            switch step {
            case .input(let source, _, _, _):
                inputs += 1
                origins[index] = .input(number: inputs, source: source)
            case .loaded(let path, _, _, _):
                origins[index] = .loaded(path: absolutePath(path))
            case .failed:
                inputs += 1
            default: break
            }
        }
        let name = options.folder + "/(repl session)"
        return ReplDebugger.Program(
            program: .source(text, name: name, baseDirectory: options.folder), placements: placements,
            origins: origins)
    }

    /// The breakpoints for `program`: a line of the `--load`ed file is also that line inside the program.
    private func breakpointSet(for program: ReplDebugger.Program) -> BreakpointSet {
        let key = Session.canonicalPath(program.program.name)
        return debugger.breakpoints.set { path, line in
            var places = [(path: path, line: line)]
            for placement in program.placements {
                if case .loaded(let loaded)? = program.origins[placement.step], Session.canonicalPath(loaded) == path,
                    line <= placement.lineCount
                {
                    places.append((key, placement.firstLine + line - 1))
                }
            }
            return places
        }
    }

    /// A controller over the session so far.
    private func makeController() -> DebugController {
        let program = debugProgram()
        debugger.program = program
        return DebugController(
            configuration: debugConfiguration, program: program.program, breakpoints: breakpointSet(for: program))
    }

    // MARK: Commands

    /// Runs a debugger command; false when `name` is not one.
    func debugCommand(_ name: String, _ arguments: [String]) -> Bool {
        switch name {
        case "break", "b": breakCommand(arguments)
        case "where", "w": whereCommand()
        case "step", "s": resume(.stepIn, arguments)
        case "next", "n": resume(.next, arguments)
        case "continue", "c": resume(.run, arguments)
        case "back": backCommand(arguments)
        case "goto": gotoCommand(arguments)
        case "live":
            guard arguments.isEmpty else { return usage(":live takes no argument") }
            if debugger.controller == nil { out.line("already at the present (the live app)") } else { leavePast() }
        default: return false
        }
        return true
    }

    @discardableResult
    private func usage(_ message: String) -> Bool {
        out.error(message)
        return true
    }

    private func breakCommand(_ arguments: [String]) {
        guard let first = arguments.first else {
            if debugger.breakpoints.entries.isEmpty {
                return out.line(
                    "no breakpoints. :break requestLost, :break B03, :break @750ms, :break warning, :break FILE:LINE")
            }
            for entry in debugger.breakpoints.entries {
                out.line("  \(entry.id)  \(TerminalText.line(entry.text))  (\(describe(entry.spec)))")
            }
            return
        }
        if first == "clear" {
            switch arguments.count {
            case 1:
                debugger.breakpoints.removeAll()
                out.line("cleared every breakpoint")
            case 2:
                guard let id = Int(arguments[1]), debugger.breakpoints.remove(id) else {
                    return out.error("no breakpoint \(TerminalText.line(arguments[1])); :break lists them")
                }
                out.line("cleared breakpoint \(id)")
            default:
                return out.error(":break clear [N] clears breakpoint N, or every one")
            }
        } else {
            let shown = arguments.joined(separator: " ")
            var text = shown
            if case .line(let file, let line)? = try? BreakpointSpec(parsing: text) {
                text = absolutePath(file) + ":\(line)"  // relative to the REPL's folder
            }
            do throws(DebugFailure) {
                let entry = try debugger.breakpoints.add(text, shown: shown)
                out.line("breakpoint \(entry.id): \(describe(entry.spec))")
            } catch {
                return out.error(":break: " + TerminalText.escape(error.message))
            }
        }
        if let controller = debugger.controller, let program = debugger.program {
            controller.breakpoints = breakpointSet(for: program)
        }
    }

    func describe(_ spec: BreakpointSpec) -> String {
        switch spec {
        case .filter("warning"): "stops at any warning event"
        case .filter("error"): "stops at any error event"
        case .filter: "stops where an expect or expect_eq fails"
        case .event(.kind(let kind)): "stops at every \(kind.rawValue) event"
        case .event(.rule(let rule)): "stops at every event of rule \(rule.rawValue)"
        case .event(.severity(let severity)): "stops at every \(severity) event"
        case .event(.time(let ms)): "stops at the first event at or after \(ms) ms"
        case .line(let file, let line): "stops at line \(line) of \(TerminalText.line(displayPath(file)))"
        }
    }

    private func resume(_ how: DebugExecution.Resume, _ arguments: [String]) {
        guard arguments.isEmpty else { return out.error("this command takes no argument") }
        guard let controller = debugger.controller, controller.stop != nil else {
            return out.error(
                "not stopped: the app is at the present. :back or :goto goes into the past; a :break stops a later input"
            )
        }
        controller.resume(how)
        arrive(controller)
    }

    private func backCommand(_ arguments: [String]) {
        guard arguments.isEmpty || arguments == ["break"] else {
            return out.error(":back goes to the previous event; :back break to the previous breakpoint hit")
        }
        let controller = debugger.controller ?? makeController()
        let tick = controller.stop?.tick
        let destination =
            arguments.isEmpty ? controller.previousEvent(before: tick) : controller.previousBreakpoint(before: tick)
        debugger.controller = controller
        controller.travel(to: destination)
        arrive(controller)
    }

    private func gotoCommand(_ arguments: [String]) {
        guard arguments.count == 1 else {
            return out.error(":goto expects an event number (:goto 8) or a virtual time (:goto 600ms, :goto @600)")
        }
        var text = Substring(arguments[0])
        var isTime = false
        if text.hasPrefix("@") {
            text = text.dropFirst()
            isTime = true
        }
        if text.hasSuffix("ms") {
            text = text.dropLast(2)
            isTime = true
        }
        guard let value = Int(text), value >= (isTime ? 0 : 1) else {
            return out.error(
                ":goto expects an event number from 1 (:goto 8) or a time in ms (:goto 600ms), got '\(TerminalText.line(arguments[0]))'"
            )
        }
        let controller = debugger.controller ?? makeController()
        do throws(DebugFailure) {
            let destination = try controller.event(
                number: isTime ? nil : value, time: isTime ? value : nil, command: ":goto")
            debugger.controller = controller
            controller.travel(to: destination)
            arrive(controller)
        } catch {
            if debugger.controller == nil {
                controller.abort()
                debugger.program = nil
            }
            out.error(TerminalText.escape(error.message))
        }
    }

    /// Waits for the run to stop and says where; at the end of the run, the present.
    private func arrive(_ controller: DebugController) {
        switch controller.awaitOutcome() {
        case .stopped(let stop) where stop.why.reason != "end":
            out.line(out.styled("-- " + stopDescription(stop), .dim))
            describeStop(stop, brief: true)
        default:
            leavePast(reason: "-- the end of the session so far: back at the present (the live app)")
        }
    }

    /// Leaves the past: the stopped run ends, the live app is as it was.
    func leavePast(reason: String = "-- back at the present (the live app)") {
        guard let controller = debugger.controller else { return }
        controller.abort()
        debugger.controller = nil
        debugger.program = nil
        out.line(out.styled(reason, .dim))
    }

    // MARK: Where

    private func whereCommand() {
        guard let controller = debugger.controller, let stop = controller.stop else {
            let app = session.app
            var text = "at the present (the live app), \(app.now) ms, \(app.timeline.count) events in this part"
            if let last = app.timeline.events.last { text += "; the last: " + last.kind.rawValue }
            return out.line(text + ". Not stopped: :back or :goto goes into the past; a :break stops a later input")
        }
        out.line(stopDescription(stop))
        describeStop(stop, brief: false)
    }

    /// Why the run stopped, naming a breakpoint by its number and as it was typed.
    private func stopDescription(_ stop: DebugStop) -> String {
        guard let id = stop.why.hitBreakpointIDs.first,
            let entry = debugger.breakpoints.entries.first(where: { $0.id == id })
        else { return TerminalText.line(stop.why.description) }
        var text = "breakpoint \(id) (\(TerminalText.line(entry.text)))"
        if let event = stop.event { text += ": event \(event.number) at \(event.event.time) ms" }
        return text
    }

    /// Prints the event stopped at, the Lua frames (the session's own lines as
    /// inputs or `--load` lines) and the engine's frame.
    private func describeStop(_ stop: DebugStop, brief: Bool) {
        guard let controller = debugger.controller, let program = debugger.program else { return }
        let lines: [String]? = controller.execution?.perform { [self] session, stop in
            var lines: [String] = []
            if let event = stop.event {
                lines.append(TimelineText(colour: out.colorOut).line(event.event))
            }
            var frames: [String] = []
            if let thread = stop.thread {
                let all = session.runtime.frames(of: thread)
                for (frame, name) in zip(all, stop.names(of: all)) where frame.isLua || !brief {
                    guard frame.isLua else {
                        if frame.name != "?" { frames.append("  " + name) }
                        continue
                    }
                    frames.append("  " + place(frame.file, frame.line, in: program) + " (\(name))")
                    if brief { break }
                }
            }
            lines += frames
            if !brief { lines.append("  " + DebugAdapter.engineFrameName(stop)) }
            return lines
        }
        for line in lines ?? [] { out.line(line) }
    }

    /// Where a Lua line is, as a person knows it: input N of the session, a
    /// line of the `--load`ed file, or a policy's file:line; with the line's text.
    private func place(_ file: String?, _ line: Int, in program: ReplDebugger.Program) -> String {
        guard let file else { return "?:\(line)" }
        if file == program.program.name {
            for placement in program.placements
            where line >= placement.firstLine && line < placement.firstLine + placement.lineCount {
                let at = line - placement.firstLine + 1
                switch program.origins[placement.step] {
                case .input(let number, let source)?:
                    let text = source.split(separator: "\n", omittingEmptySubsequences: false)
                    let shown = at <= text.count ? String(text[at - 1]).trimmed() : ""
                    return "input \(number)" + (text.count > 1 ? ", line \(at)" : "") + ": "
                        + TerminalText.line(shown)
                case .loaded(let path)?:
                    return withText(displayPath(path), path, at)
                case nil: break
                }
            }
            return "the session's set-up, line \(line)"
        }
        return withText(displayPath(absolutePath(file)), absolutePath(file), line)
    }

    private func withText(_ shown: String, _ path: String, _ line: Int) -> String {
        let place = "\(TerminalText.line(shown)):\(line)"
        guard let data = FileManager.default.contents(atPath: path) else { return place }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return place }
        return place + ": " + TerminalText.line(String(lines[line - 1]).trimmed())
    }

    // MARK: In the past

    /// Lua typed while stopped: evaluated in the stopped frame (the first Lua
    /// frame), read-only, in the run of the past.
    func evaluateInPast(_ line: String) {
        guard let controller = debugger.controller else { return }
        var source = line.trimmed()
        if source.hasPrefix("=") { source.removeFirst() }  // `=expr`, as at the present
        let result: Result<String, LuaError>? = controller.execution?.perform { session, stop in
            let before = session.app.timeline.count
            let value: Result<String, LuaError>
            do throws(LuaError) {
                if let thread = stop.thread {
                    let level = session.runtime.frames(of: thread).first(where: \.isLua)?.level ?? 0
                    value = .success(try session.runtime.evaluate(source, in: thread, level: level).text)
                } else {
                    let values = try session.evaluate("return " + source, chunkName: "=stdin")
                    value = .success(values.map { VariableNode(name: "", $0).value }.joined(separator: "\t"))
                }
            } catch {
                value = .failure(error)
            }
            if session.app.timeline.count != before {
                return value.map {
                    $0 + "\n-- note: that changed the past run only; the live app is as it was (:live returns to it)"
                }
            }
            return value
        }
        switch result {
        case .success(let text)?: if !text.isEmpty { out.line(TerminalText.escape(text)) }
        case .failure(let error)?:
            out.error(out.styled("error", .red, stderr: true) + ": " + TerminalText.escape(error.description))
        case nil: out.error("error: the run in the past is not stopped")
        }
    }

    /// `:show` while stopped: the screen at that moment.
    func printPastPicture() {
        let picture: String? = debugger.controller?.execution?.perform { [options] session, _ in
            ScreenPicture(columns: options.columns).render(session.app.state(), profile: session.profile)
        }
        if let picture { out.line(picture) }
    }

    // MARK: After an input

    /// Whether the last input hit a breakpoint: the session is run again
    /// with breakpoints armed from that input's first line; a hit stops the
    /// REPL there, in the past.
    func stopIfBreakpointHit(eventsBefore: Int, partBefore: Int, failuresBefore: Int) {
        guard !debugger.breakpoints.entries.isEmpty, mayHaveHit(eventsBefore, partBefore, failuresBefore) else {
            return
        }
        let controller = makeController()
        guard let program = debugger.program, let last = program.placements.last,
            last.step == record.steps.count - 1
        else { return }
        controller.start(.live(.run), armedFromLine: last.firstLine)
        switch controller.awaitOutcome() {
        case .stopped(let stop) where stop.why.reason != "end":
            debugger.controller = controller
            out.line(out.styled("-- the input stopped: " + stopDescription(stop), .dim))
            describeStop(stop, brief: true)
            out.line(
                out.styled(
                    "-- in the past now: Lua reads the world here; :where :step :next :back :continue :live", .dim))
        default:
            controller.abort()
            debugger.program = nil
        }
    }

    /// Whether the input could have hit a breakpoint, from its events: line
    /// breakpoints always could; event breakpoints only if an event matches.
    private func mayHaveHit(_ eventsBefore: Int, _ partBefore: Int, _ failuresBefore: Int) -> Bool {
        let app = session.app
        let samePart = app.part == partBefore
        let new = Array(app.timeline.events(since: samePart ? eventsBefore : 0))
        let kept = app.timeline.events
        let before = samePart && !kept.isEmpty && kept.count > new.count ? kept[kept.count - new.count - 1].time : -1
        for entry in debugger.breakpoints.entries {
            switch entry.spec {
            case .line: return true
            case .filter(let id) where id == "failedExpectation":
                if session.failures.count > failuresBefore { return true }
            case .filter(let id):
                if new.contains(where: { $0.severity == (id == "warning" ? .warning : .error) }) { return true }
            case .event(let match):
                var previous = before
                for event in new {
                    if match.matches(event, previousTime: previous) { return true }
                    previous = event.time
                }
            }
        }
        return false
    }
}
