import SheetEngine

/// Real runs of the engine to render: seed 000 under stock SwiftUI and the
/// queue policy, a detent drag, nested sheets with a failing policy.
enum Runs {
    static let content = "ContentView"
    static let item = StateRef(view: content, slot: "item")

    static func app(_ profile: String = "iphone15-ios17", policies: [any PresentationPolicy] = []) -> SheetApp {
        SheetApp(profile: try! Profile.named(profile), policies: policies)
    }

    static func record(_ id: Int) -> Value { .record(["id": .int(id)]) }

    /// Seed 000: `Button("Open") { selectedItem = Item(id:) }.sheet(item: $selectedItem) { Text(item.id) }`.
    static func itemSheet(
        name: String = content, detents: [Detent]? = nil, text: String? = nil, nested: ViewSpec? = nil
    ) -> ViewSpec {
        ViewSpec(
            name: name, state: [("item", nil)],
            modifiers: [
                PresentationModifier(
                    kind: .sheet, trigger: .item(StateRef(view: name, slot: "item")),
                    content: { ctx in
                        SheetContent(
                            text: text ?? "item \(ctx.item["id"])", view: nested,
                            detents: detents.map { DetentsModifier($0) })
                    })
            ])
    }

    /// A view to put inside a sheet, with its own `sheet(isPresented:)`.
    static func detailView(name: String = "DetailView", detents: [Detent]? = nil, text: String = "詳細") -> ViewSpec {
        ViewSpec(
            name: name, state: [("isPresented", false)],
            modifiers: [
                PresentationModifier(
                    kind: .sheet, trigger: .isPresented(StateRef(view: name, slot: "isPresented")),
                    content: { _ in SheetContent(text: text, detents: detents.map { DetentsModifier($0) }) })
            ])
    }

    /// Seed 000: presented, swiped down, asked for again while dismissing.
    /// Stock: `alreadyPresenting` then `requestLost`; queue: queued, then presented again.
    static func seed000(policies: [any PresentationPolicy] = []) throws -> SheetApp {
        let app = app(policies: policies)
        try app.addView(itemSheet())
        try app.set(item, record(0))
        try app.advance(by: 800)
        try app.swipeDown()
        try app.advance(by: 100)
        try app.set(item, record(0))
        try app.advance(by: 700)
        return app
    }

    /// A sheet with `presentationDetents([.medium, .large])` dragged up, down and away.
    static func detentDrag() throws -> SheetApp {
        let app = app()
        try app.addView(itemSheet(detents: [.medium, .large]))
        try app.set(item, record(7))
        try app.advance(by: 600)
        try app.drag(to: 650)
        try app.advance(by: 100)
        try app.release(velocity: 0)
        try app.advance(by: 400)
        try app.drag(to: 300)
        try app.release(velocity: 200)
        try app.advance(by: 400)
        try app.drag(to: 120)
        try app.release(velocity: 900)
        try app.advance(by: 600)
        return app
    }

    /// Two presenters (a sheet presenting from inside a sheet), a rotation,
    /// and a policy that fails for the inner one.
    static func nested() throws -> SheetApp {
        let app = app(policies: [FailingPolicy(presenter: "DetailView")])
        try app.addView(itemSheet(detents: [.medium, .large], nested: detailView(detents: [.medium])))
        try app.set(item, record(1))
        try app.advance(by: 600)
        try app.set(StateRef(view: "DetailView", slot: "isPresented"), true)
        try app.advance(by: 600)
        app.rotate(to: .landscape)
        try app.advance(by: 300)
        return app
    }

    /// Seed 000 on iPhone 15, then `reset` onto iPhone SE and a detent sheet: a run of two parts.
    static func twoParts() throws -> SheetApp {
        let app = app()
        app.keepsEarlierParts = true
        try app.addView(itemSheet())
        try app.set(item, record(0))
        try app.advance(by: 500)
        try app.reset(profile: try Profile.named("iphonese-ios17"))
        try app.addView(itemSheet(detents: [.medium, .large]))
        try app.set(item, record(1))
        try app.advance(by: 700)
        return app
    }

    /// Seed 000 with the queue policy, over and over for a minute.
    static func minute() throws -> SheetApp {
        let app = app(policies: [QueuePolicy()])
        try app.addView(itemSheet(detents: [.medium, .large]))
        for i in 0..<12 {
            try app.set(item, record(i))
            try app.advance(by: 1500)
            try app.swipeDown()
            try app.advance(by: 100)
            try app.set(item, record(i))
            try app.advance(by: 3400)
        }
        return app
    }
}

/// A policy whose `request` hook fails for one presenter, as a broken Lua
/// file would; the message carries hostile text.
final class FailingPolicy: PresentationPolicy {
    let presenter: String
    init(presenter: String) { self.presenter = presenter }
    var name: String { "broken.lua" }
    var hooks: PolicyHooks { [.request] }

    func request(_ context: RequestContext) throws(PolicyFailure) -> RequestDecision? {
        guard context.presenter == presenter else { return nil }
        throw PolicyFailure(hook: .request, message: "broken.lua:3: attempt to index a nil value <script>&\"'")
    }
}
