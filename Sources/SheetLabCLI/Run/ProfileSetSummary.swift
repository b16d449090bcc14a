import SheetEngine

/// A few words for some of the compared profiles, short enough for one
/// line of the comparison: up to three are named; more are described by OS
/// version and device, the way a reader asks "on which OS?", or by the
/// profiles left out when that is shorter.
///
///     iphone15-ios14.4, iphone15-ios15
///     ios14.4 on every device (7 profiles)
///     ios15 to ios27 on every device (56 profiles)
///     ios14.4, ios15 on every device; ios16 to ios27 on ipadpro11, mac (28 profiles)
///     every OS version on ipadpro11, mac (18 profiles)
///     every profile but ios14.4 to ios18.4 on iphone15 (56 profiles)
enum ProfileSetSummary {
    /// Describes `members` among the `compared` profiles.
    /// - Parameters:
    ///   - members: some of the compared profiles.
    ///   - compared: every profile the comparison ran on.
    static func describe(_ members: [Profile], among compared: [Profile]) -> String {
        if members.count <= 3 { return members.map(\.name).joined(separator: ", ") }
        let names = Set(members.map(\.name))
        let others = compared.filter { !names.contains($0.name) }
        var words = phrase(members, among: compared)
        if others.isEmpty {
            words = "every profile"
        } else {
            let but = "every profile but " + phrase(others, among: compared)
            if but.count < words.count { words = but }
        }
        return words + " (\(members.count) profiles)"
    }

    /// Names for up to three profiles; for more, stretches of OS versions
    /// (oldest first) that have the same devices: `ios15 to ios27 on every device`.
    private static func phrase(_ members: [Profile], among compared: [Profile]) -> String {
        if members.count <= 3 { return members.map(\.name).joined(separator: ", ") }
        let versions = OSVersion.all.map(\.version).filter { v in compared.contains { $0.os.version == v } }
        func devices(on version: String, in profiles: [Profile]) -> [String] {
            Device.all.map(\.id).filter { id in profiles.contains { $0.os.version == version && $0.device.id == id } }
        }
        var runs: [(versions: [String], devices: [String])] = []
        var open = false
        for v in versions {
            let here = devices(on: v, in: members)
            if here.isEmpty {
                open = false
            } else if open, runs[runs.count - 1].devices == here {
                runs[runs.count - 1].versions.append(v)
            } else {
                runs.append(([v], here))
                open = true
            }
        }
        let severalDevices = Set(compared.map(\.device.id)).count > 1
        return runs.map { run -> String in
            let span =
                switch run.versions.count {
                case versions.count: "every OS version"
                case 1: "ios\(run.versions[0])"
                case 2: "ios\(run.versions[0]), ios\(run.versions[1])"
                default: "ios\(run.versions[0]) to ios\(run.versions[run.versions.count - 1])"
                }
            let everyDevice = run.versions.allSatisfy { devices(on: $0, in: compared) == run.devices }
            let who = everyDevice && severalDevices ? "every device" : run.devices.joined(separator: ", ")
            return "\(span) on \(who)"
        }.joined(separator: "; ")
    }
}
