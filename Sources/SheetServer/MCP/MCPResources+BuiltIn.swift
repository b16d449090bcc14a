#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The docs, examples and API stub built into the binary (the
/// EmbedResources plugin), for a `sheetlab mcp` started away from any
/// checkout: they are written to a private folder that then serves as the
/// root, so resources, `sheetlab://examples/...` paths and the examples'
/// relative `policy("...")` paths work as in a checkout.
extension MCPResources {
    /// Whether `folder` holds SheetLab's docs and examples (a checkout, or a folder of built-in resources).
    package static func isCheckout(_ folder: String) -> Bool {
        FileSystem.kind(at: folder + "/docs/api/sheetlab.lua") == .file
    }

    /// A built-in file's text, by its path in the checkout (`examples/policies/queue.lua`).
    package static func builtInText(_ path: String) -> String? {
        EmbeddedResources.files.first { $0.path == path }?.text
    }

    /// How many files are built in.
    package static var builtInCount: Int { EmbeddedResources.files.count }

    /// Writes the built-in files into a new private folder (mode 0700, in
    /// the temporary directory) and returns it; nil when it cannot be made.
    package static func writeBuiltIn() -> String? {
        var template = Array((FileManager.default.temporaryDirectory.path + "/sheetlab-mcp-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { return nil }
        let folder = String(cString: made)
        for (path, text) in EmbeddedResources.files {
            let url = URL(fileURLWithPath: folder + "/" + path)
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            } catch {
                removeBuiltIn(folder)
                return nil
            }
        }
        return folder
    }

    /// Removes a folder `writeBuiltIn` made.
    package static func removeBuiltIn(_ folder: String) {
        try? FileManager.default.removeItem(atPath: folder)
    }
}
