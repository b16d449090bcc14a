import Foundation
import SheetLab
import Testing

/// What a `SessionConfiguration` holds besides the profile and policies,
/// as an embedder sets it: the engine's limits (what `--engine-memory`
/// sets), a pinned profile and a set-up scenario, from source or a file.
@Suite struct SessionConfigurationTests {
    static let bigWrites = """
        view { name = "V", state = { s = "" } }
        local big = string.rep("x", 64 * 1024)
        for i = 1, 1000 do set("V.s", big .. i) end
        """

    @Test func engineLimits_setByAnEmbedder_stopWhatTheAppHolds() throws {
        var configuration = SessionConfiguration(limits: LuaLimits(memory: 64 << 20))
        configuration.engineLimits.memoryBytes = 1 << 20
        configuration.engineLimits.memorySetting = "engineLimits.memoryBytes"
        #expect {
            _ = try configuration.runScenario(source: Self.bigWrites, name: "big.lua")
        } throws: { error in
            let message = (error as? ScenarioError)?.error.message ?? ""
            return message.contains("engine memory limit of 1 MiB reached")
                && message.contains("raise it with engineLimits.memoryBytes")
        }
        // The default lets the same scenario finish.
        configuration.engineLimits = EngineLimits()
        #expect(try configuration.runScenario(source: Self.bigWrites, name: "big.lua").passed)
    }

    @Test func setup_source_runsAfterThePolicies_inTheSessionsGlobals() throws {
        let configuration = SessionConfiguration(
            policies: [.source("return { request = function(ctx) return 'queue' end }", name: "q.lua")],
            setup: .source(
                #"view { name = "ContentView", state = { "item" }, modifiers = { sheet { item = "item" } } } shown = 1"#,
                name: "setup.lua"))
        let session = try Session(configuration)
        #expect(session.state().views.map(\.name) == ["ContentView"])
        #expect(try session.evaluate("return shown") == [.integer(1)])
        #expect(session.policies.map(\.name) == ["q.lua"])
    }

    @Test func setup_file_loadsItsPoliciesFromItsOwnFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("setup-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "return { settle = function(ctx) return 'large' end }".write(
            to: folder.appendingPathComponent("large.lua"), atomically: true, encoding: .utf8)
        try #"policy("large.lua") view { name = "V" }"#.write(
            to: folder.appendingPathComponent("setup.lua"), atomically: true, encoding: .utf8)
        let session = try Session(SessionConfiguration(setup: .file(folder.appendingPathComponent("setup.lua").path)))
        #expect(session.policies.map(\.name) == ["large.lua"])
        #expect(session.state().views.map(\.name) == ["V"])
    }

    @Test func setup_thatFails_isThrownWithItsFileAndLine() throws {
        let configuration = SessionConfiguration(setup: .source("view { name = 'V' }\nerror('no')", name: "setup.lua"))
        #expect {
            _ = try Session(configuration)
        } throws: { error in
            guard let error = error as? LuaError else { return false }
            return error.file == "setup.lua" && error.line == 2
        }
    }

    @Test func pinsProfile_inTheConfiguration_winsOverTheScenariosProfileCall() throws {
        var configuration = try SessionConfiguration(profile: "ipadpro11-ios17")
        let source = #"profile("iphonese-ios16") view { name = "V" } expect(true)"#
        #expect(try configuration.runScenario(source: source).profile.id == "iphonese-ios16")
        configuration.pinsProfile = true
        #expect(try configuration.runScenario(source: source).profile.id == "ipadpro11-ios17")
        // The argument still wins over the configuration.
        #expect(try configuration.runScenario(source: source, pinsProfile: false).profile.id == "iphonese-ios16")
    }

    @Test func allowedPolicyRoots_isTheLimitsAllowedPaths() {
        var configuration = SessionConfiguration()
        #expect(configuration.allowedPolicyRoots == nil)
        configuration.allowedPolicyRoots = ["/srv/policies"]
        #expect(configuration.limits.allowedPaths == ["/srv/policies"])
    }
}
