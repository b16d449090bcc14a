import Foundation
import PackagePlugin

/// Builds the docs, the examples and the Lua API stub into SheetServer, so
/// `sheetlab mcp` serves them wherever the binary is (docs/mcp.md,
/// "Resources"): runs `sheetlab-embed` over docs/*.md, docs/api/sheetlab.lua
/// and examples/**/*.lua (not examples/embedding) whenever one changes.
@main struct EmbedResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        var files: [String] = []
        let manager = FileManager.default
        for name in (try? manager.contentsOfDirectory(atPath: root.appending(path: "docs").path)) ?? []
        where name.hasSuffix(".md") {
            files.append("docs/" + name)
        }
        files.append("docs/api/sheetlab.lua")
        let examples = root.appending(path: "examples")
        if let walk = manager.enumerator(atPath: examples.path) {
            for case let path as String in walk
            where path.hasSuffix(".lua") && !path.hasPrefix("embedding/") && !path.contains("/.") {
                files.append("examples/" + path)
            }
        }
        files.sort()
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) docs and examples into \(target.name)",
                executable: try context.tool(named: "sheetlab-embed").url,
                arguments: [root.path, output.path] + files,
                inputFiles: files.map { root.appending(path: $0) },
                outputFiles: [output])
        ]
    }
}
