import SheetEngine
import SheetScripting
import SheetServer
import Testing

@testable import SheetLabCLI

/// Building the rows of `sheetlab run --profiles` from runs' outcomes.
@Suite struct ProfileComparisonTests {
    static let a = try! Profile.named("iphone15-ios14.4")
    static let b = try! Profile.named("iphone15-ios15")
    static let key = ExpectationTally.Key(location: "s.lua:3", message: "the sheet shows")
    static let other = ExpectationTally.Key(location: "s.lua:4", message: "the cover shows")

    static func pass(_ n: Int = 1) -> OutcomeValue { .checks(.init(passed: n)) }
    static func fail(_ n: Int = 1) -> OutcomeValue { .checks(.init(failed: n)) }

    func compare(_ runs: [(Profile, [(Outcome, OutcomeValue)], ExitCode)]) -> ProfileComparison {
        ProfileComparison(
            path: "s.lua", runs: runs.map { RunOutcome(profile: $0.0, outcomes: $0.1, exitCode: $0.2) })
    }

    @Test func rowsEqualOnEveryProfile_areLeftOut_andCounted() {
        let stack: [(Outcome, OutcomeValue)] = [
            (.presentation(level: 1, .modifier), .text("V.sheet(isPresented:)")),
            (.presentation(level: 1, .height), .points(783)),
        ]
        let c = compare([
            (Self.a, [(.expectation(Self.key), Self.pass())] + stack, .ok),
            (Self.b, [(.expectation(Self.key), Self.pass())] + stack, .ok),
        ])
        #expect(c.rows.isEmpty)
        #expect(c.sameCount == 3)
        #expect(c.exitCode == .ok)
        #expect(
            c.text()
                == "No differences across the 2 profiles: all 3 outcomes are the same on every profile.\n")
    }

    @Test func differingExpectation_showsPassOrFailPerProfile() {
        let c = compare([
            (Self.a, [(.expectation(Self.key), Self.pass()), (.expectation(Self.other), Self.pass())], .ok),
            (Self.b, [(.expectation(Self.key), Self.fail()), (.expectation(Self.other), Self.pass())], .failed),
        ])
        #expect(c.rows == [.init(outcome: .expectation(Self.key), values: [Self.pass(), Self.fail()])])
        #expect(c.sameCount == 1)
        #expect(
            c.text() == """
                Outcomes that differ across 2 profiles:

                expect s.lua:3: the sheet shows
                  pass  iphone15-ios14.4
                  fail  iphone15-ios15

                1 outcome is the same on every profile.

                """)
        #expect(c.exitCode == .failed)
        #expect(c.problemLines == ["FAIL on iphone15-ios15: s.lua:3: the sheet shows"])
        #expect(c.json["failed"] == ["iphone15-ios15"])
    }

    @Test func expectationThatRanOnOneProfileOnly_isNotRunOnTheOther() {
        let c = compare([
            (Self.a, [(.expectation(Self.key), Self.pass(3))], .ok),
            (Self.b, [], .ok),
        ])
        #expect(c.rows.map(\.values) == [[Self.pass(3), .notRun]])
        #expect(c.rows[0].values.map(\.text) == ["pass x3", "not run"])
    }

    @Test func eventKindSeenOnOneProfile_countsZeroOnTheOther() {
        let ignored = Outcome.events(.modifierIgnored, .b11)
        let c = compare([(Self.a, [], .ok), (Self.b, [(ignored, .count(2))], .ok)])
        #expect(c.rows == [.init(outcome: ignored, values: [.count(0), .count(2)])])
        #expect(ignored.label == "modifierIgnored B11 (warning events)")
    }

    @Test func rows_goErrorThenExpectationsInRunOrderThenStackThenDetentsThenEvents() {
        let c = compare([
            (
                Self.a,
                [
                    (.events(.requestLost, .b03), .count(1)), (.topDetents, .detents([])),
                    (.expectation(Self.other), Self.pass()), (.presentation(level: 1, .style), .text("sheet")),
                    (.expectation(Self.key), Self.pass()),
                ], .ok
            ),
            (Self.b, [(.scriptError, .text("s.lua:9: boom"))], .scriptError),
        ])
        #expect(
            c.rows.map(\.outcome) == [
                .scriptError, .expectation(Self.other), .expectation(Self.key), .presentation(level: 1, .style),
                .topDetents, .events(.requestLost, .b03),
            ])
        #expect(c.exitCode == .scriptError)
        #expect(c.problemLines == ["error on iphone15-ios15: s.lua:9: boom"])
    }

    @Test func expectationFailingEverywhere_isNoRow_butSaysWhereItFailed() {
        let c = compare([
            (Self.a, [(.expectation(Self.key), Self.fail())], .failed),
            (Self.b, [(.expectation(Self.key), Self.fail())], .failed),
        ])
        #expect(c.rows.isEmpty)
        #expect(c.problemLines == ["FAIL on iphone15-ios14.4, iphone15-ios15: s.lua:3: the sheet shows"])
        #expect(c.exitCode == .failed)
    }

    @Test func overriddenProfileCall_isOneNoteLine() {
        let runs = [Self.a, Self.b].map {
            RunOutcome(profile: $0, outcomes: [], exitCode: .ok, overriddenProfiles: ["iphone15-ios17"])
        }
        let c = ProfileComparison(path: "s.lua", runs: runs)
        #expect(c.overriddenProfiles == ["iphone15-ios17"])
        #expect(
            c.text().split(separator: "\n").first
                == "note: the scenario's profile(\"iphone15-ios17\") is overridden by each compared profile")
    }

    @Test func json_hasEachProfilesValue() {
        let height = Outcome.presentation(level: 1, .height)
        let c = compare([(Self.a, [], .ok), (Self.b, [(height, .points(783))], .ok)])
        #expect(
            c.json["differences"]
                == [
                    [
                        "outcome": "presentation", "level": 1, "field": "height", "label": "presentation 1 height",
                        "values": ["iphone15-ios14.4": .null, "iphone15-ios15": 783.0],
                    ]
                ])
        #expect(c.json["same"] == 0)
        #expect(c.json["exit_code"] == 0)
    }

    /// Through a real run: the scenario's `profile()` is overridden and the
    /// expectation that depends on the OS differs.
    @Test func scenarioRunOnTwoProfiles_showsTheOSDependentExpectation() throws {
        let source = """
            profile("iphone15-ios17")
            view { name = "V", state = { open = false }, modifiers = { sheet { isPresented = "open", content = "x" } } }
            set("open", true)
            advance(600)
            expect(os_at_least("15"), "needs iOS 15")
            expect(top() ~= nil, "the sheet is up")
            """
        let runs = try [Self.a, Self.b].map { profile in
            var configuration = SessionConfiguration(profile: profile)
            configuration.pinsProfile = true
            var runner = ScenarioRunner(configuration, printHandler: { _ in })
            let events = EventCounter()
            runner.prepare = { events.watch($0) }
            return RunOutcome(
                profile: profile, result: try runner.run(source: source, name: "s.lua", baseDirectory: "."),
                events: events)
        }
        let c = ProfileComparison(path: "s.lua", runs: runs)
        #expect(c.overriddenProfiles == ["iphone15-ios17"])
        #expect(
            c.rows == [
                .init(
                    outcome: .expectation(.init(location: "s.lua:5", message: "needs iOS 15")),
                    values: [Self.fail(), Self.pass()])
            ])
        #expect(c.sameCount > 0)
        #expect(c.exitCode == .failed)
    }
}
