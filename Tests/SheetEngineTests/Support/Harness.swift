import Testing

@testable import SheetEngine

/// Drives a `SheetApp` in steps and asserts the exact events each step
/// produced, in the spirit of TCA's `TestStore`: nothing changes unnoticed.
final class Harness {
    let app: SheetApp
    private var mark = 0

    init(_ profile: String = "iphone15-ios17", policies: [any PresentationPolicy] = []) {
        app = SheetApp(profile: try! Profile.named(profile), policies: policies)
    }

    /// Runs `body` and checks the summaries of the events it produced.
    func step(
        _ body: (SheetApp) throws -> Void, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            try body(app)
        } catch {
            Issue.record("step threw \(error)", sourceLocation: sourceLocation)
        }
        let seen = app.timeline.events(since: mark).map(\.summary)
        mark = app.timeline.count
        #expect(seen == expected, sourceLocation: sourceLocation)
    }

    /// Runs `body` and returns the events it produced, without checking them.
    @discardableResult
    func run(_ body: (SheetApp) throws -> Void) rethrows -> [Event] {
        try body(app)
        let seen = Array(app.timeline.events(since: mark))
        mark = app.timeline.count
        return seen
    }

    /// The detail of the last event of a kind.
    func lastDetail(_ kind: EventKind) -> String? {
        app.timeline.events.last { $0.kind == kind }?.detail
    }

    var top: PresentationState? { app.stack.last }
}

extension Event {
    /// `kind presenter item=X detent=D`: enough to tell events apart in a test.
    var summary: String {
        var parts = [kind.rawValue]
        if let presenter { parts.append(presenter) }
        if let item { parts.append("item=\(item)") }
        if let detent { parts.append("detent=\(detent)") }
        if kind == .set || kind == .stateChanged || kind == .writeBack || kind == .bodyEvaluated {
            parts.append(detail)
        }
        if kind == .request { parts.append(detail) }
        return parts.joined(separator: " ")
    }
}

/// Builders for the views the tests use again and again.
enum Views {
    static let content = "ContentView"

    static func ref(_ slot: String, _ view: String = content) -> StateRef { StateRef(view: view, slot: slot) }

    /// Seed 000: `Button("Open") { selectedItem = Item(id:) }.sheet(item: $selectedItem) { Text(item.id) }`.
    static func itemSheet(
        name: String = content, onDismiss: EngineAction? = nil, content: ContentBuilder? = nil
    ) -> ViewSpec {
        ViewSpec(
            name: name, state: [("item", nil)],
            modifiers: [
                PresentationModifier(
                    kind: .sheet, trigger: .item(ref("item", name)), onDismiss: onDismiss,
                    content: content ?? { ctx in SheetContent(text: "item \(ctx.item["id"])") })
            ])
    }

    /// Seed 001: `Button { isPresented = true }.sheet(isPresented:) { Text(isPresented ? "表示中" : "表示してないよ") }`.
    static func flagSheet(
        name: String = content, bodyReads: Set<String> = [], onChange: [ChangeObserver] = [],
        kind: PresentationKind = .sheet, content: ContentBuilder? = nil
    ) -> ViewSpec {
        ViewSpec(
            name: name, state: [("isPresented", false)], bodyReads: bodyReads, onChange: onChange,
            modifiers: [
                PresentationModifier(
                    kind: kind, trigger: .isPresented(ref("isPresented", name)),
                    content: content ?? { ctx in
                        SheetContent(text: ctx.state("isPresented") == .bool(true) ? "表示中" : "表示してないよ")
                    })
            ])
    }

    static func item(_ id: Int) -> Value { .record(["id": .int(id)]) }
}
