import SheetEngine

/// One step `sheetlab check` can take: a user action or a wait.
public enum CheckAction: Hashable, Sendable {
    /// A button writing a binding or a selection: `set("View.slot", value)`.
    case set(StateRef, Value)
    case swipe
    /// The top presentation's DismissAction.
    case dismiss
    /// Drag to a height and release with a velocity.
    case dragRelease(height: Double, velocity: Double)
    case rotate(Orientation)
    case advance(Int)
    /// Let time pass until no transition is running: `advance()`.
    case wait
    /// The DismissAction of the presentation a view is in (B07): `dismiss("View")`.
    case dismissFrom(String)
    /// A view leaves the hierarchy with its subtree (B09): `remove("View")`.
    case remove(String)
    /// A tap on the presenter behind the top sheet (B27): `tap_background()`.
    case tapBackground
    /// A tap on the top sheet's grabber (B42, iOS 26): `tap_grabber()`.
    case tapGrabber

    /// Which steps to generate.
    public enum Repertoire: Sendable {
        /// What `sheetlab check` explores (docs/check.md).
        case check
        /// Those, plus what the fuzzer adds: detent selections written by code,
        /// other state, drags between detents at several velocities,
        /// `dismiss` from content views, removing child views, background
        /// and grabber taps and fixed waits.
        case fuzz
    }

    private static let flags: [Value] = [.bool(true), .bool(false)]

    /// Whether the step is a user action (as opposed to a wait).
    public var isUserAction: Bool {
        switch self {
        case .advance, .wait: return false
        default: return true
        }
    }

    /// Applies the step to an app.
    /// - Throws: `EngineError` when it does not apply (nothing presented, say).
    public func apply(to app: SheetApp) throws(EngineError) {
        switch self {
        case .set(let ref, let value): try app.set(ref, value)
        case .swipe: try app.swipeDown()
        case .dismiss: try app.dismiss()
        case .dragRelease(let h, let v):
            try app.drag(to: h)
            try app.release(velocity: v)
        case .rotate(let o): app.rotate(to: o)
        case .advance(let ms): try app.advance(by: ms)
        case .wait: try app.advanceUntilIdle()
        case .dismissFrom(let view): try app.dismiss(from: view)
        case .remove(let view): try app.removeView(view)
        case .tapBackground: app.tapBackground()
        case .tapGrabber: try app.tapGrabber()
        }
    }

    /// The steps worth trying from `app`: writes to every presentation
    /// binding, gestures on the top presentation, rotation, waits that end
    /// just before, at and just after the next transition, and a wait until
    /// nothing runs; with `.fuzz`, more (see `Repertoire`).
    ///
    /// - Parameters:
    ///   - app: the app to step.
    ///   - itemIDs: the ids of the items written into `item:` bindings.
    ///   - repertoire: which steps to generate.
    /// - Returns: the steps, in a stable order (the same app gives the same list).
    public static func candidates(for app: SheetApp, itemIDs: [Int], repertoire: Repertoire = .check) -> [CheckAction] {
        candidates(for: app, itemValues: itemValues(itemIDs), repertoire: repertoire)
    }

    /// The values written into `item:` bindings: `{id = n}` for each id, then nil.
    static func itemValues(_ itemIDs: [Int]) -> [Value] { itemIDs.map { .record(["id": .int($0)]) } + [.none] }

    /// `candidates(for:itemIDs:repertoire:)` with the item values made once
    /// (`itemValues`): an explorer asks at every state, and building the
    /// records each time was a third of the cost of choosing steps.
    static func candidates(for app: SheetApp, itemValues: [Value], repertoire: Repertoire) -> [CheckAction] {
        var out: [CheckAction] = []
        let choices = app.bindingChoices()
        for b in choices {
            let values = b.isItem ? itemValues : Self.flags
            for v in values where v != b.value || (b.dismissing && !v.isEmpty) { out.append(.set(b.binding, v)) }
        }
        if let top = app.topPresentation, top.phase == .presented {
            out.append(.swipe)
            out.append(.dismiss)
            if top.style == .sheet {
                if top.detents.count > 1 {
                    for d in top.detents where d.detent != top.detent {
                        out.append(.dragRelease(height: d.height, velocity: 0))
                    }
                }
                out.append(.dragRelease(height: 0, velocity: 2000))
            }
        }
        let layout = app.profile.device
        if layout.portrait != layout.landscape {
            out.append(.rotate(app.orientation == .portrait ? .landscape : .portrait))
        }
        if let t = app.nextTransitionTime {
            let wait = t - app.now
            for ms in [wait - 1, wait, wait + 1] where ms > 0 { out.append(.advance(ms)) }
            out.append(.wait)
        }
        if repertoire == .fuzz { out += fuzzCandidates(for: app, bindings: Set(choices.map(\.binding))) }
        return out
    }
}
