import Testing

@testable import SheetEngine

@Suite struct ProfileTests {
    @Test func everyDeviceOnEveryVersion_hasAName() throws {
        #expect(Profile.allNames.count == Device.all.count * OSVersion.all.count)
        for name in Profile.allNames { #expect(try Profile.named(name).name == name) }
    }

    @Test func unknownName_listsTheValidOnes() {
        #expect {
            try Profile.named("iphone99-ios3")
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("unknown profile 'iphone99-ios3'") && text.contains("iphone15-ios17")
        }
    }

    @Test func versionRules_followTheBehaviourCatalogue() throws {
        let v = Dictionary(uniqueKeysWithValues: OSVersion.all.map { ($0.version, $0) })
        #expect(v["14.4"]!.lastModifierWins && !v["15"]!.lastModifierWins)  // B10
        #expect(v["14.4"]!.emptyViewHostFires && !v["15"]!.emptyViewHostFires)  // B11
        #expect(!v["15"]!.supportsDetents && v["16"]!.supportsDetents)  // B28
        #expect(!v["16"]!.supportsBackgroundInteraction && v["16.4"]!.supportsBackgroundInteraction)  // B27
        #expect(v["16"]!.timings == Timings(present: 500, dismiss: 500, swipeRemainder: 250))  // B01
    }

    @Test func versionComparison() throws {
        let os = try Profile.named("iphone15-ios16.4").os
        #expect(os.atLeast("16"))
        #expect(os.atLeast("16.4"))
        #expect(!os.atLeast("17"))
    }

    @Test func sizeClasses_perOrientation() {
        let se = Device.all.first { $0.id == "iphonese" }!
        #expect(se.portrait.horizontalSizeClass == .compact && se.portrait.verticalSizeClass == .regular)
        #expect(se.landscape.verticalSizeClass == .compact)
        let max = Device.all.first { $0.id == "iphone15promax" }!
        #expect(max.landscape.horizontalSizeClass == .regular)
        let ipad = Device.all.first { $0.id == "ipadpro11" }!
        #expect(ipad.portrait.horizontalSizeClass == .regular)
    }
}
