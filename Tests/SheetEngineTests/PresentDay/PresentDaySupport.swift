@testable import SheetEngine

/// Builders for the iOS 18-27 rules' tests: one `ContentView` with a
/// `show` flag whose sheet shows `content`.
enum PresentDay {
    static let show = Views.ref("show")

    static func view(
        kind: PresentationKind = .sheet, attachment: Attachment = .view, state: [(String, Value)] = [],
        environmentValues: [String: Value] = [:], observable: [String: String] = [:], bodyReads: Set<String> = [],
        sources: [TransitionSource] = [], children: [ViewSpec] = [], extra: [PresentationModifier] = [],
        content: @escaping ContentBuilder
    ) -> ViewSpec {
        ViewSpec(
            name: Views.content, state: [("show", false)] + state, bodyReads: bodyReads,
            modifiers: extra + [
                PresentationModifier(kind: kind, trigger: .isPresented(show), attachment: attachment, content: content)
            ],
            children: children, environmentValues: environmentValues, observableProperties: observable,
            transitionSources: sources)
    }

    /// An app on `profile` showing `spec`'s sheet (presented unless `advance` is 0).
    static func shown(_ spec: ViewSpec, on profile: String, advance: Int = 500) throws -> SheetApp {
        let app = SheetApp(profile: try Profile.named(profile))
        try app.addView(spec)
        try app.set(show, true)
        if advance > 0 { try app.advance(by: advance) }
        return app
    }

    static func events(_ app: SheetApp, _ kind: EventKind) -> [Event] {
        app.timeline.events.filter { $0.kind == kind }
    }
}
