import SheetEngine
import Testing

@testable import SheetLabCLI

/// `--profiles all|A,B,...` and the words that describe groups of profiles.
@Suite struct ProfileSelectionTests {
    func parse(_ value: String) -> Result<[String], UsageError> {
        do throws(UsageError) {
            return .success(try ProfileSelection.parse(value, command: "run").map(\.name))
        } catch {
            return .failure(error)
        }
    }

    func message(_ value: String) -> String? {
        if case .failure(let e) = parse(value) { return e.message }
        return nil
    }

    @Test func all_isEveryListedProfile() throws {
        #expect(try parse("all").get() == Profile.allNames)
    }

    @Test func list_keepsItsOrder_andResolvesAliases() throws {
        #expect(
            try parse("iphone17-ios26, iphone15-ios18,iphone15-ios14.4").get() == [
                "iphone17-ios26", "iphone15-ios18.4", "iphone15-ios14.4",
            ])
    }

    @Test func unknownProfileName_isAnErrorListingTheValidNames() {
        let text = message("iphone15-ios17,pixel9") ?? ""
        #expect(text.hasPrefix("--profiles: unknown profile 'pixel9'; valid profiles: "))
        #expect(text.contains("iphone17-ios26"))
        #expect(text.contains("iphonese-ios14.4"))
    }

    @Test(arguments: [
        ("iphone15-ios17,,iphone17-ios26", "--profiles expects 'all' or profile names separated by commas"),
        ("", "--profiles expects 'all' or profile names separated by commas"),
        ("iphone15-ios18,iphone15-ios18.4", "--profiles names iphone15-ios18.4 twice"),
        ("iphone15-ios17", "--profiles compares two or more profiles, got only iphone15-ios17"),
    ])
    func badList_isAUsageError(value: String, expected: String) {
        #expect(message(value)?.hasPrefix(expected) == true)
    }

    static let all = Profile.allNames.map { try! Profile.named($0) }

    func describe(_ members: [Profile], among compared: [Profile] = all) -> String {
        ProfileSetSummary.describe(members, among: compared)
    }

    @Test func upToThreeProfiles_areNamed() {
        #expect(describe(Array(Self.all.prefix(2))) == "iphonese-ios14.4, iphonese-ios15")
    }

    @Test func oneOSVersionOnEveryDevice() {
        #expect(describe(Self.all.filter { $0.os.version == "14.4" }) == "ios14.4 on every device (7 profiles)")
    }

    @Test func laterVersionsOnEveryDevice_areAStretch() {
        #expect(
            describe(Self.all.filter { $0.os.version != "14.4" }) == "ios15 to ios27 on every device (56 profiles)")
    }

    @Test func everyVersionOnSomeDevices() {
        #expect(
            describe(Self.all.filter { ["ipadpro11", "mac"].contains($0.device.id) })
                == "every OS version on ipadpro11, mac (18 profiles)")
    }

    @Test func mostProfiles_areDescribedByThoseLeftOut() {
        let left = Set(["iphone15-ios14.4", "iphone15-ios15", "iphone15-ios16", "iphone15-ios16.4"])
        #expect(
            describe(Self.all.filter { !left.contains($0.name) })
                == "every profile but ios14.4 to ios16.4 on iphone15 (59 profiles)")
    }

    @Test func stretchesAreOverTheComparedVersionsOnly() {
        let compared = [
            "iphone15-ios17", "iphone15-ios18.0", "iphone15-ios26", "iphone17-ios18.0", "iphone17-ios26",
            "iphone17-ios27", "iphone15-ios27",
        ].map { try! Profile.named($0) }
        #expect(
            describe(Array(compared.dropFirst(3)), among: compared)
                == "ios18.0, ios26 on iphone17; ios27 on every device (4 profiles)")
        #expect(
            describe(Array(compared.dropFirst()), among: compared) == "ios18.0 to ios27 on every device (6 profiles)")
    }
}
