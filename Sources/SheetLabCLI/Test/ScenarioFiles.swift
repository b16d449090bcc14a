import SheetScripting
import SheetServer

/// The files `sheetlab test` runs: each path given, or every `*.lua` below
/// a folder, outside folders named `policies` (they hold policy files),
/// except project files (`.sheetlab.lua`) and the project's `.sheetlab` folder.
///
/// The walk only looks (`stat`, `readdir`) and never opens a file: a FIFO
/// or a device named `*.lua` is reported, not run (opening one could block
/// or read without end). Each folder is walked once, known by its
/// `(st_dev, st_ino)`, so links between folders cannot make it run twice
/// or forever; a link back to a folder the walk is inside is reported once
/// as a cycle.
struct ScenarioFiles {
    /// A `*.lua` path found, and whether it can run.
    enum Found: Equatable {
        /// A regular file.
        case scenario(String)
        /// Something else, never opened: `what` says what (`a FIFO`).
        case notAFile(String, what: String)

        var path: String {
            switch self {
            case .scenario(let p), .notAFile(let p, _): return p
            }
        }
    }

    /// What was found, in order: the paths as given, and in each folder sorted by path.
    private(set) var found: [Found] = []
    /// Directory cycles, one note each: `examples/loop: a link back to examples ...`.
    private(set) var notes: [String] = []

    /// Finds the files under `paths`.
    /// - Throws: `UsageError` for a path where nothing is.
    init(_ paths: [String]) throws(UsageError) {
        var visited: Set<[UInt64]> = []
        for path in paths {
            guard let node = FileSystem.node(at: path) else {
                throw UsageError("no such file or folder: \(path)", command: "test")
            }
            switch node.type {
            case .directory:
                let base = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
                var below: [Found] = []
                walk(base, node, ancestors: [], visited: &visited, into: &below)
                found += below.sorted { $0.path < $1.path }
            case .regular:
                found.append(.scenario(path))
            default:
                found.append(.notAFile(path, what: node.type.description))
            }
        }
    }

    private mutating func walk(
        _ folder: String, _ node: FileSystem.Node, ancestors: [(String, [UInt64])], visited: inout Set<[UInt64]>,
        into found: inout [Found]
    ) {
        guard visited.insert(node.identity).inserted else { return }
        let inside = ancestors + [(folder, node.identity)]
        for name in FileSystem.names(in: folder) ?? [] {
            let child = folder == "/" ? "/" + name : folder + "/" + name
            guard let entry = FileSystem.node(at: child) else {
                if name.hasSuffix(".lua") { found.append(.notAFile(child, what: "a broken symbolic link")) }
                continue
            }
            switch entry.type {
            case .directory:
                if let ancestor = inside.first(where: { $0.1 == entry.identity }) {
                    notes.append(
                        "\(child): a link back to \(ancestor.0) (a directory cycle); not followed")
                } else if name != "policies" && name != Project.stateFolder {
                    walk(child, entry, ancestors: inside, visited: &visited, into: &found)
                }
            case .regular:
                if name.hasSuffix(".lua") && name != Project.fileName { found.append(.scenario(child)) }
            default:
                if name.hasSuffix(".lua") { found.append(.notAFile(child, what: entry.type.description)) }
            }
        }
    }
}
