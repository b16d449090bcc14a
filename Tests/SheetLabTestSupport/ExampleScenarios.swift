import Foundation

/// The repository and its example scenarios, as the tests that run or read
/// every example find them.
package enum ExampleScenarios {
    /// The repository's root.
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Scenario files under `examples/`, relative to the root and sorted:
    /// `.lua` files outside folders named `policies` (they hold policy
    /// files) and outside hidden folders (a nested package's `.build`), not
    /// hidden files (the project file, `.sheetlab.lua`).
    package static var all: [String] {
        let examples = root.appendingPathComponent("examples").path
        let files = FileManager.default.enumerator(atPath: examples)?.compactMap { $0 as? String } ?? []
        return files.filter { path in
            let folders = path.split(separator: "/").dropLast()
            let name = path.split(separator: "/").last ?? ""
            return path.hasSuffix(".lua") && !name.hasPrefix(".") && !folders.contains("policies")
                && !folders.contains { $0.hasPrefix(".") }
        }.sorted().map { "examples/" + $0 }
    }
}
