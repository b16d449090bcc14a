#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command writes: standard output and standard error, with colour
/// as `ColorMode` decides (by default: on a terminal, not with `NO_COLOR`
/// or `TERM=dumb`, always with `FORCE_COLOR` or `CLICOLOR_FORCE`).
public final class Output {
    /// Text written so far, when capturing (tests); nil when writing to the process's streams.
    public private(set) var captured: (out: String, err: String)?
    /// Whether standard output gets ANSI colour.
    public private(set) var colorOut: Bool
    /// Whether standard error gets ANSI colour.
    public private(set) var colorErr: Bool
    /// Whether standard error is a terminal (where a progress line may be redrawn in place).
    public let terminalErr: Bool

    /// Writes to the process's standard output and error.
    public init() {
        colorOut = ColorMode.auto.colors(fd: 1)
        colorErr = ColorMode.auto.colors(fd: 2)
        terminalErr = isatty(2) == 1
        captured = nil
    }

    /// Colour as `mode` says (`--color`, a project's `color`); capturing stays plain.
    public func use(_ mode: ColorMode) {
        guard captured == nil else { return }
        colorOut = mode.colors(fd: 1)
        colorErr = mode.colors(fd: 2)
    }

    /// Captures output in memory, without colour.
    public init(capturing: Bool) {
        colorOut = false
        colorErr = false
        terminalErr = false
        captured = ("", "")
    }

    /// Writes a line to standard output.
    public func line(_ text: String = "") { write(text + "\n") }

    /// Writes text to standard output (buffered; see `flush()`).
    public func write(_ text: String) {
        if captured != nil {
            captured!.out += text
        } else {
            guard outputFailure == nil else { return }
            buffer += text
            if buffer.utf8.count >= 1 << 16 { flush() }
        }
    }

    /// Writes a line to standard error, after flushing standard output so
    /// that the two stay in order on a terminal.
    public func error(_ text: String) {
        if captured != nil {
            captured!.err += text + "\n"
        } else {
            flush()
            Output.writeAll(2, text + "\n")
        }
    }

    /// Writes out what standard output has buffered.
    public func flush() {
        guard captured == nil, !buffer.isEmpty else { return }
        if outputFailure == nil, let failure = Output.writeAll(1, buffer) { outputFailure = failure }
        buffer = ""
    }

    /// Why writing standard output failed (`errno`: `ENOSPC` for
    /// `/dev/full`), or nil; nothing more is written to it after a failure.
    /// A reader that went away (`EPIPE`: `sheetlab run ... | head`) is no failure.
    public private(set) var outputFailure: Int32?

    deinit { flush() }

    private var buffer = ""

    /// - Returns: the `errno` of a failed write, or nil.
    @discardableResult
    private static func writeAll(_ fd: Int32, _ text: String) -> Int32? {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { raw in
                Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
            }
            if n < 0, errno == EINTR { continue }
            if n < 0, errno == EPIPE { return nil }
            if n <= 0 { return n < 0 ? errno : EIO }
            offset += n
        }
        return nil
    }

    /// Wraps `text` in an ANSI style when colour is on for that stream.
    public func styled(_ text: String, _ style: Style, stderr: Bool = false) -> String {
        guard stderr ? colorErr : colorOut else { return text }
        return "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m"
    }

    /// ANSI styles.
    public enum Style: String {
        case bold = "1"
        case red = "31"
        case green = "32"
        case yellow = "33"
        case dim = "2"
    }
}
