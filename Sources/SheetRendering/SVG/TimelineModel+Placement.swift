import SheetEngine

extension TimelineModel {
    /// B36 (iOS 26 and later): where the sheet an event concerns sits,
    /// `inset` (below full height, floating over the content) or
    /// `edgeAttached` (at full height), for the lane's left column.
    ///
    /// The hook for issue 16: the engine does not report a placement yet,
    /// so no event carries one and this returns nil. When presentations
    /// report `placement` (on their events or in `AppState`), return it
    /// here; the drawing (`placement: inset, edgeAttached` under the
    /// modifiers) is in place and tested with a placement given directly.
    static func placement(of event: Event) -> String? {
        nil
    }
}
