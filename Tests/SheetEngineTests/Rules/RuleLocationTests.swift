import Foundation
import Testing

@testable import SheetEngine

/// Each engine rule is findable from its id: exactly one declaration in
/// `Sources/SheetEngine` carries a `/// Bnn: summary` doc line for it (other
/// mentions cite the id in parentheses), and it is a function or property,
/// so `grep '/// B17:'` lands on the code that implements the rule.
@Suite struct RuleLocationTests {
    static let engineSources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/SheetEngine").path

    /// The rules the engine implements (the others are policies or later issues' rules).
    static let engineRules: [RuleID] = RuleID.allCases.filter { $0 <= .b52 } + [.p01, .p05]

    /// Every `/// Bnn:` doc line with the declaration its doc comment belongs to
    /// and the summary's text (its paragraph, up to the first empty doc line).
    static func summaries() throws -> [(rule: String, file: String, declaration: String, text: String)] {
        var out: [(String, String, String, String)] = []
        let files = FileManager.default.enumerator(atPath: engineSources)!.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        for file in files {
            let lines = try String(contentsOfFile: engineSources + "/" + file, encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            for (i, line) in lines.enumerated() {
                let text = line.trimmingCharacters(in: .whitespaces)
                guard text.hasPrefix("/// "), let colon = text.firstIndex(of: ":") else { continue }
                let id = text[text.index(text.startIndex, offsetBy: 4)..<colon]
                guard id.count == 3, id.first == "B" || id.first == "P", id.dropFirst().allSatisfy(\.isNumber) else {
                    continue
                }
                let declaration = lines[(i + 1)...].first {
                    let t = $0.trimmingCharacters(in: .whitespaces)
                    return !t.hasPrefix("///") && !t.hasPrefix("@")
                }
                var summary = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
                for next in lines[(i + 1)...] {
                    let t = next.trimmingCharacters(in: .whitespaces)
                    guard t.hasPrefix("/// "), !t.dropFirst(4).prefix(4).contains(":") else { break }
                    summary += " " + t.dropFirst(4)
                }
                out.append(
                    (String(id), file, declaration.map { $0.trimmingCharacters(in: .whitespaces) } ?? "", summary))
            }
        }
        return out
    }

    @Test func everyEngineRule_hasExactlyOneSummary_onADeclaration() throws {
        let all = try Self.summaries()
        for rule in Self.engineRules {
            let found = all.filter { $0.rule == rule.rawValue }
            #expect(found.count == 1, "\(rule.rawValue): \(found.map(\.file))")
            guard let place = found.first else { continue }
            let declares = ["func ", "var ", "init(", "subscript", "static func "].contains {
                place.declaration.contains($0)
            }
            #expect(declares, "\(rule.rawValue) in \(place.file) documents: \(place.declaration)")
        }
    }

    /// The doc line says what the rule catalogue says (`sheetlab profiles --rules`), so the two cannot drift.
    @Test func everySummary_isTheCataloguesSummary() throws {
        for s in try Self.summaries() {
            guard let id = RuleID(rawValue: s.rule) else { continue }
            #expect(s.text == id.rule.summary + ".", "\(s.rule) in \(s.file)")
        }
    }

    @Test func noSummary_namesAnUnknownRule() throws {
        for s in try Self.summaries() { #expect(RuleID(rawValue: s.rule) != nil, "\(s.rule) in \(s.file)") }
    }
}
