import LuaRuntime
import SheetEngine
import SheetScripting
import SheetServer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The catalogue of known sheet bugs: one scenario per field-reported bug
/// under `examples/bugs/` (docs/bugs.md). Which OS versions a bug affects
/// is not written down but computed: each scenario runs on every profile,
/// and the bug shows where its marked expectations (those whose message
/// starts with `NAME: `) hold.
struct BugCatalogue {
    /// Where the bugs are, relative to the checkout.
    static let folder = "examples/bugs"

    /// The checkout (or folder of built-in files) the scenarios are read from.
    var root: String
    /// The bugs, by name (case aside).
    var bugs: [KnownBug]

    /// Reads every `*.lua` directly in `root/examples/bugs`.
    /// - Throws: `BugCatalogueError` when the folder cannot be read or a header is not a bug's.
    init(root: String) throws(BugCatalogueError) {
        self.root = root
        let folder = root + "/" + BugCatalogue.folder
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw .unreadable("cannot read the bug catalogue: no folder \(folder)")
        }
        var bugs: [KnownBug] = []
        for file in names where file.hasSuffix(".lua") && !file.hasPrefix(".") {
            let name = String(file.dropLast(4))
            let scenario = BugCatalogue.folder + "/" + file
            guard let text = try? String(contentsOfFile: folder + "/" + file, encoding: .utf8) else {
                throw .unreadable("cannot read \(scenario)")
            }
            do { bugs.append(try KnownBug(name: name, scenario: scenario, text: text)) } catch {
                throw .header(error)
            }
        }
        self.bugs = bugs.sorted { ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name) }
    }

    /// The bug named `name` (exactly, else the only one equal to it case
    /// aside); its scenario's file name or path names it too.
    func bug(named given: String) -> KnownBug? {
        var name = given.split(separator: "/").last.map(String.init) ?? given
        if name.hasSuffix(".lua") { name.removeLast(4) }
        if let exact = bugs.first(where: { $0.name == name }) { return exact }
        let folded = bugs.filter { $0.name.lowercased() == name.lowercased() }
        return folded.count == 1 ? folded[0] : nil
    }

    /// Runs a bug's scenario once per profile, each in a fresh session that
    /// wins over the scenario's own `profile("...")` (as `run --profiles`),
    /// with policies readable anywhere under `examples/`.
    func run(_ bug: KnownBug, on profiles: [Profile]) -> BugRuns {
        let path = root + "/" + bug.scenario
        let source = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        var runs = BugRuns(bug: bug, profiles: profiles)
        for profile in profiles {
            var configuration = SessionConfiguration(profile: profile)
            configuration.pinsProfile = true
            configuration.allowedPolicyRoots = [root + "/examples"]
            let runner = ScenarioRunner(configuration) { _ in }
            let result: ScenarioResult
            do {
                result = try runner.run(
                    source: source, name: bug.scenario, baseDirectory: root + "/" + BugCatalogue.folder)
            } catch {
                runs.record(error: error.description, on: profile)
                continue
            }
            if let error = result.error {
                runs.record(error: error.description, on: profile)
                continue
            }
            let tally = result.session.expectations
            var marks = 0
            var shows = true
            for key in tally.keys {
                let counts = tally.counts[key]!
                if key.message.hasPrefix(bug.markPrefix) {
                    marks += 1
                    if counts.failed > 0 || counts.passed == 0 { shows = false }
                } else if key.message.hasPrefix(KnownBug.workaroundPrefix) {
                    runs.hasWorkaroundCheck = true
                    if counts.failed > 0, !runs.workaroundFails.contains(profile) {
                        runs.workaroundFails.append(profile)
                    }
                }
            }
            if marks == 0 {
                runs.unmarked.append(profile)
            } else if shows {
                runs.affected.append(profile)
            }
        }
        return runs
    }

    /// Where the catalogue is read from: the checkout found as `sheetlab
    /// mcp` finds it (the current folder, else the one the binary was built
    /// in), else the files built into the binary, written to a private
    /// temporary folder that `remove` deletes.
    /// - Returns: the folder, and whether it is a temporary one; nil when
    ///   there is no checkout and the built-in files cannot be written.
    static func locate(executable: String) -> (root: String, temporary: Bool)? {
        let checkout = MCPResources.defaultRoot(executable: executable)
        if MCPResources.isCheckout(checkout), FileSystem.kind(at: checkout + "/" + folder) == .directory {
            return (checkout, false)
        }
        return MCPResources.writeBuiltIn().map { ($0, true) }
    }

    /// Removes a temporary folder `locate` wrote.
    static func remove(_ root: String) { MCPResources.removeBuiltIn(root) }
}

