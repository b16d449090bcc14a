import Testing

@testable import SheetEngine

/// Every rule carries its provenance, as data next to the rule.
@Suite struct RuleCatalogueTests {
    @Test func everyRuleID_hasOneEntry_withASourceAndAConfidence() {
        #expect(Rule.catalogue.map(\.id) == RuleID.allCases)
        for rule in Rule.catalogue {
            #expect(!rule.summary.isEmpty && !rule.source.isEmpty, "\(rule.id)")
        }
    }

    @Test func flags_belongToTheRulesTheyName() {
        #expect(RuleID.b16.rule.flag == .strictEnvironment)
        #expect(RuleID.b33.rule.flag == .dismissDisabledAtRootOnly)
        #expect(RuleID.b35.rule.flag == .restoredNestedBlocked)
        #expect(RuleID.b40.rule.flag == .popoverDismissHidesSheet)
        #expect(Set(Rule.catalogue.compactMap(\.flag)) == Set(ProfileFlag.allCases))
    }

    @Test(arguments: [
        (OSRange(through: "14.4"), ["14.4"]),
        (OSRange(from: "26"), ["26", "27"]),
        (OSRange(from: "18.0", through: "18.0"), ["18.0"]),
        (OSRange(from: "16", through: "18.0"), ["16", "16.4", "17", "18.0"]),
    ])
    func osRange_containsTheVersionsItNames(range: OSRange, versions: [String]) {
        #expect(OSVersion.all.filter(range.contains).map(\.version) == versions)
    }

    @Test func lowConfidenceEvents_sayItOnTheTimeline() throws {
        let event = Event(time: 0, kind: .removed, presenter: "V", rule: .b09, detail: "gone")
        #expect(event.description.hasSuffix("{B09 single}"))
        let documented = Event(time: 0, kind: .dismissing, presenter: "V", rule: .b06, detail: "nested")
        #expect(!documented.description.contains("{"))
        #expect(event.confidence == .single && documented.confidence == .appleDoc)
    }
}
