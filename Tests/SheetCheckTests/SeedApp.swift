import SheetEngine

@testable import SheetCheck

/// Seed 000's one-sheet app in Swift: `sheet(item: $selectedItem)`, no Lua.
enum SeedApp {
    static let item = StateRef(view: "ContentView", slot: "selectedItem")

    /// The app on the default profile with `policies`.
    static func make(policies: [any PresentationPolicy] = []) throws -> SheetApp {
        let app = SheetApp(profile: .default, policies: policies)
        try app.addView(
            ViewSpec(
                name: "ContentView", state: [("selectedItem", .none)],
                modifiers: [
                    PresentationModifier(
                        kind: .sheet, trigger: .item(item), content: { _ in SheetContent(text: "item") })
                ]))
        return app
    }

    /// A checker of the app with `policies`, on a host of its own; further workers get hosts of their own.
    static func checker(policies: @escaping () -> [any PresentationPolicy] = { [] }, invariants: [Invariant] = [])
        throws -> Checker
    {
        let checker = Checker(host: AppHost(try make(policies: policies())), invariants: invariants)
        checker.makeHost = { AppHost(try make(policies: policies())) }
        return checker
    }
}
