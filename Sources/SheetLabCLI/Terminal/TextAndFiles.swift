import SheetServer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The few text helpers the command line needs; files are read through
// SheetServer's `FileSystem`, which the command line shares with mcp.

extension StringProtocol {
    /// Without leading and trailing spaces, tabs and newlines.
    func trimmed() -> String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return String(s)
    }

    /// Padded with spaces (or cut) to `width` characters.
    func padded(to width: Int) -> String {
        count >= width ? String(prefix(width)) : String(self) + String(repeating: " ", count: width - count)
    }
}

/// The file helpers, from the server module every command-line file sees
/// without importing it.
typealias FileSystem = SheetServer.FileSystem

/// An error as a person reads it: its description.
func describe(_ error: any Error) -> String { "\(error)" }
