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

/// The REPL's state and logic, apart from the terminal: it is fed lines and
/// writes to an `Output`, so tests can drive it without one.
///
/// Invariants: `pending` holds the lines of an input that is not complete
/// yet (empty at a `> ` prompt); `markPart`/`markProfile`/`markCount` say
/// which events were already printed (a new part or profile is a fresh
/// app); `record` holds every step that changed the app, in order;
/// `watchedPolicies` the policy files to reload when they change.
final class Repl {
    /// How the session was started.
    struct Options {
        /// Policy files to load first (`--policy`).
        var policies: [String] = []
        /// A scenario that sets the app up instead of the starting app (`--load`).
        var load: String?
        /// Draw the screen after every input (`--show`, `:show on`).
        var show = false
        /// Whether a person types at a terminal: banner, prompts, history.
        var interactive = false
        /// The folder relative paths are resolved against (absolute).
        var folder: String = FileManager.default.currentDirectoryPath
        /// The widest the screen picture may be.
        var columns = 80
        /// The command line's session configuration (limits, allowed paths), which the debugger's runs start from.
        var configuration: SessionConfiguration?
    }

    let session: Session
    let out: Output
    var options: Options
    private(set) var lua: ReplLua
    /// What `:save` writes.
    var record = SessionRecord()
    private var pending: [String] = []
    private(set) var quitRequested = false
    /// Inputs (and set-up steps) that stopped with an error.
    var errorCount = 0
    /// Files `:save` and `:timeline ... FILE` could not write.
    var writeErrorCount = 0
    /// The app's part and profile when events were last printed: either
    /// changing means a fresh app.
    private var markPart: Int
    private var markProfile: String
    private var markCount = 0
    /// Policy files loaded with `:policy` or `--policy`, as they were when
    /// loaded: a file that changes is loaded again before the next input.
    var watchedPolicies: [(path: String, stamp: FileWatcher.Stamp?)] = []
    private var failuresSeen = 0
    /// Breakpoints, and the run stopped in the past (`Repl+Debug`).
    let debugger = ReplDebugger()

    /// Creates a REPL over a session and registers the REPL-only global `show`.
    /// - Throws: `LuaError` if the REPL's Lua helpers cannot be loaded.
    init(session: Session, out: Output, options: Options) throws(LuaError) {
        self.session = session
        self.out = out
        self.options = options
        lua = try ReplLua(runtime: session.runtime, environment: session.environment)
        session.app.keepsEarlierParts = true  // :timeline shows the whole session
        markPart = session.app.part
        markProfile = session.app.profile.name
        try session.runtime.register("show") { [weak self] _ in
            self?.printNewEvents()
            self?.printPicture()
            return []
        }
    }

    /// `> ` at the start of an input, `>> ` on its next lines.
    /// In the past (stopped by the debugger), `[750 ms] > `.
    var prompt: String {
        guard pending.isEmpty else { return ">> " }
        if let stop = debugger.controller?.stop { return "[\(stop.time) ms] > " }
        return "> "
    }

    /// Whether an input is waiting for more lines.
    var isContinuing: Bool { !pending.isEmpty }

    /// What a non-interactive session exits with: 4 after a file it could
    /// not write, 3 after an error, 1 after a failed expectation, else 0.
    /// An interactive one always exits with 0.
    var exitCode: ExitCode {
        guard !options.interactive else { return .ok }
        if writeErrorCount > 0 { return .ioError }
        if errorCount > 0 { return .scriptError }
        return session.failures.isEmpty ? .ok : .failed
    }

    // MARK: Starting

    /// Loads the `--policy` files, sets the app up (the starting app or the
    /// `--load` scenario) and, on a terminal, prints the banner.
    func start() {
        record.append(.profile(session.profile.name))
        for path in options.policies { loadPolicy(path, announce: false) }
        setUp()
        markSeen()
        if options.interactive {
            out.line(
                ReplHelp.banner(
                    profile: session.profile, policies: policyNames, loaded: options.load, now: session.app.now))
        }
        if options.show { printPicture() }
        out.flush()
    }

