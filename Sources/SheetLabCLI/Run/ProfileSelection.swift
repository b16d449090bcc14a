import SheetEngine

/// The profiles `sheetlab run --profiles` compares: `all` (every profile
/// `sheetlab profiles` lists) or a comma-separated list of names.
enum ProfileSelection {
    /// The profiles a `--profiles` value names, in the order given.
    /// - Parameters:
    ///   - value: `all`, or names such as `iphone15-ios17,iphone17-ios26`
    ///     (aliases such as `-ios18` allowed).
    ///   - command: the subcommand, for the error.
    /// - Returns: at least two different profiles.
    /// - Throws: `UsageError` for an unknown name (listing the valid ones), an
    ///   empty entry, a profile named twice, or fewer than two profiles.
    static func parse(_ value: String, command: String) throws(UsageError) -> [Profile] {
        if value == "all" {
            return Profile.allNames.map { try! Profile.named($0) }  // every listed name resolves
        }
        var profiles: [Profile] = []
        for entry in value.split(separator: ",", omittingEmptySubsequences: false) {
            let name = entry.trimmingWhitespace
            guard !name.isEmpty else {
                throw UsageError(
                    "--profiles expects 'all' or profile names separated by commas, got '\(value)'", command: command)
            }
            let profile: Profile
            do { profile = try Profile.named(name) } catch {
                throw UsageError("--profiles: \(error)", command: command)
            }
            if profiles.contains(where: { $0.name == profile.name }) {
                throw UsageError("--profiles names \(profile.name) twice", command: command)
            }
            profiles.append(profile)
        }
        guard profiles.count > 1 else {
            throw UsageError(
                "--profiles compares two or more profiles, got only \(profiles[0].name) (use --profile to run on one)",
                command: command)
        }
        return profiles
    }
}

extension Substring {
    /// The text without spaces and tabs at either end.
    fileprivate var trimmingWhitespace: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
