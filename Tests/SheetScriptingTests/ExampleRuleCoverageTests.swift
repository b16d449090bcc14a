import Foundation
import SheetEngine
import SheetLabTestSupport
import Testing

@testable import SheetScripting

/// Every event of every example cites a rule that decides events of its
/// kind on the part's OS (`Rule.covers`): a drag on a sheet with two
/// detents cites B26, not B25 (single-detent sheets); a B48 expansion is not
/// cited on 18; a rule's tag names what decided.
@Suite struct ExampleRuleCoverageTests {
    static let root = ExampleScenarios.root

    @Test(arguments: ExampleScenarios.all)
    func everyEventsRule_coversItsKind_onItsOS(path: String) throws {
        _ = FileManager.default.changeCurrentDirectoryPath(Self.root.path)
        let result = try ScenarioRunner(printHandler: { _ in }).run(path: path)
        #expect(result.error == nil, "\(result.error?.description ?? "")")
        for part in result.session.app.parts {
            for event in part.events {
                guard let id = event.rule else { continue }
                let rule = id.rule
                #expect(
                    rule.covers(event.kind, on: part.profile.os),
                    """
                    part \(part.part) (\(part.profile.name)): \(event.kind.rawValue) cites \(id.rawValue), whose \
                    catalogue entry covers \(rule.coverage.keys.map(\.rawValue).sorted()) \
                    (\(rule.coverage[event.kind].map { "this kind on \($0)" } ?? "not this kind")): \(event)
                    """)
            }
        }
    }

    /// Every rule says which events it decides, except those that decide
    /// none of their own: values and defaults (B12, B14, B22, B24), the
    /// absence of detents before 16 (B28) and the seed policies in Lua
    /// (P01-P04, whose events name the policy as their decider).
    @Test func onlyRulesWithoutEventsOfTheirOwn_coverNoEventKind() {
        let silent = Rule.catalogue.filter { $0.coverage.isEmpty }.map(\.id)
        #expect(silent == [.b12, .b14, .b22, .b24, .b28, .p01, .p02, .p03, .p04])
    }
}

/// The catalogue's coverage data itself, on the cases item 3 of issue 31 names.
@Suite struct RuleCoverageDataTests {
    static func os(_ version: String) -> OSVersion { OSVersion.named(version)! }

    @Test func drags_B25ForOneDetent_B26ForSeveral_andReleasesAreB26s() {
        #expect(RuleID.b25.rule.covers(.drag, on: Self.os("17")))
        #expect(!RuleID.b25.rule.covers(.release, on: Self.os("17")))
        #expect(RuleID.b26.rule.covers(.drag, on: Self.os("17")))
        #expect(RuleID.b26.rule.covers(.release, on: Self.os("26")))
    }

    @Test func theSwipeB33LetsThrough_isB33s_fromItsVersionOrWhereItsFlagIsOn() {
        #expect(RuleID.b33.rule.covers(.dismissing, on: Self.os("18.4")))
        #expect(!RuleID.b33.rule.covers(.dismissing, on: Self.os("17")))
        var flagged = Self.os("17")
        ProfileFlag.dismissDisabledAtRootOnly.set(true, in: &flagged)
        #expect(RuleID.b33.rule.covers(.dismissing, on: flagged))
    }

    @Test func aRuleIsCitedOutsideItsRange_onlyForTheKindsItListsThere() {
        #expect(!RuleID.b48.rule.covers(.userChangedDetent, on: Self.os("18.4")))
        #expect(RuleID.b38.rule.covers(.modifierIgnored, on: Self.os("17")), "needs iOS 18")
        #expect(!RuleID.b38.rule.covers(.presenting, on: Self.os("17")))
        #expect(!RuleID.b52.rule.covers(.modifierIgnored, on: Self.os("18.4")))
    }
}
