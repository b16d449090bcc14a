// swift-tools-version:6.0
// libFuzzer entry points for SheetLab (docs/safety.md). scripts/fuzz and scripts/sanitize build and run them;
// or by hand (the explicit coverage flags: swiftc drops libFuzzer's coverage when
// SwiftPM passes -sanitize=fuzzer before -sanitize=address):
//   swift build -c release --sanitize fuzzer --sanitize address \
//     -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table --scratch-path .build
//   .build/release/fuzz-policy-load ../examples/policies -dict=lua.dict -max_total_time=60
import PackageDescription

// Each entry point is a library-style file with `LLVMFuzzerTestOneInput`; libFuzzer supplies `main`.
let entry: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "SheetLabFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "SheetLab", path: "..")],
    targets: [
        // What both entry points share: a session with small limits and a driver that calls every hook.
        .target(name: "FuzzDriver", dependencies: [.product(name: "SheetLab", package: "SheetLab")]),
        // Bytes as a policy's source: loading, validating, and running what loads.
        .executableTarget(
            name: "fuzz-policy-load", dependencies: ["FuzzDriver"], path: "Sources/FuzzPolicyLoad", swiftSettings: entry
        ),
        // Bytes as the body of every hook: decoding and validating what hooks answer.
        .executableTarget(
            name: "fuzz-hook-result", dependencies: ["FuzzDriver"], path: "Sources/FuzzHookResult", swiftSettings: entry
        ),
    ],
    swiftLanguageModes: [.v6]
)
