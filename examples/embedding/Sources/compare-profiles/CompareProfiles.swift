import Foundation
import SheetLab

/// `compare-profiles [FOLDER] [--profiles A,B,C] [--verbose]`: runs every
/// scenario under FOLDER (default `../seeds`) on each profile and prints a
/// table: pass/fail, warnings, and the modal stack at the end.
///
/// Each (scenario, profile) pair runs in its own task with its own session;
/// only `Sendable` values (`Profile` in, `Outcome` out) cross between tasks.
@main
struct CompareProfiles {
    static let defaultProfiles = ["iphonese-ios14.4", "iphone15-ios17", "ipadpro11-ios18"]

    static func main() async {
        var folder = "../seeds"
        var profileNames = defaultProfiles
        var verbose = false
        var args = CommandLine.arguments.dropFirst()
        while let arg = args.popFirst() {
            switch arg {
            case "--profiles":
                guard let list = args.popFirst() else { usage("--profiles needs a comma-separated list") }
                profileNames = list.split(separator: ",").map(String.init)
            case "--verbose", "-v":
                verbose = true
            case "--help", "-h":
                print("usage: compare-profiles [FOLDER] [--profiles A,B,C] [--verbose]")
                print("Runs every *.lua scenario under FOLDER (default ../seeds) on each profile and compares them.")
                exit(0)
            default:
                if arg.hasPrefix("-") { usage("unknown option \(arg)") }
                folder = arg
            }
        }
        let profiles: [Profile]
        do {
            profiles = try profileNames.map { name throws(EngineError) in try Profile(ProfileID(rawValue: name)) }
        } catch {
            usage("\(error)")
        }
        let scenarios = scenarioFiles(under: folder)
        guard !scenarios.isEmpty else { usage("no *.lua scenarios under \(folder)") }

        let outcomes = await run(scenarios, on: profiles)
        let table = ComparisonTable(
            scenarios: scenarios.map { relative($0, to: folder) }, profiles: profileNames, outcomes: outcomes)
        print(table.render(verbose: verbose))
    }

    /// Runs every pair concurrently; outcomes by scenario, then profile.
    static func run(_ scenarios: [String], on profiles: [Profile]) async -> [[Outcome]] {
        await withTaskGroup(of: (Int, Int, Outcome).self) { group in
            for (s, path) in scenarios.enumerated() {
                for (p, profile) in profiles.enumerated() {
                    group.addTask { (s, p, Outcome.run(path, on: profile)) }
                }
            }
            let empty = Outcome(verdict: .error, problems: [], finalStack: [], warnings: 0)
            var grid = Array(repeating: Array(repeating: empty, count: profiles.count), count: scenarios.count)
            for await (s, p, outcome) in group { grid[s][p] = outcome }
            return grid
        }
    }

    /// Every `*.lua` below `folder`, outside `policies` folders (which hold policies), sorted.
    static func scenarioFiles(under folder: String) -> [String] {
        let entries = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return entries.filter { $0.hasSuffix(".lua") && !$0.split(separator: "/").dropLast().contains("policies") }
            .sorted().map { (folder as NSString).appendingPathComponent($0) }
    }

    static func relative(_ path: String, to folder: String) -> String {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    static func usage(_ message: String) -> Never {
        FileHandle.standardError.write(Data("compare-profiles: \(message)\n".utf8))
        exit(2)
    }
}
