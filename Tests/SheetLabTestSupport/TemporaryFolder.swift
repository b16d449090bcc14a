import Foundation

/// A folder of its own under the temporary folder, its path standardized
/// (so it compares equal to the real paths the doors report).
package func makeTemporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "sheetlab-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return URL(fileURLWithPath: path).standardizedFileURL.path
}
