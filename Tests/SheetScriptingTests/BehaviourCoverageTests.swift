import Foundation
import SheetLabTestSupport
import Testing

/// BEHAVIOURS.md asks for every behaviour id to be covered by a scenario that
/// names it. Each scenario under `examples/` (policy folders aside) starts
/// with a comment block holding one `-- Covers: B01, B02, ...` line. These
/// tests check that the lines are there, that together they name every id,
/// and that a file names in its code (in practice an `expect` message) every
/// id its `Covers:` line claims, so the line stays honest.
@Suite struct BehaviourCoverageTests {
    static let root = ExampleScenarios.root

    static let behaviourIDs = (1...52).map { String(format: "B%02d", $0) }
    static let policyIDs = (1...5).map { String(format: "P%02d", $0) }

    /// Scenario files under `examples/`, skipping folders named `policies`
    /// (and hidden ones such as a nested package's `.build`).
    static var scenarios: [String] { ExampleScenarios.all }

    /// One scenario file, split into what the coverage rules look at.
    struct Scenario {
        let path: String
        /// The leading comment block, one entry per line.
        let header: [String]
        /// Code with comments removed, one entry per line.
        let code: [String]

        init(path: String) throws {
            self.path = path
            let text = try String(contentsOf: BehaviourCoverageTests.root.appendingPathComponent(path), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            header = Array(lines.prefix { $0.hasPrefix("--") })
            code = lines.map(Scenario.stripComment)
        }

        /// The `-- Covers:` lines of the header.
        var coversLines: [String] { header.filter { $0.hasPrefix("-- Covers:") } }

        /// The ids named on the `Covers:` line.
        var covered: [String] { coversLines.flatMap(BehaviourCoverageTests.ids) }

        /// The ids named in code, outside comments.
        var named: Set<String> { Set(code.flatMap(BehaviourCoverageTests.ids)) }

        /// A line without its `--` comment (quotes are respected; long
        /// strings and block comments are not used in the examples).
        static func stripComment(_ line: String) -> String {
            var quote: Character?
            var escaped = false
            var previous: Character?
            var out = ""
            for ch in line {
                if let q = quote {
                    if escaped {
                        escaped = false
                    } else if ch == "\\" {
                        escaped = true
                    } else if ch == q {
                        quote = nil
                    }
                } else if ch == "\"" || ch == "'" {
                    quote = ch
                } else if ch == "-", previous == "-" {
                    out.removeLast()
                    return out
                }
                out.append(ch)
                previous = quote == nil ? ch : nil
            }
            return out
        }
    }

    /// Every `B` or `P` followed by two digits in `text`, in order.
    static func ids(in text: String) -> [String] {
        let chars = Array(text)
        var out: [String] = []
        var i = 0
        while i + 2 < chars.count {
            let c = chars[i]
            let before = i > 0 ? chars[i - 1] : " "
            if (c == "B" || c == "P"), chars[i + 1].isASCII, chars[i + 1].isNumber, chars[i + 2].isASCII,
                chars[i + 2].isNumber, !before.isLetter, !before.isNumber,
                i + 3 >= chars.count || !(chars[i + 3].isLetter || chars[i + 3].isNumber)
            {
                out.append(String(chars[i...(i + 2)]))
                i += 3
            } else {
                i += 1
            }
        }
        return out
    }

    static func all() throws -> [Scenario] { try scenarios.map { try Scenario(path: $0) } }

    @Test func examples_exist() {
        #expect(Self.scenarios.count >= 10, "expected the seed and behaviour scenarios under examples/")
    }

    @Test(arguments: scenarios)
    func scenario_startsWithACommentBlockWithOneCoversLine(path: String) throws {
        let s = try Scenario(path: path)
        #expect(s.header.count >= 2, "\(path) should start with a comment block saying what it shows")
        #expect(s.coversLines.count == 1, "\(path) should have exactly one '-- Covers:' line in its header")
        #expect(!s.covered.isEmpty, "\(path): the Covers line names no ids")
    }

    @Test(arguments: scenarios)
    func coversLine_namesOnlyKnownIDs(path: String) throws {
        let known = Set(Self.behaviourIDs + Self.policyIDs)
        for id in try Scenario(path: path).covered where !known.contains(id) {
            Issue.record("\(path): Covers names \(id), which is not in BEHAVIOURS.md")
        }
    }

    @Test(arguments: scenarios)
    func everyCoveredID_isExercisedInTheFile(path: String) throws {
        let s = try Scenario(path: path)
        for id in s.covered where !s.named.contains(id) {
            Issue.record("\(path): Covers names \(id) but no code line (an expect message) mentions it")
        }
    }

    @Test(arguments: behaviourIDs + policyIDs)
    func id_isCoveredBySomeScenario(id: String) throws {
        let covering = try Self.all().filter { $0.covered.contains(id) && $0.named.contains(id) }
        #expect(!covering.isEmpty, "no scenario under examples/ covers \(id) (a '-- Covers:' line naming it)")
    }

    @Test func idScanner_findsIDsAndIgnoresLookalikes() {
        #expect(Self.ids(in: "-- Covers: B01 (phases), B02, P05") == ["B01", "B02", "P05"])
        #expect(Self.ids(in: "\"B10, B11: fixed\"") == ["B10", "B11"])
        #expect(Self.ids(in: "AB12 B123 xB01 B9") == [])
        #expect(Scenario.stripComment("expect(x, \"a -- B05\") -- B06") == "expect(x, \"a -- B05\") ")
    }
}
