import Foundation

/// The repository's root, for the example policies.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// `examples/policies`.
let examplePolicies = repositoryRoot + "/examples/policies"
