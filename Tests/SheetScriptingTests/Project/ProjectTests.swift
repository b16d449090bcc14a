import Foundation
import LuaRuntime
import SheetEngine
import Testing

@testable import SheetScripting

/// The project file, `.sheetlab.lua`: found walking up, read in the sandbox, checked.
@Suite struct ProjectTests {
    /// A scratch folder with `files` written in it.
    func folder(_ files: [String: String]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("project-\(UUID().uuidString)").path
        for (name, text) in files {
            let path = dir + "/" + name
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return dir
    }

    @Test func isFoundWalkingUp_andReadsItsSettings() throws {
        let dir = try folder([
            ".sheetlab.lua":
                "return { test = { 'a', 'b/../c' }, profile = 'iphone15-ios17', strict = true, limits = { budget_ms = 250 } }",
            "a/deep/x.lua": "",
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = try #require(Project.find(from: dir + "/a/deep"))
        #expect(file.hasSuffix("/.sheetlab.lua"))
        let project = try #require(try Project.locate(paths: [dir + "/a/deep/x.lua"]))
        #expect(project.tests == [project.root + "/a", project.root + "/c"])
        #expect(project.profile == "iphone15-ios17")
        #expect(project.strict == true)
        #expect(project.limits == ["budget_ms": 250])
        #expect(project.policyRoots == [project.root])
    }

    @Test func wrongSettings_sayWhatIsWrong() throws {
        let cases: [(String, String)] = [
            ("return { profil = 'x' }", "unknown setting 'profil'"),
            ("return { profile = 'iphone15' }", "did you mean iphone15-ios14.4"),
            ("return { limits = { budgt_ms = 1 } }", "did you mean budget_ms?"),
            ("return { limits = { budget_ms = 0 } }", "must be a whole number from 1"),
            ("return { color = 'sometimes' }", "must be one of auto, always, never"),
            ("return { strict = 'yes' }", "'strict' must be true or false"),
            ("return 3", "must return a table"),
            ("return { test = io.open('/etc/passwd') }", "io"),
        ]
        for (text, expected) in cases {
            let dir = try folder([".sheetlab.lua": text])
            defer { try? FileManager.default.removeItem(atPath: dir) }
            #expect(throws: LuaError.self) { try Project.load(dir + "/.sheetlab.lua") }
            do {
                _ = try Project.load(dir + "/.sheetlab.lua")
            } catch {
                #expect(error.description.contains(expected), "\(text): \(error)")
            }
        }
    }

    @Test func suggestions_areTheClosestNames() {
        #expect(NameSuggestion.close(to: "requets", in: LuaPolicy.hookNames) == ["request"])
        #expect(NameSuggestion.close(to: "sett", in: ["set", "settle", "get"]) == ["settle"])
        #expect(NameSuggestion.close(to: "zzz", in: ["set", "get"]).isEmpty)
        #expect(NameSuggestion.hint(for: "--stric", in: ["--strict", "--format"]) == "; did you mean --strict?")
    }
}
