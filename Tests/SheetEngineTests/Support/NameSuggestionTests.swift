import Testing

@testable import SheetEngine

/// "Did you mean" for profiles and hooks (the newcomer review's §3.4, §3.5).
@Suite struct NameSuggestionTests {
    @Test func aTypo_suggestsTheClosestName() {
        #expect(NameSuggestion.close(to: "requets", in: ["request", "dismissed", "settle"]) == ["request"])
        #expect(NameSuggestion.close(to: "iphone15-ios71", in: Profile.allNames) == ["iphone15-ios17"])
    }

    @Test func aDeviceAlone_suggestsItsVersions() {
        let hint = EngineError.profileHint(for: "iphone15", in: Profile.allNames)
        #expect(hint.hasPrefix("; did you mean iphone15-ios14.4, "))
        #expect(hint.hasSuffix("iphone15-ios27? (a profile is DEVICE-iosVERSION)"))
    }

    @Test func somethingFarOff_suggestsNothing() {
        #expect(NameSuggestion.close(to: "pixel9", in: Profile.allNames).isEmpty)
        #expect(NameSuggestion.hint(for: "zz", in: ["request"]) == "")
    }

    @Test func anUnknownProfile_saysWhatWasMeant() {
        #expect(throws: EngineError.self) { try Profile.named("iphone15") }
        do {
            _ = try Profile.named("iphone15")
        } catch {
            #expect("\(error)".hasPrefix("unknown profile 'iphone15'; did you mean iphone15-ios14.4, "))
            #expect("\(error)".contains("iphone15-ios27? (a profile is DEVICE-iosVERSION); valid profiles: "))
        }
    }
}