    /// Builds the starting app, or runs the `--load` scenario.
    /// - Parameter file: the scenario already read (`:load` reads it before
    ///   the app is replaced); nil: read `options.load` now.
    func setUp(_ file: ConfinedFile? = nil) {
        guard let path = options.load else {
            do {
                try session.evaluate(StarterApp.source, chunkName: "=setup")
                record.append(.starterApp)
            } catch {
                report(error)
            }
            return
        }
        loadScenario(path, file: file)
    }

    /// Runs a scenario file into the current app, as `--load` and `:load`
    /// do: its views, state and globals join the session; its relative
    /// `policy()` paths are relative to its folder, as with `sheetlab run`.
    /// - Parameters:
    ///   - path: the scenario as typed.
    ///   - file: its text already read (`readScenario`); nil: read it now.
    /// - Returns: whether it ran to the end.
    @discardableResult
    func loadScenario(_ path: String, file: ConfinedFile? = nil) -> Bool {
        let absolute = absolutePath(path)
        let folder = PathName.directory(of: absolute)
        let shown = displayPath(absolute)
        let before = session.app.timeline.count
        let part = session.app.part
        // Read once, the safe way (never blocking on a FIFO); the chunk is what was read.
        let read: Result<ConfinedFile, LuaError> = file.map { .success($0) } ?? readScenario(path)
        var source = (try? read.get()).map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
        if source.hasPrefix("#"), let newline = source.firstIndex(of: "\n") {
            source = String(source[newline...])  // as `load(file:)` does: the line goes, its number stays
        }
        let baseDirectory = session.baseDirectory
        session.baseDirectory = PathName.directory(of: shown)
        defer { session.baseDirectory = baseDirectory }
        var ran = true
        do {
            let chunk = try session.runtime.load(file: try read.get(), in: session.environment)
            _ = try lua.evaluate(chunk, budgetMilliseconds: session.runtime.limits.scriptBudgetMilliseconds)
            record.append(
                .loaded(
                    path: path, source: source, form: savedForm(source, wasExpression: false), folder: folder))
        } catch {
            report(error)
            ran = false
            let changed = session.app.part != part || session.app.timeline.count != before
            record.append(.failed(source: source, error: error.description, changedTimeline: changed))
        }
        let count = session.app.timeline.count
        out.line(
            "loaded \(TerminalText.line(path)): \(count) event\(count == 1 ? "" : "s"), now at \(session.app.now) ms (:timeline lists them)"
        )
        printNewFailures()
        return ran
    }

    // MARK: Input

    /// Feeds one line typed at the prompt: a command, a complete input (run
    /// now), or part of one (kept until it is complete).
    func feed(_ line: String) {
        if pending.isEmpty { reloadChangedPolicies() }
        if pending.isEmpty {
            let trimmed = line.trimmed()
            if trimmed.isEmpty { return }
            if trimmed.hasPrefix(":"), !trimmed.hasPrefix("::") {
                runCommand(trimmed)
                out.flush()
                return
            }
            if ReplHints.helpWords.contains(trimmed),
                !lua.globalNames(["help"]).contains(where: { $0 == "help" || $0 == "help(" })
            {
                runCommand(":help")
                out.flush()
                return
            }
            if debugger.isStopped {
                evaluateInPast(line)
                out.flush()
                return
            }
        }
        pending.append(line)
        let source = pending.joined(separator: "\n")
        switch InputClassifier.classify(source, compile: compile) {
        case .incomplete:
            return
        case .syntaxError(let error):
            pending = []
            report(error)
        case .expression(let chunk, let expression):
            pending = []
            run(chunk, source: expression, wasExpression: true)
        case .statement(let chunk):
            pending = []
            run(chunk, source: source, wasExpression: false)
        }
        out.flush()
    }

