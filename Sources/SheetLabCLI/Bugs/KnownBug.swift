/// One field-reported sheet bug of the catalogue (`examples/bugs/NAME.lua`),
/// as its scenario's header describes it:
///
///     -- FB19252983: when the selected detent leaves the sheet's detent set,
///     -- the sheet moves to another detent without an animation.
///     --
///     -- Source: feedback-assistant/reports #699 (FB19252983)
///     -- Reported: iOS 26
///     -- Affected: ios16 to ios27 on iphonese, ... (35 profiles)
///     -- Workaround: none in the source
///     -- Workaround policy: ../behaviours/policies/x.lua   (optional)
///     --
///     -- Covers: B41
///
/// The first line starts with the file's name; a field may go on over the
/// next lines when they are indented (`--   more`). `Affected` is what the
/// runs gave when the header was written; `sheetlab bugs` computes it again
/// and a test keeps the two equal.
struct KnownBug: Equatable, Sendable {
    /// The file's name without `.lua`: an FB number, an issue (`owner-repo-N`
    /// without the owner), a release note's number (`rdar-N`) or the name
    /// the reporting list gives the bug.
    var name: String
    /// The file, relative to the checkout: `examples/bugs/NAME.lua`.
    var scenario: String
    /// What goes wrong, in a sentence or two.
    var title: String
    /// Where it was reported.
    var source: String
    /// The OS versions the source names.
    var reported: String
    /// The header's `Affected` line.
    var claimedAffected: String
    /// The source's workaround, or why there is none.
    var workaround: String
    /// The workaround as a policy, as the scenario names it (relative to its folder), if there is one.
    var workaroundPolicy: String?
    /// The behaviour ids the scenario covers (`-- Covers:`).
    var rules: [String]

    /// The prefix of the expectations that say the bug shows: `NAME: `.
    var markPrefix: String { name + ": " }
    /// The prefix of the expectations that check the workaround.
    static let workaroundPrefix = "workaround: "

    /// The workaround policy's path relative to the checkout
    /// (`examples/behaviours/policies/x.lua`), nil when there is none.
    var workaroundPolicyPath: String? {
        guard let policy = workaroundPolicy else { return nil }
        var parts = scenario.split(separator: "/").dropLast().map(String.init)
        for part in policy.split(separator: "/") {
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
            } else if part != "." {
                parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }
}

/// A header that is not a bug's header, with the file and what is missing.
struct BugHeaderError: Error, Equatable, CustomStringConvertible {
    var scenario: String
    var problem: String
    var description: String { "\(scenario): \(problem)" }
}

extension KnownBug {
    /// The fields a header has, in the order they are written.
    static let fields = ["Source", "Reported", "Affected", "Workaround", "Workaround policy", "Covers"]
    /// The fields a header must have.
    static let requiredFields = ["Source", "Reported", "Affected", "Workaround", "Covers"]

    /// Reads the header of a bug's scenario.
    /// - Parameters:
    ///   - name: the file's name without `.lua`.
    ///   - scenario: the file, relative to the checkout.
    ///   - text: the file's text.
    /// - Throws: `BugHeaderError` when the first line does not start with
    ///   `-- NAME: ` or a required field is missing.
    init(name: String, scenario: String, text: String) throws(BugHeaderError) {
        let comments = text.split(separator: "\n", omittingEmptySubsequences: false).prefix { $0.hasPrefix("--") }
            .map { String($0.dropFirst(2)) }
        let opening = " \(name): "
        guard let first = comments.first, first.hasPrefix(opening) else {
            throw BugHeaderError(scenario: scenario, problem: "the first line must start with '--\(opening)'")
        }
        var title = [String(first.dropFirst(opening.count))]
        var values: [String: String] = [:]
        var open: String?  // the field a continuation line adds to
        var inTitle = true
        for line in comments.dropFirst() {
            let text = line.trimmed
            if text.isEmpty {
                inTitle = false
                open = nil
                continue
            }
            let field = KnownBug.fields.first { line.hasPrefix(" \($0): ") }
            if inTitle, field == nil {
                title.append(text)
                continue
            }
            inTitle = false
            if let field {
                values[field] = String(line.dropFirst(field.count + 3)).trimmed
                open = field
            } else if let field = open, line.hasPrefix("  ") {
                values[field, default: ""] += " " + text
            } else {
                open = nil
            }
        }
        for field in KnownBug.requiredFields where values[field] == nil {
            throw BugHeaderError(scenario: scenario, problem: "the header has no '-- \(field): ' line")
        }
        self.name = name
        self.scenario = scenario
        self.title = title.joined(separator: " ")
        source = values["Source"]!
        reported = values["Reported"]!
        claimedAffected = values["Affected"]!
        workaround = values["Workaround"]!
        workaroundPolicy = values["Workaround policy"]
        rules = values["Covers"]!.split(separator: ",").map { String($0).trimmed }.filter { !$0.isEmpty }
    }
}

extension String {
    /// The text without spaces at either end.
    fileprivate var trimmed: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
