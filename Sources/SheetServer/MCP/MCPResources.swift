import LuaRuntime
import SheetJSON

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The files `sheetlab mcp` offers as resources, read from the repository
/// root: every example (`examples/**/*.lua` as `sheetlab://examples/...`),
/// the documentation (`docs/*.md` as `sheetlab://docs/NAME.md`) and the Lua
/// API stub (`sheetlab://api/sheetlab.lua`). Only listed files can be read,
/// so a URI cannot reach outside them; a file (or folder) that is a
/// symbolic link leading out of the root is not listed, and a read checks
/// the file it opened (`ConfinedFile`): a regular file inside the root, of
/// at most 4 MiB by its size, so a huge sparse file is never read.
package struct MCPResources {
    /// One resource: its URI, the file behind it, its type.
    struct Resource {
        var uri: String
        /// The path relative to the root.
        var path: String
        var mimeType: String
        var description: String

        /// `{uri, name, title, description, mimeType}`, as `resources/list` lists it.
        var json: JSON {
            [
                "uri": .string(uri), "name": .string(path), "title": .string(path),
                "description": .string(description), "mimeType": .string(mimeType),
            ]
        }
    }

    /// The URI scheme of the resources.
    static let scheme = "sheetlab://"
    /// The largest file read, in bytes.
    static let maximumBytes = 4 << 20

    /// The repository root.
    let root: String

    /// The root's real path: what every resource must lie in.
    var realRoot: String { ConfinedFile.realPath(of: root) ?? root }

    /// Every resource, examples first, then docs and the API stub, each
    /// sorted; only regular files whose real path is inside the root.
    func list() -> [Resource] {
        let inside = realRoot
        return unchecked().filter { resource in
            guard let real = ConfinedFile.realPath(of: root + "/" + resource.path) else { return false }
            return ConfinedFile.isWithin(real, inside) && FileSystem.node(at: real)?.type == .regular
        }
    }

    /// The resources by name, wherever their links lead.
    private func unchecked() -> [Resource] {
        var out: [Resource] = []
        for path in MCPResources.files(under: root + "/examples") where path.hasSuffix(".lua") {
            let isPolicy = path.split(separator: "/").dropLast().contains("policies")
            out.append(
                Resource(
                    uri: MCPResources.scheme + "examples/" + path, path: "examples/" + path, mimeType: "text/x-lua",
                    description: isPolicy ? "An example policy (Lua)." : "An example scenario (Lua)."))
        }
        for name in FileSystem.names(in: root + "/docs") ?? [] where name.hasSuffix(".md") {
            out.append(
                Resource(
                    uri: MCPResources.scheme + "docs/" + name, path: "docs/" + name, mimeType: "text/markdown",
                    description: "SheetLab's documentation: \(name)."))
        }
        if FileSystem.kind(at: root + "/docs/api/sheetlab.lua") == .file {
            out.append(
                Resource(
                    uri: MCPResources.scheme + "api/sheetlab.lua", path: "docs/api/sheetlab.lua",
                    mimeType: "text/x-lua",
                    description: "The Lua API of scenarios and policies, as a LuaCATS stub for lua-language-server."))
        }
        return out
    }

    /// The listed resource with this URI.
    func resource(_ uri: String) -> Resource? { list().first { $0.uri == uri } }

    /// `resources/read`: `{contents: [{uri, mimeType, text}]}`.
    /// - Throws: MCP's resource-not-found error (-32002) for a URI that is not listed.
    func read(_ uri: String) throws(RPCError) -> JSON {
        guard let resource = resource(uri) else {
            throw RPCError(
                MCPServer.resourceNotFoundCode, "Resource not found: \(uri) (resources/list lists them)",
                data: ["uri": .string(uri)])
        }
        return [
            "contents": [
                ["uri": .string(uri), "mimeType": .string(resource.mimeType), "text": .string(try text(of: resource))]
            ]
        ]
    }

    /// A resource's text: the file opened, if it is a regular file inside
    /// the root of at most `maximumBytes` (checked by its size before reading).
    /// - Throws: an internal error when the file cannot or may not be read.
    func text(of resource: Resource) throws(RPCError) -> String {
        do throws(ConfinedFile.Refusal) {
            let file = try ConfinedFile.read(
                root + "/" + resource.path, within: [realRoot], maximumBytes: MCPResources.maximumBytes)
            return String(decoding: file.bytes, as: UTF8.self)
        } catch .tooLarge {
            throw RPCError(RPCError.internalErrorCode, "\(resource.path) is over 4 MiB")
        } catch {
            throw RPCError(RPCError.internalErrorCode, "cannot read \(resource.path): \(error.reason)")
        }
    }

    /// The regular files below a folder, relative to it, sorted; hidden
    /// entries are skipped, and each folder is walked once (a link back
    /// cannot make the walk go round).
    static func files(under folder: String) -> [String] {
        var out: [String] = []
        var visited: Set<[UInt64]> = []
        func walk(_ relative: String) {
            let full = relative.isEmpty ? folder : folder + "/" + relative
            guard let node = FileSystem.node(at: full), visited.insert(node.identity).inserted else { return }
            for name in FileSystem.names(in: full) ?? [] {
                let child = relative.isEmpty ? name : relative + "/" + name
                switch FileSystem.node(at: folder + "/" + child)?.type {
                case .directory?: walk(child)
                case .regular?: out.append(child)
                default: break
                }
            }
        }
        walk("")
        return out.sorted()
    }

    /// A path a tool was given: a `sheetlab://examples/...` URI is the file
    /// under the root; anything else is a path as given (relative to the
    /// server's working directory).
    /// - Throws: invalid params for a `sheetlab://` URI that is not an example.
    func path(_ given: String) throws(RPCError) -> String {
        guard given.hasPrefix(MCPResources.scheme) else { return given }
        guard let resource = resource(given), resource.path.hasPrefix("examples/") else {
            throw RPCError.invalidParams("\(given) is not an example (resources/list lists them)")
        }
        return root + "/" + resource.path
    }

    /// Where the resources are when `--root` is not given: the SheetLab
    /// checkout the current directory is in (it, or the nearest folder above
    /// it: started in `examples/seeds`, the checkout's own files are served),
    /// else the checkout the executable was built in
    /// (`.build/release/sheetlab`), else the current directory (which
    /// `isCheckout` then refuses: the command serves the built-in files
    /// instead, `writeBuiltIn`).
    package static func defaultRoot(executable: String) -> String {
        var here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        while true {
            if isCheckout(here.path) { return here.path }
            let up = here.deletingLastPathComponent()
            if up.path == here.path || here.path == "/" { break }
            here = up
        }
        // The running binary itself (Linux), whatever PATH or link started it.
        let binary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? executable
        var dir = URL(fileURLWithPath: binary).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            if isCheckout(dir.path) { return dir.path }
            dir = dir.deletingLastPathComponent()
        }
        return FileManager.default.currentDirectoryPath
    }
}