    /// Ctrl-C at the prompt: forgets the input typed so far.
    func cancelInput() {
        pending = []
    }

    /// The input ended (Ctrl-D, the end of a pipe) with an input still
    /// open: that is Lua's syntax error (`'end' expected ... near <eof>`), as
    /// `lua5.4 -` reports it, and it counts as an error in the exit code.
    func endInput() {
        guard !pending.isEmpty else { return }
        let source = pending.joined(separator: "\n")
        pending = []
        do {
            _ = try compile(source)
        } catch {
            report(error)
        }
        out.flush()
    }

    /// Runs a compiled input, prints what it returned and what changed, and records it.
    private func run(_ chunk: LuaFunction, source: String, wasExpression: Bool) {
        let part = session.app.part
        let before = session.app.timeline.count
        let failuresBefore = session.failures.count
        var value: String?
        var ran = false
        do {
            value = try lua.evaluate(chunk, budgetMilliseconds: session.runtime.limits.scriptBudgetMilliseconds)
            record.append(
                .input(
                    source: source, form: savedForm(source, wasExpression: wasExpression), folder: options.folder,
                    setsLastValue: wasExpression && value != nil))
            ran = true
        } catch {
            report(error)
            let changed = session.app.part != part || session.app.timeline.count != before
            record.append(.failed(source: source, error: error.description, changedTimeline: changed))
        }
        afterInput(value: value)
        if ran { stopIfBreakpointHit(eventsBefore: before, partBefore: part, failuresBefore: failuresBefore) }
    }

    /// What every input ends with: the new events (what happened), the
    /// input's value (the answer, read after them), new failed
    /// expectations, and the picture when `:show on`.
    func afterInput(value: String?) {
        printNewEvents()
        if let value { out.line(TerminalText.escape(value)) }
        printNewFailures()
        if options.show { printPicture() }
    }

    func compile(_ text: String) throws(LuaError) -> LuaFunction {
        try session.runtime.load(source: text, chunkName: "=stdin", in: session.environment)
    }

    private func savedForm(_ source: String, wasExpression: Bool) -> SavedInputForm {
        InputClassifier.savedForm(of: source, wasExpression: wasExpression) { text in
            (try? session.runtime.load(source: text, chunkName: "=check")) != nil
        }
    }

    // MARK: Printing

    /// Prints the events since the last ones printed.
    func printNewEvents() {
        let app = session.app
        if app.part != markPart || app.profile.name != markProfile {
            out.line(out.styled("-- a fresh app on \(app.profile.name)", .dim))
            markCount = 0
        }
        let text = TimelineText(colour: out.colorOut)
        for event in app.timeline.events(since: markCount) { out.line(text.line(event)) }
        markSeen()
    }

    /// Takes every event so far as printed.
    func markSeen() {
        markPart = session.app.part
        markProfile = session.app.profile.name
        markCount = session.app.timeline.count
    }

    /// Prints the expectations that failed since the last ones printed.
    func printNewFailures() {
        for failure in session.failures.dropFirst(failuresSeen) {
            out.error(
                out.styled("FAIL", .red, stderr: true) + " " + TerminalText.escape(failure.description, indent: "    "))
        }
        failuresSeen = session.failures.count
    }

    /// Draws the screen.
    func printPicture() {
        out.line(ScreenPicture(columns: options.columns).render(session.app.state(), profile: session.profile))
    }

    /// Prints an error with its file:line; the session goes on.
    func report(_ error: LuaError) {
        errorCount += 1
        var text = error.description
        switch error.kind {
        case .interrupted:
            // Stopped in the REPL's own code (after a hook's Ctrl-C, as the input's call returned): no position of its own.
            if error.file == "repl" { text = "interrupted" }
            text += " (Ctrl-C)"
            if options.interactive { out.error("") }  // after the terminal's "^C"
        case .budget: text += " (raise the limits with --budget and --script-budget)"
        default: break
        }
        out.error(out.styled("error", .red, stderr: true) + ": " + TerminalText.escape(text, indent: "    "))
        if let hint = ReplHints.hint(for: error.message) {
            out.error(out.styled("hint", .dim, stderr: true) + ": " + hint)
        }
        if let traceback = error.traceback, let file = error.file, file != "stdin" {
            let frames = traceback.split(separator: "\n").filter { !$0.contains("repl:") && !$0.contains("[C]: in ?") }
            if frames.count > 1 { out.error(TerminalText.escape(frames.joined(separator: "\n"))) }
        }
    }

