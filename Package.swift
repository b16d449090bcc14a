// swift-tools-version:6.0
import PackageDescription

// The modules whose code is not on a hot path (the command line, the servers, the debugger) are compiled
// without the optimizer in release builds too: optimizing them was most of a release build's time
// (docs/performance.md, "The release build"), and their work is spent in the optimized modules they call.
let coldInRelease: [SwiftSetting] = [.unsafeFlags(["-Onone"], .when(configuration: .release))]

let package = Package(
    name: "SheetLab",
    // Swift's Duration (Session.advance(by:)) needs macOS 13; Linux has no minimum.
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "LuaRuntime", targets: ["LuaRuntime"]),
        .library(name: "SheetEngine", targets: ["SheetEngine"]),
        .library(name: "SheetRendering", targets: ["SheetRendering"]),
        // The documented, stable embedding API (Sources/SheetLab/SheetLab.docc).
        .library(name: "SheetLab", targets: ["SheetLab"]),
        .executable(name: "sheetlab", targets: ["sheetlab"]),
    ],
    targets: [
        // Lua 5.4 from the system, plus a shim for the macros Swift cannot import.
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua"])]
        ),
        // The C that must not be Swift: the counting allocator, the budget guard
        // and its watchdog, the sandbox (libraries, read-only views, the host-function
        // trampoline), and the guarded pattern, table and coroutine functions.
        .target(name: "CLuaSupport", dependencies: ["CLua"]),
        // libedit for the REPL's line editing, history and completion, plus a shim for its variadic calls.
        .systemLibrary(
            name: "CLibEdit",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"]), .brew(["libedit"])]
        ),
        .target(name: "LuaRuntime", dependencies: ["CLua", "CLuaSupport"]),
        // Hook dispatch through LuaRuntime against the bare C API; scripts/bench runs it in release.
        .executableTarget(
            name: "sheetlab-bench", dependencies: ["LuaRuntime", "CLua", "SheetEngine", "SheetCheck", "SheetScripting"]),
        .target(name: "SheetEngine"),
        // The JSON value, its strict parser and its writer (with the rule for numbers JSON cannot hold):
        // a leaf, so that rendering, the checker and the servers write JSON one way.
        .target(name: "SheetJSON"),
        // The HTML player's script and stylesheet are built in (Resources/player.js, player.css).
        .target(
            name: "SheetRendering", dependencies: ["SheetEngine", "SheetJSON"],
            resources: [.embedInCode("Resources/player.js"), .embedInCode("Resources/player.css")]),
        // The model checker (`sheetlab check`) over the engine alone: it explores what an
        // `ExplorationHost` gives it (a session, or a plain app) and knows nothing of Lua.
        .target(name: "SheetCheck", dependencies: ["SheetEngine"]),
        // Lua policies and scenarios over the engine: the one API behind the CLI, REPL and serve.
        .target(name: "SheetScripting", dependencies: ["SheetEngine", "SheetCheck", "SheetJSON", "LuaRuntime"]),
        // The JSON-RPC servers: framing (lines, LSP's headers), one endpoint (frame -> request -> handler ->
        // limited response, cancellation, budgets, the stdio loop) and its two handlers, serve and mcp.
        // mcp's resources (docs, examples, the API stub) are built in by the EmbedResources plugin, so they are
        // served wherever the binary is.
        .target(
            name: "SheetServer",
            dependencies: ["SheetEngine", "SheetCheck", "SheetJSON", "SheetScripting", "SheetRendering", "LuaRuntime"],
            swiftSettings: coldInRelease,
            plugins: ["EmbedResources"]
        ),
        // `sheetlab debug`: the Debug Adapter Protocol server (framing, breakpoints, runs re-executed to step back).
        .target(
            name: "SheetDebug",
            dependencies: ["SheetEngine", "SheetJSON", "SheetScripting", "SheetServer", "LuaRuntime"],
            swiftSettings: coldInRelease),
        // The tool of the EmbedResources build plugin: files in, a Swift source of raw strings out.
        .executableTarget(name: "sheetlab-embed"),
        .plugin(name: "EmbedResources", capability: .buildTool(), dependencies: ["sheetlab-embed"]),
        // The command line, apart from its thin executable: arguments, commands, the REPL, the terminal, watching,
        // test reports and run comparisons; serve and mcp are SheetServer's.
        // The REPL's `:help NAME` reads the Lua API stub, built in (Resources/sheetlab.lua links to docs/api/sheetlab.lua).
        .target(
            name: "SheetLabCLI",
            dependencies: [
                "SheetEngine", "SheetCheck", "SheetJSON", "SheetScripting", "SheetRendering", "SheetServer", "SheetDebug",
                "LuaRuntime", "CLibEdit",
            ],
            resources: [.embedInCode("Resources/sheetlab.lua")],
            swiftSettings: coldInRelease),
        .executableTarget(name: "sheetlab", dependencies: ["SheetLabCLI"]),
        // Fuzzers for the engine and the Lua boundary (docs/safety.md); scripts/fuzz runs sheetlab-fuzz.
        // The server input fuzzer drives serve and mcp in memory, through their protocols.
        .target(
            name: "SheetFuzzing",
            dependencies: ["SheetEngine", "SheetCheck", "SheetJSON", "SheetScripting", "SheetServer", "LuaRuntime"]),
        .executableTarget(name: "sheetlab-fuzz", dependencies: ["SheetFuzzing"]),
        // The embedding API: re-exports the engine and scripting, adds what a small API needs.
        .target(name: "SheetLab", dependencies: ["SheetEngine", "SheetScripting", "LuaRuntime"]),
        .testTarget(name: "LuaRuntimeTests", dependencies: ["LuaRuntime"], exclude: ["Fixtures"]),
        .testTarget(name: "SheetEngineTests", dependencies: ["SheetEngine"]),
        // The checker's algorithms with native apps: no Lua.
        .testTarget(name: "SheetCheckTests", dependencies: ["SheetCheck", "SheetEngine"]),
        .testTarget(name: "SheetJSONTests", dependencies: ["SheetJSON"]),
        // SheetScripting runs the examples whose pictures ExamplePicturesTests checks.
        .testTarget(
            name: "SheetRenderingTests",
            dependencies: ["SheetRendering", "SheetJSON", "SheetScripting", "SheetLabTestSupport"]),
        .testTarget(
            name: "SheetScriptingTests", dependencies: ["SheetScripting", "SheetCheck", "SheetLabTestSupport"],
            exclude: ["Fixtures"]),
        // What several test targets share: an RPC client, the scenario enumerator.
        .target(name: "SheetLabTestSupport", dependencies: ["SheetJSON"], path: "Tests/SheetLabTestSupport"),
        .testTarget(name: "SheetServerTests", dependencies: ["SheetServer", "SheetLabTestSupport"]),
        .testTarget(
            name: "SheetDebugTests", dependencies: ["SheetDebug", "SheetJSON", "SheetScripting", "SheetEngine"]),
        .testTarget(name: "SheetLabCLITests", dependencies: ["SheetLabCLI", "SheetLabTestSupport"]),
        // The same bad inputs through the command line, serve, mcp and the library (Tests/e2e/parity_test.py too).
        .testTarget(
            name: "DoorParityTests", dependencies: ["SheetLabCLI", "SheetServer", "SheetLab", "SheetLabTestSupport"]),
        .testTarget(
            name: "FuzzTests",
            dependencies: ["SheetFuzzing", "SheetCheck", "SheetScripting", "SheetEngine", "LuaRuntime"]),
        .testTarget(name: "SheetLabTests", dependencies: ["SheetLab"]),
        // The docs' Swift snippets, compiled (Tests/doc/doctest.py --write-swift writes the file).
        .testTarget(name: "DocSnippetTests", dependencies: ["SheetLab", "SheetRendering", "LuaRuntime"]),
    ],
    swiftLanguageModes: [.v6]
)
