import Testing

@testable import SheetEngine

/// "Did you mean" for profiles and hooks (the newcomer review's §3.4, §3.5).
@Suite struct NameSuggestionTests {
    @Test func aTypo_suggestsTheClosestName() {
        #expect(NameSuggestion.closest(to: "requets", among: ["request", "dismissed", "settle"]) == "request")
        #expect(NameSuggestion.closest(to: "iphone15-ios71", among: Profile.allNames) == "iphone15-ios17")
    }

    @Test func aDeviceAlone_suggestsItsNewestProfile() {
        #expect(NameSuggestion.closest(to: "iphone15", among: Profile.allNames) == "iphone15-ios27")
    }

    @Test func somethingFarOff_suggestsNothing() {
        #expect(NameSuggestion.closest(to: "iphone99-ios1", among: Profile.allNames) == nil)
        #expect(NameSuggestion.closest(to: "zz", among: ["request"]) == nil)
    }

    @Test func anUnknownProfile_saysWhatWasMeant() {
        #expect(throws: EngineError.self) { try Profile.named("iphone15") }
        do {
            _ = try Profile.named("iphone15")
        } catch {
            #expect("\(error)".hasPrefix("unknown profile 'iphone15'; did you mean iphone15-ios27? valid profiles: "))
        }
    }
}
