import LuaRuntime
import SheetJSON
import SheetScripting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `sheetlab check` counterexample given as its ITF trace (`--trace json`),
/// made a scenario the debugger runs: the trace's profile, the check's
/// set-up, each state's step in order (for a lasso, the step back to the
/// state the cycle starts from), then an expectation that fails with the
/// trace's description, where the run stops (`failedExpectation`).
package enum TraceReplay {
    /// The scenario.
    /// - Parameters:
    ///   - trace: the parsed ITF trace.
    ///   - name: how the scenario's comments name the trace (its file).
    ///   - setup: the set-up scenario's text (check's `--scenario`, or its default).
    /// - Throws: `DebugFailure` when it is not an ITF trace of `sheetlab check`.
    package static func scenario(_ trace: JSON, name: String, setup: String) throws(DebugFailure) -> String {
        guard case .object(let meta)? = trace["#meta"], meta["format"] == .string("ITF"),
            case .array(let states)? = trace["states"]
        else {
            throw DebugFailure(
                "launch: \(name) is not an ITF trace (\"#meta\".format \"ITF\" and \"states\"); "
                    + "sheetlab check --trace json --trace-out FILE writes one")
        }
        var steps: [String] = []
        for (index, state) in states.enumerated() {
            guard case .object(let stateMeta)? = state["#meta"] else {
                throw DebugFailure("launch: state \(index) of \(name) has no \"#meta\"")
            }
            if index == 0 { continue }  // the set-up's state
            guard case .string(let step)? = stateMeta["step"] else {
                throw DebugFailure("launch: state \(index) of \(name) has no \"#meta\".step")
            }
            steps.append(step)
        }
        let profile: String
        if case .string(let named)? = meta["profile"] { profile = named } else { profile = "iphone17-ios26" }
        var description = "the trace's last state breaks what was checked"
        if case .string(let text)? = meta["description"] { description = text }
        var violation = description
        var guardOff: [String] = []
        if case .int(let loop)? = trace["loop"] {
            // A lasso: liveness is checked without the oscillation guard; the last step goes back to state `loop`.
            guardOff = ["oscillation_guard(false)", ""]
            if case .string(let back)? = meta["loop-step"] { steps.append(back) }
            violation += " (the last step leads back to state \(loop): the cycle can repeat forever)"
        }
        var lines = LuaSyntax.comment(
            "The counterexample of the ITF trace \(name) (\(steps.count) step\(steps.count == 1 ? "" : "s")), made a scenario by sheetlab debug.",
            prefix: "-- ")
        lines.append("")
        lines += Counterexample.preamble(setup: setup, profile: profile, policies: []) + guardOff
        lines.append("-- steps")
        lines += steps
        lines.append("")
        lines.append("-- the violation")
        lines.append("expect(false, \(LuaSyntax.quote(violation)))")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the scenario for the trace at `path` into a fresh folder of
    /// its own (removed by `remove(_:)`), named after the trace.
    /// - Returns: the scenario's path.
    /// - Throws: `DebugFailure` when the trace cannot be read or the file written.
    package static func write(tracePath path: String, setupPath: String?) throws(DebugFailure) -> String {
        let maximum = 64 << 20
        let traceBytes: [UInt8]
        let setup: String
        do throws(LuaError) {
            traceBytes = try SourceFile.read(path, maximumBytes: maximum)
            if let setupPath {
                setup = String(decoding: try SourceFile.read(setupPath, maximumBytes: maximum), as: UTF8.self)
            } else {
                setup = Counterexample.defaultSetup
            }
        } catch {
            throw DebugFailure("launch: " + error.description)
        }
        let trace: JSON
        do { trace = try JSONParser.parse(traceBytes) } catch {
            throw DebugFailure("launch: the trace \(path) is not JSON: \(error)")
        }
        let base = path.split(separator: "/").last.map(String.init) ?? "trace"
        let text = try scenario(trace, name: base, setup: setup)
        let folderTemplate = (tmpFolder() + "/sheetlab-debug-XXXXXX").utf8CString
        var buffer = Array(folderTemplate)
        guard let made = buffer.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw DebugFailure("launch: cannot make a folder for the trace's scenario in \(tmpFolder())")
        }
        let folder = String(cString: made)
        let name = (base.hasSuffix(".json") ? String(base.dropLast(5)) : base) + ".lua"
        let file = folder + "/" + name
        guard let handle = fopen(file, "w") else { throw DebugFailure("launch: cannot write \(file)") }
        let bytes = Array(text.utf8)
        let written = fwrite(bytes, 1, bytes.count, handle)
        fclose(handle)
        guard written == bytes.count else { throw DebugFailure("launch: cannot write \(file)") }
        return file
    }

    /// Removes a scenario `write` made, and its folder.
    package static func remove(_ file: String) {
        unlink(file)
        if let slash = file.lastIndex(of: "/") { rmdir(String(file[..<slash])) }
    }

    private static func tmpFolder() -> String {
        if let value = getenv("TMPDIR"), value.pointee != 0 { return String(cString: value) }
        return "/tmp"
    }
}
