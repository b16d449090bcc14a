import SheetEngine

extension TimelineModel {
    /// B36, B37 (iOS 26 and later): where the sheet an event concerns sits,
    /// `inset` (below full height, floating over the content) or
    /// `edgeAttached` (at or near full height), as the event reports it, for
    /// the lane's left column. Before 26 every sheet is edge-attached.
    static func placement(of event: Event) -> String? {
        event.geometry?.placement?.rawValue
    }
}
