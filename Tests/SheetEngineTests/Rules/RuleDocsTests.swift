import Foundation
import Testing

@testable import SheetEngine

/// `docs/engine.md` shows the rule catalogue, the profile flags, the
/// assumptions and the version rules as tables; these tests read the page
/// and compare each table with the data it shows, so the page cannot drift
/// from `Rule.catalogue`, `Rule.assumptions`, `ProfileFlag` and `OSVersion.all`.
@Suite struct RuleDocsTests {
    static let engineDocs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/engine.md").path

    /// Every table row of the page, as its cells (`| a | b |` -> `["a", "b"]`).
    static func rows() throws -> [[String]] {
        let text = try String(contentsOfFile: engineDocs, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> [String]? in
            guard line.hasPrefix("| "), line.hasSuffix(" |") else { return nil }
            return line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
        }
    }

    /// The rows whose first cell is `first`.
    static func rows(startingWith first: String) throws -> [[String]] {
        try rows().filter { $0.first == first }
    }

    @Test func everyCatalogueRule_hasOneRow_withItsConfidenceOSRangeSummaryAndSource() throws {
        for rule in Rule.catalogue {
            let found = try Self.rows(startingWith: rule.id.rawValue).filter { $0.count == 5 }
            #expect(found.count == 1, "\(rule.id.rawValue): \(found.count) rows in the rule table")
            guard let row = found.first else { continue }
            #expect(
                row == [rule.id.rawValue, rule.confidence.rawValue, rule.os.description, rule.summary, rule.source],
                "\(rule.id.rawValue): the row says \(row)")
        }
    }

    @Test func theRuleTable_namesOnlyCatalogueRules() throws {
        let header = try Self.rows(startingWith: "Id")
        #expect(header == [["Id", "Confidence", "OS", "Rule", "Source"]])
        let ids = try Self.rows().filter { $0.count == 5 && $0[0].count == 3 }.map { $0[0] }
        for id in ids where id.first == "B" || id.first == "P" {
            #expect(RuleID(rawValue: id) != nil, "\(id) is not in the catalogue")
        }
    }

    @Test func everyProfileFlag_hasItsRow_withItsRuleAndTheVersionsItIsOnIn() throws {
        for flag in ProfileFlag.allCases {
            let rule = Rule.catalogue.first { $0.flag == flag }
            let on = OSVersion.all.filter { flag.value(in: $0) }.map(\.version)
            let expected = [
                "`\(flag.rawValue)`", rule?.id.rawValue ?? "", on.isEmpty ? "none" : on.joined(separator: ", "),
            ]
            #expect(try Self.rows(startingWith: "`\(flag.rawValue)`") == [expected], "\(flag.rawValue)")
        }
    }

    @Test func everyAssumption_hasItsRow_withItsConfidenceSummaryAndSource() throws {
        for a in Rule.assumptions {
            let expected = ["`\(a.name)`", a.confidence.rawValue, a.summary, a.source]
            #expect(try Self.rows(startingWith: "`\(a.name)`") == [expected], "\(a.name)")
        }
    }

    /// The per-OS table: a column per version (an alias in parentheses), a
    /// row per field of `OSVersion` that differs by rule, `yes`/`no` or a number.
    @Test func theVersionTable_isOSVersionAll() throws {
        let rows = try Self.rows()
        let header = try #require(rows.first { $0.first == "`OSVersion` field" })
        let aliases = Dictionary(grouping: OSVersion.aliases, by: \.value).mapValues { $0.map(\.key).sorted() }
        let columns = OSVersion.all.map { os in
            aliases[os.version].map { "\(os.version) (\($0.joined(separator: ", ")))" } ?? os.version
        }
        #expect(Array(header.dropFirst(3)) == columns)

        var documented: Set<String> = []
        for (index, os) in OSVersion.all.enumerated() {
            for child in Mirror(reflecting: os).children {
                guard let field = child.label else { continue }
                let cell: String
                switch child.value {
                case let flag as Bool: cell = flag ? "yes" : "no"
                case let number as Double:
                    cell = number == number.rounded() ? String(Int(number)) : String(number)
                default: continue  // the version's name and its timings (checked below)
                }
                let row = rows.first { $0.first == "`\(field)`" && $0.count == header.count }
                #expect(
                    row?[3 + index] == cell, "\(field) on \(os.version): the table says \(row?[3 + index] ?? "nothing")"
                )
                documented.insert("`\(field)`")
            }
        }
        let tableRows = rows.filter { $0.count == header.count && $0 != header && !$0[0].hasPrefix("---") }
        #expect(Set(tableRows.map(\.[0])) == documented, "rows that name no field of OSVersion")
    }

    /// The page says the timings are the same on every version; when one
    /// version gets its own, the table needs a row for them.
    @Test func timings_areTheSameOnEveryVersion_asThePageSays() throws {
        #expect(Set(OSVersion.all.map(\.timings)).count == 1)
        let text = try String(contentsOfFile: Self.engineDocs, encoding: .utf8)
        #expect(text.contains("Timings are the same on every version"))
    }
}