/// Why the catalogue cannot be read.
enum BugCatalogueError: Error, CustomStringConvertible {
    case unreadable(String)
    case header(BugHeaderError)

    var description: String {
        switch self {
        case .unreadable(let message): message
        case .header(let error): "\(error)"
        }
    }
}

/// What running one bug's scenario on every profile gave.
struct BugRuns {
    var bug: KnownBug
    /// The profiles it ran on, in order.
    var profiles: [Profile]
    /// Where the bug shows: every marked expectation ran and held.
    var affected: [Profile] = []
    /// Where a workaround expectation (`workaround: ...`) failed.
    var workaroundFails: [Profile] = []
    /// Whether any run checked the workaround.
    var hasWorkaroundCheck = false
    /// Where the run checked no marked expectation.
    var unmarked: [Profile] = []
    /// Script errors that stopped runs, each with the profiles it stopped.
    var errors: [(message: String, profiles: [Profile])] = []

    /// Where it does not show (errors included).
    var unaffected: [Profile] {
        let names = Set(affected.map(\.name))
        return profiles.filter { !names.contains($0.name) }
    }

    /// The affected profiles in the words `run --profiles` uses:
    /// `ios18.0 on iphonese, iphone15 (2 profiles)`; `no profile` when none.
    var summary: String {
        affected.isEmpty ? "no profile" : ProfileSetSummary.describe(affected, among: profiles)
    }

    /// The OS versions it shows on (on at least one device), oldest first.
    var versions: [String] {
        OSVersion.all.map(\.version).filter { v in affected.contains { $0.os.version == v } }
    }

    /// The versions as stretches: `ios16 to ios18.0`, `ios26, ios27`,
    /// `every OS version`, `none`.
    var versionSpan: String {
        let known = OSVersion.all.map(\.version).filter { v in profiles.contains { $0.os.version == v } }
        let shown = Set(versions)
        if shown.isEmpty { return "none" }
        if shown.count == known.count { return "every OS version" }
        var stretches: [[String]] = []
        var open = false
        for v in known {
            if shown.contains(v) {
                if open { stretches[stretches.count - 1].append(v) } else { stretches.append([v]) }
                open = true
            } else {
                open = false
            }
        }
        return stretches.map { s in
            s.count == 1 ? "ios\(s[0])" : s.count == 2 ? "ios\(s[0]), ios\(s[1])" : "ios\(s[0]) to ios\(s.last!)"
        }.joined(separator: ", ")
    }

    /// The exit code its problems ask for: 3 when the scenario stopped with
    /// an error or marks nothing, 1 when only its workaround fails (a
    /// failed expectation), else 0.
    var exitCode: ExitCode {
        if !errors.isEmpty || unmarked.count == profiles.count { return .scriptError }
        return workaroundFails.isEmpty ? .ok : .failed
    }

    /// How its catalogue entry can be trusted: what is wrong with it, if anything.
    var problems: [String] {
        var lines: [String] = []
        for (message, where_) in errors {
            lines.append(
                "\(bug.scenario): stopped on \(ProfileSetSummary.describe(where_, among: profiles)): \(message)")
        }
        if errors.isEmpty, unmarked.count == profiles.count {
            lines.append(
                "\(bug.scenario): no expectation says the bug shows (one whose message starts with '\(bug.markPrefix)')"
            )
        }
        if !workaroundFails.isEmpty {
            lines.append(
                "\(bug.scenario): the workaround fails on \(ProfileSetSummary.describe(workaroundFails, among: profiles))"
            )
        }
        return lines
    }

    mutating func record(error message: String, on profile: Profile) {
        if let i = errors.firstIndex(where: { $0.message == message }) {
            errors[i].profiles.append(profile)
        } else {
            errors.append((message, [profile]))
        }
    }
}
