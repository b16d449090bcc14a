import Foundation
import LuaRuntime
import SheetEngine
import SheetJSON
import SheetLabTestSupport
import SheetScripting
import Testing

@testable import SheetServer

/// docs/serve.openrpc.json's enums are the engine's and the server's own:
/// a reason, an event kind or a limit added in Swift and not to the document
/// fails here, so the document never rejects what the server sends.
@Suite struct OpenRPCDocumentTests {
    static func document() throws -> JSON {
        let path = ExampleScenarios.root.appendingPathComponent("docs/serve.openrpc.json").path
        return try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    static func schema(_ name: String) throws -> JSON {
        try #require(try document()["components"]?["schemas"]?[name])
    }

    /// The strings of an `enum`.
    static func strings(_ json: JSON?) -> Set<String> {
        Set((json?["enum"]?.array ?? []).compactMap { if case .string(let s) = $0 { s } else { nil } })
    }

    static func ints(_ json: JSON?) -> Set<Int> {
        Set((json?["enum"]?.array ?? []).compactMap { if case .int(let i) = $0 { i } else { nil } })
    }

    /// The `then` of the Error schema's branch for `code`.
    static func errorBranch(_ code: Int) throws -> JSON? {
        try schema("Error")["allOf"]?.array?.first { $0["if"]?["properties"]?["code"]?["const"] == .int(code) }?["then"]
    }

    @Test func engineErrorReasons_areTheDocumentsReasons() throws {
        let engine = try Self.strings(Self.errorBranch(-32002)?["properties"]?["data"]?["properties"]?["reason"])
        let limit = try Self.strings(Self.errorBranch(-32003)?["properties"]?["data"]?["properties"]?["reason"])
        let names = Set(RPCError.ReasonName.allCases.map(\.rawValue))
        #expect(engine.union(limit) == names, "missing: \(names.subtracting(engine.union(limit)).sorted())")
        #expect(limit == [RPCError.ReasonName.limitReached.rawValue], "limitReached is a -32003 error")
    }

    @Test func limitKinds_areTheLuaLimitsAndTheServersLimits() throws {
        let documented = try Self.strings(Self.errorBranch(-32003)?["properties"]?["data"]?["properties"]?["kind"])
        // The server's limits, as the code names them where it refuses.
        let sources = ExampleScenarios.root.appendingPathComponent("Sources/SheetServer")
        var server: Set<String> = []
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: /kind: "([a-zA-Z]+)"/) { server.insert(String(match.1)) }
        }
        let lua: Set<String> = [LuaError.Kind.budget, .memory, .interrupted].map(\.rawValue).reduce(into: []) {
            $0.insert($1)
        }
        #expect(documented == server.union(lua), "missing: \(server.union(lua).subtracting(documented).sorted())")
    }

    @Test func scriptErrorKinds_areLuaErrorKinds() throws {
        let documented = Self.strings(try Self.schema("ScriptErrorData")["properties"]?["kind"])
        #expect(documented == Set(LuaError.Kind.allCases.map(\.rawValue)))
    }

    @Test func eventFields_areTheEnginesEnums() throws {
        let event = try Self.schema("Event")["properties"]
        #expect(Self.strings(event?["kind"]) == Set(EventKind.allCases.map(\.rawValue)))
        #expect(Self.strings(event?["severity"]) == Set(Severity.allCases.map(\.rawValue)))
        #expect(Self.strings(event?["phase"]) == Set(Phase.allCases.map(\.rawValue)))
        #expect(Self.strings(event?["confidence"]) == Set(Confidence.allCases.map(\.rawValue)))
    }

    @Test func presentationFields_areTheEnginesEnums() throws {
        let presentation = try Self.schema("Presentation")["properties"]
        #expect(Self.strings(presentation?["phase"]) == Set(Phase.allCases.map(\.rawValue)))
        #expect(Self.strings(presentation?["sizing"]) == Set(PresentationSizing.allCases.map(\.rawValue)))
        #expect(
            Self.strings(presentation?["presentation_placement"])
                == Set(PresentationPlacement.allCases.map(\.rawValue)))
        #expect(
            Self.strings(try Self.schema("Profile")["properties"]?["orientation"])
                == Set(Orientation.allCases.map(\.rawValue)))
    }

    @Test func framingsAndExitStatuses_areTheServers() throws {
        let framing = try Self.schema("InitializeResult")["properties"]?["capabilities"]?["properties"]?["framing"]
        #expect(Self.strings(framing) == Set(Framing.allCases.map(\.rawValue)))
        // What ExitCode(result) gives a scenario's result: passed, failed, a script error, an unreadable file.
        let statuses = Self.ints(try Self.schema("ScenarioResult")["properties"]?["exit_status"])
        let scenario: [ExitCode] = [.ok, .failed, .scriptError, .ioError]
        #expect(statuses == Set(scenario.map { Int($0.rawValue) }))
    }

    /// The ranges of `create`'s and `run_scenario`'s `limits` are the settings' (`SessionSetting`), as the command line's.
    @Test func limitsFields_haveTheSettingsRanges() throws {
        let methods = try Self.document()["methods"]?.array ?? []
        for name in ["create", "run_scenario"] {
            let method = try #require(methods.first { $0["name"] == .string(name) })
            let limits = try #require(method["params"]?.array?.first { $0["name"] == "limits" })
            for setting in SessionSetting.fields {
                let field = limits["schema"]?["properties"]?[setting.name]
                #expect(field?["minimum"] == .int(setting.range.lowerBound), "\(name).\(setting.name)")
                #expect(field?["maximum"] == .int(setting.range.upperBound), "\(name).\(setting.name)")
            }
        }
    }
}
