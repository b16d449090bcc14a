import SheetLab
import Testing

/// The two patterns the concurrency article shows: a session per task, fed
/// by a `Sendable` configuration and giving back `Sendable` values; and a
/// session owned by an actor.
@Suite struct ConfinementTests {
    static let seed000 = """
        view { name = "ContentView", state = { "selectedItem" },
          modifiers = { sheet { item = "selectedItem" } } }
        set("selectedItem", { id = 0 }) advance(500) swipe() advance(100)
        set("selectedItem", { id = 1 }) advance(150)
        """

    @Test func aSessionPerTask_valuesOut() async throws {
        let configurations = try ["iphonese-ios15", "iphone15-ios17", "ipadpro11-ios18"].map {
            try SessionConfiguration(profile: ProfileID(rawValue: $0))
        }
        let states = try await withThrowingTaskGroup(of: AppState.self) { group in
            for configuration in configurations {
                group.addTask {
                    let session = try Session(configuration)  // created, used and dropped in this task
                    try session.evaluate(Self.seed000)
                    return session.state()  // a Sendable value leaves the task
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(states.count == 3)
        #expect(states.allSatisfy { $0.presentations.isEmpty && $0.time == 750 })
    }

    /// An actor that owns a session: callers on any task go through it.
    actor Lab {
        private let session: Session

        init(_ configuration: SessionConfiguration) throws {
            session = try Session(configuration)
        }

        func run(_ lua: String) throws -> [Event] {
            try session.evaluate(lua)
            return Array(session.newEvents())
        }
    }

    @Test func aSessionOwnedByAnActor() async throws {
        let lab = try Lab(
            SessionConfiguration(policies: [
                .source("return { request = function(ctx) if ctx.phase then return 'queue' end end }", name: "q.lua")
            ]))
        let events = try await lab.run(Self.seed000)
        #expect(events.contains { $0.kind == .queued })
    }
}
