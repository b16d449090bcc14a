/// The detent rules as pure functions of the OS version, the device's
/// layout in the current orientation and what the content declares: which
/// style a presentation takes, which detents are in effect, their heights,
/// where a sheet opens and where a released drag settles.
///
/// Immutable; a class so that handing it around costs a reference count,
/// not a copy of the OS version's rules (it is consulted on every layout).
final class DetentResolver: Sendable {
    let os: OSVersion
    let layout: DeviceLayout
    /// The height of a form sheet on this device (regular width).
    let formSheetHeight: Double
    /// The large detent alone, at a sheet's and at the screen's full
    /// height: what most layouts resolve to, made once so that a layout
    /// shares it instead of allocating an array (and the presentation
    /// freeing it), about 230 instructions a presentation.
    private let largeSheet: [ResolvedDetent]
    private let largeScreen: [ResolvedDetent]

    init(os: OSVersion, layout: DeviceLayout, formSheetHeight: Double) {
        self.os = os
        self.layout = layout
        self.formSheetHeight = formSheetHeight
        largeSheet = [ResolvedDetent(detent: .large, height: layout.maxDetentValue)]
        largeScreen = [ResolvedDetent(detent: .large, height: layout.height)]
    }

    /// B19: detents take effect only in compact width; in regular width a sheet is a form sheet.
    /// B20: a sheet in compact height adapts to full screen, unless its content asks to stay a sheet (16.4+).
    ///
    /// How a presentation is shown: a cover is full screen; a popover is a
    /// popover in regular width and adapts like a sheet in compact width;
    /// a zoom sheet follows B39; a sheet as above, else edge-attached with detents.
    func style(kind: PresentationKind, content: SheetContent, transition: SheetTransition) -> PresentationStyle {
        if kind == .fullScreenCover { return .fullScreen }
        if kind == .popover, layout.horizontalSizeClass == .regular { return .popover }
        if case .zoom = transition, layout.horizontalSizeClass == .compact, zoomSheetIsCover(content) {
            return .fullScreen
        }
        let adaptation = os.supportsCompactAdaptation ? content.compactAdaptation : .automatic
        if layout.verticalSizeClass == .compact && adaptation != .sheet { return .fullScreen }
        if layout.horizontalSizeClass == .regular { return .formSheet }
        return .sheet
    }

    /// B39: a zoom sheet in compact width stays a sheet (26+); before, it presented as a full-screen cover.
    ///
    /// On 26 it is a cover only with `presentationSizing(.page)` and
    /// `presentationCompactAdaptation(.fullScreen)`.
    func zoomSheetIsCover(_ content: SheetContent) -> Bool {
        os.zoomSheetsBecomeCovers || (content.sizing == .page && content.compactAdaptation == .fullScreen)
    }

    /// B21: presentationDetents takes effect at the content's root or in a plain container only.
    /// B28: before iOS 16 there are no detents: every sheet is full height.
    ///
    /// The content's detents when they take effect (on an edge-attached sheet).
    func effectiveDetents(_ content: SheetContent, style: PresentationStyle) -> DetentsModifier? {
        guard style == .sheet, os.supportsDetents, let d = content.detents, d.placement.takesEffect else { return nil }
        return d
    }

    /// What resolving a detent set gives: the active detents, smallest first,
    /// and those whose height was out of range and clamped.
    struct Resolution {
        var detents: [ResolvedDetent]
        var clamped: [(detent: Detent, raw: Double, height: Double)] = []
        /// Detents shown as the large sheet because they are near full height (B37, up to 18).
        var stacked: [ResolvedDetent] = []
    }

    /// B17: detent heights from maxDetentValue: large, medium x 0.5, fraction, height(h) = min(h, max), custom;
    /// clamped.
    ///
    /// Every height outside [0, max] is reported, a `height(h)` capped at the maximum too.
    /// B18: medium is inactive when the vertical size class is compact.
    ///
    /// With none active (or none given) the sheet is `large`. Equal heights
    /// keep the order they were declared in.
    func resolve(_ content: SheetContent, style: PresentationStyle, custom: (String) -> Double?) -> Resolution {
        switch style {
        case .fullScreen: return Resolution(detents: largeScreen)
        case .formSheet, .popover:
            return Resolution(detents: [ResolvedDetent(detent: .large, height: regularHeight(content, style: style))])
        case .sheet: break
        }
        let modifier = effectiveDetents(content, style: style)
        guard let modifier else { return Resolution(detents: largeSheet) }
        let maxValue = layout.maxDetentValue
        var out = Resolution(detents: [])
        for d in modifier.detents {
            let raw: Double?
            switch d {
            case .large: raw = maxValue
            case .medium: raw = layout.verticalSizeClass == .compact ? nil : maxValue * 0.5
            case .fraction(let f): raw = maxValue * f
            case .height(let h): raw = h
            case .custom(let name): raw = custom(name)
            }
            guard var height = raw else { continue }
            if !(height >= 0 && height <= maxValue) {
                let clamped = height.isNaN ? 0 : min(max(height, 0), maxValue)
                out.clamped.append((d, height, clamped))
                height = clamped
            }
            if isStacked(height) {
                out.stacked.append(ResolvedDetent(detent: d, height: height))
                height = maxValue
            }
            out.detents.append(ResolvedDetent(detent: d, height: height))
        }
        if out.detents.isEmpty { return Resolution(detents: largeSheet, clamped: out.clamped) }
        out.detents = out.detents.enumerated().sorted { a, b in
            a.element.height == b.element.height ? a.offset < b.offset : a.element.height < b.element.height
        }.map(\.element)
        return out
    }

    /// B22: with no selection binding a sheet opens at the smallest active detent.
    ///
    /// The detent a sheet shows when no selection decides: the one it had, if
    /// still active (not when it opens), else the smallest.
    /// B24: with a selection binding a sheet reopens at the detent it had when it closed.
    static func keptOrSmallest(_ current: Detent?, _ active: [ResolvedDetent], opening: Bool) -> Detent {
        if !opening, let d = current, active.contains(where: { $0.detent == d }) { return d }
        return active[0].detent
    }

    /// The active detent nearest in height to `height` (B41's jump; the
    /// smaller of two equally near). An assumption: the report says only that it jumps.
    static func nearest(to height: Double, in active: [ResolvedDetent]) -> Detent {
        active.min { abs($0.height - height) < abs($1.height - height) }!.detent
    }

    /// B26: a released drag settles on the detent nearest the position projected by velocity, or dismisses below half
    /// the smallest.
    static func settle(projected: Double, active: [ResolvedDetent], canDismiss: Bool) -> SettleDecision {
        if projected < active[0].height / 2 { return canDismiss ? .dismiss : .detent(active[0].detent) }
        let nearest = active.min { abs($0.height - projected) < abs($1.height - projected) }!
        return .detent(nearest.detent)
    }
}

/// How far a release velocity carries a sheet (B26), FloatingPanel's
/// projection `(v / 1000) * r / (1 - r)` with deceleration rate `r = 0.998`.
public func projectedDistance(velocity: Double, decelerationRate r: Double = 0.998) -> Double {
    (velocity / 1000) * r / (1 - r)
}