    // MARK: Helpers

    /// The loaded policies' names, in load order, escaped for the terminal (`TerminalText`).
    var policyNames: [String] { session.policies.map { TerminalText.line($0.name) } }

    /// A scenario file's text, read as every Lua source is (`SourceFile`:
    /// a regular file within the size limit), named as errors show it.
    func readScenario(_ path: String) -> Result<ConfinedFile, LuaError> {
        let limits = session.runtime.limits
        let absolute = absolutePath(path)
        do throws(LuaError) {
            var file = try SourceFile.read(
                absolute, within: nil, maximumBytes: limits.maximumSourceBytes,
                raiseHint: limits.settingNames.maximumSource)
            file.path = displayPath(absolute)
            return .success(file)
        } catch {
            return .failure(error)
        }
    }

    /// An absolute path as short as it can be: relative to the REPL's folder
    /// when they share more than the root (what errors and the timeline show).
    func displayPath(_ absolute: String) -> String {
        ScenarioWriter.relative(absolute, from: options.folder)
    }

    /// `path` made absolute against the REPL's folder, without `.` and `..` parts.
    func absolutePath(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : options.folder + "/" + path
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }

    /// Loads or reloads a policy file; a broken one leaves the loaded policies as they were.
    /// - Parameters:
    ///   - path: the file, relative to the REPL's folder or absolute.
    ///   - announce: whether to say so when it loads (a reload is always announced).
    /// - Returns: whether it loaded.
    @discardableResult
    func loadPolicy(_ path: String, announce: Bool = true) -> Bool {
        let absolute = absolutePath(path)
        guard FileManager.default.fileExists(atPath: absolute) else {
            errorCount += 1
            out.error(out.styled("error", .red, stderr: true) + ": no such policy file: \(TerminalText.line(path))")
            return false
        }
        let shown = displayPath(absolute)
        let reloading = session.policies.contains { ($0 as? LuaPolicy)?.path == shown }
        watch(absolute)
        do {
            let name = try session.loadPolicy(path: shown)
            record.append(.policy(path: absolute))
            if announce || reloading {
                out.line(
                    "\(reloading ? "reloaded" : "loaded") policy \(TerminalText.line(name)) (\(TerminalText.line(path)))"
                )
            }
            return true
        } catch {
            report(error)
            let kept =
                policyNames.isEmpty
                ? "no policy is loaded (stock SwiftUI)" : "still loaded: " + policyNames.joined(separator: ", ")
            out.error("the policy did not load; \(kept)")
            return false
        }
    }

    /// Remembers a policy file as it is now, to reload it when it changes.
    private func watch(_ absolute: String) {
        let stamp = FileWatcher.stamp(absolute)
        if let i = watchedPolicies.firstIndex(where: { $0.path == absolute }) {
            watchedPolicies[i].stamp = stamp
        } else {
            watchedPolicies.append((absolute, stamp))
        }
    }

    /// Loads again each watched policy file that changed since it was
    /// loaded (`:policy FILE` again, by itself): a file that no longer
    /// loads leaves the last good version loaded, and says why.
    func reloadChangedPolicies() {
        for (path, stamp) in watchedPolicies where FileWatcher.stamp(path) != stamp {
            out.line(out.styled("-- \(TerminalText.line(displayPath(path))) changed", .dim))
            loadPolicy(path)
        }
    }

    /// Leaves at the next prompt.
    func quit() { quitRequested = true }
}
