import LuaRuntime
import SheetEngine
import Testing

@testable import SheetScripting

/// `SessionConfiguration.pinsProfile` (`sheetlab run --profiles`): the runner's
/// profile wins over the scenario's `profile("...")` call, while `reset`
/// calls in the scenario still switch; and every expectation is tallied.
@Suite struct PinnedProfileTests {
    func run(_ source: String, on profile: String, pinned: Bool) throws -> ScenarioResult {
        var configuration = SessionConfiguration(profile: try Profile.named(profile))
        configuration.pinsProfile = pinned
        let runner = ScenarioRunner(configuration, printHandler: { _ in })
        return try runner.run(source: source, name: "pin.lua", baseDirectory: ".")
    }

    static let profileCall = """
        profile("iphone15-ios14.4")
        view { name = "V" }
        expect_eq(profile().name, "iphone15-ios14.4", "the scenario's profile")
        """

    @Test func profileCall_winsOverTheRunnersProfile_unpinned() throws {
        let result = try run(Self.profileCall, on: "iphone17-ios26", pinned: false)
        #expect(result.passed)
        #expect(result.session.overriddenProfiles.isEmpty)
    }

    @Test func profileCall_isOverridden_andRecorded_pinned() throws {
        let result = try run(Self.profileCall, on: "iphone17-ios26", pinned: true)
        #expect(result.session.profile.name == "iphone17-ios26")
        #expect(result.failures.map(\.message) == ["the scenario's profile"])
        #expect(result.session.overriddenProfiles == ["iphone15-ios14.4"])
    }

    @Test func resetWithAName_isHonoured_pinned() throws {
        let result = try run(
            """
            profile("iphone15-ios14.4")
            reset("iphonese-ios16")
            expect_eq(profile().name, "iphonese-ios16")
            reset{ profile = "ipadpro11-ios17" }
            expect_eq(profile().name, "ipadpro11-ios17")
            reset()
            expect_eq(profile().name, "ipadpro11-ios17", "a plain reset keeps the profile")
            """, on: "iphone17-ios26", pinned: true)
        #expect(result.passed)
    }

    @Test func unknownProfileName_isStillAnError_pinned() throws {
        let result = try run("profile(\"iphone99-ios1\")", on: "iphone17-ios26", pinned: true)
        #expect(result.error?.message.contains("unknown profile 'iphone99-ios1'") == true)
        #expect(result.session.overriddenProfiles.isEmpty)
    }

    @Test func profileCallAfterAView_isStillAnError_pinned() throws {
        let result = try run("view { name = \"V\" }\nprofile(\"iphone15-ios17\")", on: "iphone17-ios26", pinned: true)
        #expect(result.error != nil)
    }

    @Test func expectationInALoop_isOneTallyEntryWithCounts() throws {
        let result = try run(
            """
            for i = 1, 3 do expect(i ~= 2, "not two") end
            expect_eq(1, 1)
            expect_error({ kind = "policyError" }, "no policy error")
            """, on: "iphone17-ios26", pinned: false)
        let tally = result.session.expectations
        #expect(tally.keys.map(\.message) == ["not two", "values differ", "no policy error"])
        #expect(tally.keys.map(\.location) == ["pin.lua:1", "pin.lua:2", "pin.lua:3"])
        #expect(tally.counts[tally.keys[0]] == ExpectationTally.Counts(passed: 2, failed: 1))
        #expect(tally.counts[tally.keys[1]] == ExpectationTally.Counts(passed: 1, failed: 0))
        #expect(tally.counts[tally.keys[2]] == ExpectationTally.Counts(passed: 0, failed: 1))
        #expect(result.expectations == 5)
        #expect(result.failures.count == 2)
    }
}
