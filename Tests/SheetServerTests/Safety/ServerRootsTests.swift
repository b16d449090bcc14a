import Foundation
import LuaRuntime
import SheetJSON
import SheetLabTestSupport
import SheetScripting
import Testing

@testable import SheetServer

/// Issue 32, item 3: a request cannot widen the server's roots.
@Suite struct ServerRootsTests {
    /// A folder outside the roots holding a policy and a scenario, and one inside them (allowed with --allow-path).
    struct Folders {
        let outside: URL
        let inside: URL
        var outsidePolicy: String { outside.appendingPathComponent("p.lua").path }
        var outsideScenario: String { outside.appendingPathComponent("s.lua").path }

        init() throws {
            let temp = FileManager.default.temporaryDirectory
            outside = temp.appendingPathComponent("sheetlab-outside-\(UUID())")
            inside = temp.appendingPathComponent("sheetlab-inside-\(UUID())")
            for folder in [outside, inside] {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            try "return { request = function() return nil end }\n".write(
                toFile: outsidePolicy, atomically: true, encoding: .utf8)
            try "expect(true)\n".write(toFile: outsideScenario, atomically: true, encoding: .utf8)
            try "expect(true)\n".write(
                toFile: inside.appendingPathComponent("ok.lua").path, atomically: true, encoding: .utf8)
            // A link inside the roots that leads out of them.
            try FileManager.default.createSymbolicLink(
                atPath: inside.appendingPathComponent("out").path, withDestinationPath: outside.path)
        }

        /// What the command line gives a server: `--allow-path INSIDE`.
        var defaults: SessionConfiguration {
            var configuration = SessionConfiguration()
            configuration.allowedPolicyRoots = [inside.path]
            return configuration
        }

        func remove() {
            for folder in [outside, inside] { try? FileManager.default.removeItem(at: folder) }
        }
    }

    static func message(_ response: JSON) -> String {
        if case .string(let s)? = response["error"]?["message"] { return s }
        return response.text
    }

    @Test func serve_runScenario_pathAndBaseDirectoryOutside_areInvalidParams_namingTheRoots() throws {
        let folders = try Folders()
        defer { folders.remove() }
        let client = ServeTestClient(defaults: folders.defaults)
        let cases: [([String: JSON], String)] = [
            (
                ["path": .string(folders.outsideScenario)],
                "'path' \(folders.outsideScenario) is outside the server's roots"
            ),
            (["path": .string(folders.inside.path + "/out/s.lua")], "is outside the server's roots"),
            (["source": "expect(true)", "base_directory": "/"], "'base_directory' / is outside the server's roots"),
            (["source": "expect(true)", "base_directory": .string(folders.inside.path + "/out")], "is outside"),
            (
                ["source": "expect(true)", "base_directory": .string(folders.inside.path + "/ok.lua")],
                "is not a folder"
            ),
        ]
        for (params, message) in cases {
            let response = client.request("run_scenario", params.merging(["timeline": false]) { a, _ in a })
            #expect(response["error"]?["code"] == .int(RPCError.invalidParamsCode), "\(response.text)")
            #expect(Self.message(response).contains(message), "\(response.text)")
            if message.contains("outside") {
                #expect(Self.message(response).contains("--allow-path"), "\(response.text)")
            }
        }
        let inside = try client.call(
            "run_scenario", ["path": .string(folders.inside.path + "/ok.lua"), "timeline": false])
        #expect(inside["passed"] == true, "\(inside.text)")
    }

    /// A base_directory inside the roots lets policy() read there, never past the roots.
    @Test func serve_runScenario_policyFromABaseDirectoryInside_staysInsideTheRoots() throws {
        let folders = try Folders()
        defer { folders.remove() }
        let client = ServeTestClient(defaults: folders.defaults)
        let result = try client.call(
            "run_scenario",
            [
                "source": .string("policy(\"\(folders.outsidePolicy)\")\nexpect(true)"),
                "base_directory": .string(folders.inside.path), "timeline": false,
            ])
        #expect(result["passed"] == false)
        #expect(Self.message(["error": result["error"] ?? .null]).contains(BadFiles.outsideTheRoots), "\(result.text)")
        // Through the link inside: refused where the file opened really is.
        let linked = try client.call(
            "run_scenario",
            [
                "source": "policy(\"out/p.lua\")\nexpect(true)", "base_directory": .string(folders.inside.path),
                "timeline": false,
            ])
        #expect(linked["passed"] == false, "\(linked.text)")
        let refused = client.request(
            "run_scenario", ["source": "expect(true)", "policies": [.string(folders.outsidePolicy)]])
        #expect(refused["error"]?["data"]?["kind"] == "io", "\(refused.text)")
        #expect(Self.message(refused).contains(BadFiles.outsideTheRoots), "\(refused.text)")
    }

    @Test func mcp_pathBaseDirectoryPoliciesAndScenarioOutside_areToolErrors() throws {
        let folders = try Folders()
        defer { folders.remove() }
        let client = MCPTestClient(options: MCPServer.Options(defaults: folders.defaults, root: serveRepositoryRoot))
        let cases: [(String, [String: JSON], String)] = [
            ("run_scenario", ["path": .string(folders.outsideScenario)], "is outside the server's roots"),
            ("run_scenario", ["source": "expect(true)", "base_directory": "/"], "'base_directory' / is outside"),
            ("run_scenario", ["source": "", "policies": [.string(folders.outsidePolicy)]], BadFiles.outsideTheRoots),
            ("check_policy", ["scenario": .string(folders.outsideScenario)], BadFiles.outsideTheRoots),
            ("check_policy", ["policies": [.string(folders.outsidePolicy)]], BadFiles.outsideTheRoots),
            ("render_timeline_svg", ["path": .string(folders.outsideScenario)], "is outside the server's roots"),
            ("explain_event", ["path": .string(folders.outsideScenario), "index": 1], "is outside the server's roots"),
            (
                "run_scenario",
                ["source": .string("policy(\"\(folders.outsidePolicy)\") expect(true)"), "base_directory": "/"],
                "is outside"
            ),
        ]
        for (tool, arguments, message) in cases {
            let result = client.call(tool, arguments)
            let text = MCPTestClient.text(result)
            #expect(result["isError"] == true, "\(tool) \(result.text)")
            #expect(text.contains(message), "\(tool): \(text)")
        }
        // The examples (under --root) and the allowed folder are inside.
        let example = client.call(
            "run_scenario", ["path": "sheetlab://examples/seeds/seed000_queue_reopen.lua", "timeline": "none"])
        #expect(example["structuredContent"]?["passed"] == true, "\(example.text)")
        let inside = client.call(
            "run_scenario", ["path": .string(folders.inside.path + "/ok.lua"), "timeline": "none"])
        #expect(inside["structuredContent"]?["passed"] == true, "\(inside.text)")
    }

    @Test func roots_areTheServersFolder_itsAllowedPaths_andMore_resolved() throws {
        let folders = try Folders()
        defer { folders.remove() }
        let roots = ServerRoots(folders.defaults, more: [folders.inside.path + "/out"])
        let places = try #require(roots.places)
        #expect(places.contains(ConfinedFile.realPath(of: ".")!))
        #expect(places.contains(ConfinedFile.realPath(of: folders.inside.path)!))
        #expect(places.contains(ConfinedFile.realPath(of: folders.outside.path)!), "more, by its real path")
        #expect(ServerRoots(SessionConfiguration()).places == nil, "a server made in Swift without roots")
        #expect(roots.bound(SessionConfiguration()).limits.boundingPaths == places)
    }
}
