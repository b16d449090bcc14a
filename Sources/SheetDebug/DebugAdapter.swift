import LuaRuntime
import SheetEngine
import SheetJSON
import SheetScripting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `sheetlab debug`: a Debug Adapter Protocol server for one scenario.
///
/// Requests are handled on the adapter's thread, in order; the scenario
/// runs on a thread of its own (`DebugExecution`) and stops there, in a
/// Lua line hook or in the engine's event callback. What needs the Lua
/// state while it is stopped (frames, variables, evaluate) runs on the
/// run's thread (`perform`). Stepping back re-executes the scenario from
/// its start: a scan to the current point finds the earlier events and
/// breakpoint hits, a replay stops at the one asked for (`DebugController`,
/// which the REPL's debugger commands drive too).
package final class DebugAdapter {
    /// The launch request's choices, made a configuration by the door (the project's settings under them).
    package typealias ConfigurationMaker = (_ program: String, _ policies: [String]?, _ profile: String?)
        throws(DAPFailure) -> SessionConfiguration

    /// The frame id of the engine's frame (Lua frames are their level + 1).
    static let engineFrame = 1000
    static let threadID = 1

    let output: DAPOutput
    let makeConfiguration: ConfigurationMaker
    private var breakpoints = BreakpointSet() {
        didSet { controller?.breakpoints = effectiveBreakpoints }
    }
    /// Filters on whatever the client sets: a replayed trace stops at its violation (`failedExpectation`).
    private var forcedFilters: [String] = []
    /// The scenario a replayed trace was made into, removed at the end.
    private var traceScenario: String?
    private var effectiveBreakpoints: BreakpointSet {
        var set = breakpoints
        for filter in forcedFilters where !set.filters.contains(filter) { set.filters.append(filter) }
        return set
    }
    private var nextBreakpointID = 1
    private var launched: (configuration: SessionConfiguration, program: String, stopOnEntry: Bool)?
    private var configurationDone = false
    private var controller: DebugController?
    private var execution: DebugExecution? { controller?.execution }
    private let variables = VariableStore()
    private let endedMonitor = Monitor()
    private var runEnded = false
    /// Whether the client disconnected: the adapter ends.
    package private(set) var hasEnded = false

    package init(output: DAPOutput, makeConfiguration: @escaping ConfigurationMaker) {
        self.output = output
        self.makeConfiguration = makeConfiguration
    }

    /// Handles one request; every request gets a response.
    package func handle(_ request: DAPRequest) {
        do throws(DAPFailure) {
            try dispatch(request)
        } catch {
            output.fail(request, error.message)
        }
    }

    /// Ends the run, if one is going (the input ended, or the client disconnected).
    package func shutdown() {
        controller?.abort()
        if let traceScenario { TraceReplay.remove(traceScenario) }
        traceScenario = nil
    }

    private func dispatch(_ request: DAPRequest) throws(DAPFailure) {
        let arguments = DAPArguments(json: request.arguments, command: request.command)
        switch request.command {
        case "initialize":
            output.respond(to: request, body: Self.capabilities)
            output.event("initialized")
        case "launch": try launch(request, arguments)
        case "setBreakpoints": try setBreakpoints(request, arguments)
        case "setFunctionBreakpoints": try setFunctionBreakpoints(request, arguments)
        case "setExceptionBreakpoints": try setExceptionBreakpoints(request, arguments)
        case "configurationDone":
            configurationDone = true
            output.respond(to: request)
            startIfReady()
        case "threads":
            output.respond(to: request, body: ["threads": [["id": .int(Self.threadID), "name": "scenario"]]])
        case "stackTrace": try stackTrace(request, arguments)
        case "scopes": try scopes(request, arguments)
        case "variables": try variablesRequest(request, arguments)
        case "evaluate": try evaluate(request, arguments)
        case "continue": try resume(request, .run, body: ["allThreadsContinued": true])
        case "next": try resume(request, .next)
        case "stepIn": try resume(request, .stepIn)
        case "stepOut": try resume(request, .stepOut)
        case "pause":
            guard let execution, !isRunEnded else { throw DAPFailure("pause: no scenario is running") }
            output.respond(to: request)
            if execution.stop == nil { execution.requestPause() }
        case "stepBack": try stepBack(request)
        case "reverseContinue": try reverseContinue(request)
        case "gotoEvent": try gotoEvent(request, arguments)
        case "terminate":
            output.respond(to: request)
            shutdown()
            markEnded()
            output.event("terminated")
        case "disconnect":
            shutdown()
            output.respond(to: request)
            hasEnded = true
        default:
            throw DAPFailure(
                "unknown request '\(request.command)'"
                    + NameSuggestion.hint(for: request.command, in: Self.requests))
        }
    }

    static let requests = [
        "initialize", "launch", "setBreakpoints", "setFunctionBreakpoints", "setExceptionBreakpoints",
        "configurationDone", "threads", "stackTrace", "scopes", "variables", "evaluate", "continue", "next", "stepIn",
        "stepOut", "pause", "stepBack", "reverseContinue", "gotoEvent", "terminate", "disconnect",
    ]

    static var capabilities: JSON {
        [
            "supportsConfigurationDoneRequest": true, "supportsStepBack": true, "supportsFunctionBreakpoints": true,
            "supportsConditionalBreakpoints": true, "supportsHitConditionalBreakpoints": true,
            "supportsEvaluateForHovers": true, "supportsTerminateRequest": true,
            "exceptionBreakpointFilters": .array(
                (EventMatch.filters.map { ($0.id, $0.label, $0.description) }
                    + [
                        (
                            EventMatch.failedExpectation.id, EventMatch.failedExpectation.label,
                            EventMatch.failedExpectation.description
                        )
                    ]).map {
                        [
                            "filter": .string($0.0), "label": .string($0.1), "description": .string($0.2),
                            "default": false,
                        ]
                    }),
        ]
    }

    // MARK: Launching

    private func launch(_ request: DAPRequest, _ arguments: DAPArguments) throws(DAPFailure) {
        guard launched == nil else { throw DAPFailure("launch: a scenario is launched already") }
        if let cwd = try arguments.string("cwd"), chdir(cwd) != 0 {
            throw DAPFailure("launch: cannot change to the folder '\(cwd)' (\"cwd\")")
        }
        var program = try arguments.string("program")
        if let trace = try arguments.string("trace") {
            guard program == nil else {
                throw DAPFailure("launch: give \"program\" (a scenario) or \"trace\" (an ITF trace), not both")
            }
            guard FileKind.isRegularFile(trace) else { throw DAPFailure("launch: no such trace file: \(trace)") }
            let setup = try arguments.string("setup")
            if let setup, !FileKind.isRegularFile(setup) {
                throw DAPFailure("launch: no such set-up scenario: \(setup)")
            }
            let made = try TraceReplay.write(tracePath: trace, setupPath: setup)
            traceScenario = made
            forcedFilters = [EventMatch.failedExpectation.id]
            program = made
        }
        guard let program else {
            throw DAPFailure("launch: \"program\" (the scenario's path) or \"trace\" (an ITF trace) is missing")
        }
        guard FileKind.isRegularFile(program) else {
            throw DAPFailure("launch: no such scenario file: \(program)")
        }
        let configuration = try makeConfiguration(
            program, try arguments.strings("policies"), try arguments.string("profile"))
        launched = (configuration, program, try arguments.bool("stopOnEntry") ?? false)
        output.respond(to: request)
        startIfReady()
    }

    private func startIfReady() {
        guard configurationDone, let launched, controller == nil else { return }
        let entry = StopReason(reason: "entry", description: "Stopped at the start of the run")
        var callbacks = DebugExecution.Callbacks()
        callbacks.stopped = { [output] stop in
            var body: JSON = [
                "reason": .string(stop.why.reason), "description": .string(stop.why.description),
                "threadId": .int(Self.threadID), "allThreadsStopped": true,
            ]
            if case .object(var fields) = body {
                if !stop.why.hitBreakpointIDs.isEmpty {
                    fields["hitBreakpointIds"] = .array(stop.why.hitBreakpointIDs.map { .int($0) })
                }
                if let event = stop.event { fields["text"] = .string(event.event.kind.rawValue) }
                body = .object(fields)
            }
            output.event("stopped", body)
        }
        callbacks.output = { [output] text, category in output.output(text, category: category) }
        callbacks.finished = { [weak self, output] code in
            self?.markEnded()
            output.event("exited", ["exitCode": .int(code)])
            output.event("terminated")
        }
        let controller = DebugController(
            configuration: launched.configuration, program: .file(launched.program), breakpoints: effectiveBreakpoints,
            callbacks: callbacks)
        self.controller = controller
        start(.live(launched.stopOnEntry ? .stepIn(entry) : .run))
    }

    private func start(_ mode: DebugExecution.Mode) {
        endedMonitor.locked { runEnded = false }
        controller?.start(mode)
    }

    private func markEnded() { endedMonitor.locked { runEnded = true } }
    private var isRunEnded: Bool { endedMonitor.locked { runEnded } }

    // MARK: Breakpoints

    private func setBreakpoints(_ request: DAPRequest, _ arguments: DAPArguments) throws(DAPFailure) {
        guard case .object(let source)? = request.arguments["source"], case .string(let path)? = source["path"] else {
            throw DAPFailure("setBreakpoints: \"source.path\" (the file's path) is missing")
        }
        guard FileKind.isRegularFile(path), let lineCount = Self.lineCount(path) else {
            throw DAPFailure("setBreakpoints: no such file: \(path)")
        }
        var set: [LineBreakpoint] = []
        var answers: [JSON] = []
        for item in try arguments.array("breakpoints") ?? [] {
            let options = DAPArguments(json: item, command: "setBreakpoints")
            guard let line = try options.int("line") else {
                throw DAPFailure("setBreakpoints: a breakpoint has no \"line\"")
            }
            let id = nextBreakpointID
            nextBreakpointID += 1
            var answer: [String: JSON] = [
                "id": .int(id), "line": .int(line), "source": ["path": .string(path)], "verified": true,
            ]
            var problem: String?
            var hitCondition: HitCondition?
            if line < 1 || line > lineCount {
                problem = "line \(line) is not in \(path) (it has \(lineCount) lines)"
            }
            if let condition = try options.string("condition"), !condition.isEmpty,
                let error = Self.syntaxError(ofCondition: condition)
            {
                problem = "condition '\(condition)' is not a Lua expression: \(error)"
            }
            if let text = try options.string("hitCondition"), !text.isEmpty {
                do throws(DAPFailure) { hitCondition = try HitCondition(parsing: text) } catch {
                    problem = error.message
                }
            }
            if let problem {
                answer["verified"] = false
                answer["message"] = .string(problem)
            } else {
                set.append(
                    LineBreakpoint(
                        id: id, line: line, condition: try options.string("condition"), hitCondition: hitCondition))
            }
            answers.append(.object(answer))
        }
        breakpoints.lines[Session.canonicalPath(path)] = set.isEmpty ? nil : set
        output.respond(to: request, body: ["breakpoints": .array(answers)])
    }

    /// Why `condition` cannot be evaluated as it will be (an expression, or
    /// a chunk), compiled in a fresh sandboxed state; nil when it compiles.
    static func syntaxError(ofCondition condition: String) -> String? {
        do {
            let lua = try LuaRuntime()
            var last: LuaError?
            for text in ["return " + condition, condition] {
                do throws(LuaError) {
                    _ = try lua.load(source: text, chunkName: "=condition")
                    return nil
                } catch {
                    last = error
                }
            }
            return last?.description
        } catch {
            return nil  // no state to compile in: the condition is checked when it runs
        }
    }

    private func setFunctionBreakpoints(_ request: DAPRequest, _ arguments: DAPArguments) throws(DAPFailure) {
        var set: [EventBreakpoint] = []
        var answers: [JSON] = []
        for item in try arguments.array("breakpoints") ?? [] {
            let options = DAPArguments(json: item, command: "setFunctionBreakpoints")
            guard let name = try options.string("name") else {
                throw DAPFailure("setFunctionBreakpoints: a breakpoint has no \"name\"")
            }
            let id = nextBreakpointID
            nextBreakpointID += 1
            do throws(DAPFailure) {
                let match = try EventMatch(functionName: name)
                var hitCondition: HitCondition?
                if let text = try options.string("hitCondition"), !text.isEmpty {
                    hitCondition = try HitCondition(parsing: text)
                }
                set.append(
                    EventBreakpoint(
                        id: id, name: name, match: match, condition: try options.string("condition"),
                        hitCondition: hitCondition))
                answers.append(["id": .int(id), "verified": true])
            } catch {
                answers.append(["id": .int(id), "verified": false, "message": .string(error.message)])
            }
        }
        breakpoints.events = set
        output.respond(to: request, body: ["breakpoints": .array(answers)])
    }

    private func setExceptionBreakpoints(_ request: DAPRequest, _ arguments: DAPArguments) throws(DAPFailure) {
        var filters = try arguments.strings("filters") ?? []
        for item in try arguments.array("filterOptions") ?? [] {
            if let id = try DAPArguments(json: item, command: "setExceptionBreakpoints").string("filterId") {
                filters.append(id)
            }
        }
        let known = EventMatch.filters.map(\.id) + [EventMatch.failedExpectation.id]
        for filter in filters where !known.contains(filter) {
            throw DAPFailure(
                "setExceptionBreakpoints: unknown filter '\(filter)'; the filters are \(known.joined(separator: ", "))"
                    + NameSuggestion.hint(for: filter, in: known))
        }
        breakpoints.filters = filters
        output.respond(
            to: request, body: ["breakpoints": .array(filters.map { _ in ["verified": true] })])
    }

    /// How many lines a file has; nil when it cannot be read.
    static func lineCount(_ path: String) -> Int? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var lines = 0
        var last: Int32 = 10
        while true {
            let c = getc(file)
            if c == EOF { break }
            if c == 10 { lines += 1 }
            last = c
        }
        return last == 10 ? lines : lines + 1
    }

    // MARK: Looking at a stop

    private func stopped(_ command: String) throws(DAPFailure) -> DebugExecution {
        guard let execution, execution.stop != nil else {
            throw DAPFailure("\(command): the scenario is not stopped")
        }
        return execution
    }

    private func stackTrace(_ request: DAPRequest, _ arguments: DAPArguments) throws(DAPFailure) {
        let execution = try stopped("stackTrace")
        let frames: [JSON]? = execution.perform { session, stop in
            var frames: [JSON] = []
            if let thread = stop.thread {
                // A host function with no name is the engine's own call into Lua
                // (the frame below names the function the script called).
                let all = session.runtime.frames(of: thread)
                for (frame, name) in zip(all, stop.names(of: all)) where frame.isLua || frame.name != "?" {
                    var json: [String: JSON] = [
                        "id": .int(frame.level + 1), "name": .string(name),
                        "line": .int(max(frame.line, 0)), "column": .int(frame.isLua ? 1 : 0),
                    ]
                    if let file = frame.file {
                        json["source"] = [
                            "name": .string(file.split(separator: "/").last.map(String.init) ?? file),
                            "path": .string(Session.canonicalPath(file)),
                        ]
                    } else {
                        json["presentationHint"] = "subtle"
                    }
                    frames.append(.object(json))
                }
            }
            frames.append(
                [
                    "id": .int(Self.engineFrame), "name": .string(Self.engineFrameName(stop)), "line": 0, "column": 0,
                    "presentationHint": "label",
                ])
            return frames
        }
        guard let frames else { throw DAPFailure("stackTrace: the scenario is not stopped") }
        let start = try arguments.int("startFrame") ?? 0
        let levels = try arguments.int("levels") ?? 0
        var shown = Array(frames.dropFirst(max(start, 0)))
        if levels > 0 { shown = Array(shown.prefix(levels)) }
        output.respond(to: request, body: ["stackFrames": .array(shown), "totalFrames": .int(frames.count)])
    }

    package static func engineFrameName(_ stop: DebugStop) -> String {
        var name = "engine at \(stop.time) ms"
        if let event = stop.event {
            name += ", event \(event.number): \(event.event.kind.rawValue)"
            if let presenter = event.event.presenter {
                name += " \(presenter)" + (event.event.modifier.map { ".\($0)" } ?? "")
            }
        }
        if let activity = stop.activities.last { name += ", in the \(activity)" }
        if stop.why.reason == "end" { name += ", the scenario has ended" }
        return name
    }

    private func scopes(_ request: DAPRequest, _ arguments: DAPArguments) throws(DAPFailure) {
        let execution = try stopped("scopes")
        guard let frame = try arguments.int("frameId") else { throw DAPFailure("scopes: \"frameId\" is missing") }
        let variables = self.variables
        let scopes: [JSON]? = execution.perform { session, stop in
            func scope(_ name: String, _ children: [VariableNode], hint: String? = nil) -> JSON {
                var json: [String: JSON] = [
                    "name": .string(name), "variablesReference": .int(variables.reference(children)),
                    "expensive": false, "namedVariables": .int(children.count),
                ]
                if let hint { json["presentationHint"] = .string(hint) }
                return .object(json)
            }
            if frame == Self.engineFrame {
                return [
                    scope("Event", Self.eventNodes(session, stop)),
                    scope("App", VariableNode(name: "app", ScriptTables.state(session.state())).children),
                ]
            }
            guard let thread = stop.thread else { return [] }
            let locals = session.runtime.locals(of: thread, level: frame - 1)
            var list = [
                scope("Locals", locals.map { VariableNode(name: $0.name, $0.value) }, hint: "locals"),
                scope(
                    "Upvalues",
                    session.runtime.upvalues(of: thread, level: frame - 1).map { VariableNode(name: $0.name, $0.value) }
                ),
            ]
            if let ctx = locals.last(where: { $0.name == "ctx" }), ctx.value.type == "table" {
                list.append(scope("Context (ctx)", VariableNode(name: "ctx", ctx.value).children))
            }
            return list
        }
        guard let scopes else { throw DAPFailure("scopes: the scenario is not stopped") }
        output.respond(to: request, body: ["scopes": .array(scopes)])
    }

    /// The engine frame's `Event` scope: the time, what is being decided, the event stopped at.
    static func eventNodes(_ session: Session, _ stop: DebugStop) -> [VariableNode] {
        var nodes = [VariableNode(name: "time", value: "\(stop.time)", type: "number")]
        if let activity = stop.activities.last {
            nodes.append(VariableNode(name: "deciding", value: "\"\(activity)\"", type: "string"))
        }
        if let event = stop.event {
            nodes.append(VariableNode(name: "event", ScriptTables.event(event.event, index: event.number)))
        } else if let last = session.app.timeline.events.last {
            nodes.append(
                VariableNode(name: "last event", ScriptTables.event(last, index: session.app.timeline.count)))
        }
        nodes.append(VariableNode(name: "reason", value: "\"\(stop.why.reason)\"", type: "string"))
        return nodes
    }

    private func variablesRequest(_ request: DAPRequest, _ arguments: DAPArguments) throws(DAPFailure) {
        guard let reference = try arguments.int("variablesReference") else {
            throw DAPFailure("variables: \"variablesReference\" is missing")
        }
        guard let children = variables.children(reference) else {
            throw DAPFailure(
                "variables: no variables have the reference \(reference) (references last until the run goes on)")
        }
        output.respond(to: request, body: ["variables": .array(children.map(variables.json))])
    }

    private func evaluate(_ request: DAPRequest, _ arguments: DAPArguments) throws(DAPFailure) {
        let execution = try stopped("evaluate")
        guard let expression = try arguments.string("expression") else {
            throw DAPFailure("evaluate: \"expression\" is missing")
        }
        let frame = try arguments.int("frameId") ?? 1
        let outcome: Result<VariableNode, DAPFailure>? = execution.perform { session, stop in
            do throws(LuaError) {
                if let thread = stop.thread {
                    let level = frame == Self.engineFrame ? session.runtime.frames(of: thread).count : frame - 1
                    return .success(
                        VariableNode(
                            name: expression, try session.runtime.evaluate(expression, in: thread, level: level)))
                }
                let values = try session.evaluate("return " + expression, chunkName: "=evaluate")
                return .success(VariableNode(name: expression, values.first ?? .nil))
            } catch {
                return .failure(DAPFailure(error.description))
            }
        }
        guard let outcome else { throw DAPFailure("evaluate: the scenario is not stopped") }
        let node = try outcome.get()
        output.respond(
            to: request,
            body: [
                "result": .string(node.value), "type": .string(node.type),
                "variablesReference": .int(variables.reference(node.children)),
            ])
    }

    // MARK: Going on

    private func resume(_ request: DAPRequest, _ how: DebugExecution.Resume, body: JSON? = nil) throws(DAPFailure) {
        let execution = try stopped(request.command)
        variables.clear()
        output.respond(to: request, body: body)
        execution.resume(how)
    }

    /// Runs again from the start to the point `choose` picks among the run's points (`DebugController`).
    private func travel(
        _ request: DAPRequest, choose: (DebugController, DebugStop) throws(DAPFailure) -> DebugController.Destination
    ) throws(DAPFailure) {
        _ = try stopped(request.command)
        guard let controller, let stop = controller.stop else {
            throw DAPFailure("\(request.command): the scenario is not stopped")
        }
        let destination = try choose(controller, stop)
        variables.clear()
        output.respond(to: request)
        endedMonitor.locked { runEnded = false }
        controller.travel(to: destination)
    }

    private func stepBack(_ request: DAPRequest) throws(DAPFailure) {
        try travel(request) { controller, stop in controller.previousEvent(before: stop.tick) }
    }

    private func reverseContinue(_ request: DAPRequest) throws(DAPFailure) {
        try travel(request) { controller, stop in controller.previousBreakpoint(before: stop.tick) }
    }

    /// `gotoEvent {event: N}` or `{time: MS}`: to the Nth event of the run, or the first at or after a virtual time.
    private func gotoEvent(_ request: DAPRequest, _ arguments: DAPArguments) throws(DAPFailure) {
        let number = try arguments.int("event")
        let time = try arguments.int("time")
        guard (number == nil) != (time == nil) else {
            throw DAPFailure("gotoEvent: give \"event\" (its number, 1 for the first) or \"time\" (ms), one of them")
        }
        try travel(request) { controller, _ throws(DAPFailure) in
            try controller.event(number: number, time: time)
        }
    }
}
