/// Transition lengths and windows in virtual milliseconds (B01, B34, B45, B46).
///
/// Apple publishes none of these; the defaults follow libraries' practice
/// (PanModal 0.5 s) or field reports (each cites its source in the rule
/// catalogue), and every one can be changed per profile.
public struct Timings: Sendable, Hashable, Codable {
    /// Length of the present transition.
    public var present: Int
    /// Length of a programmatic dismiss transition.
    public var dismiss: Int
    /// What is left of the transition after an interactive swipe is released.
    public var swipeRemainder: Int
    /// How soon after a dismissal ends a reopen still ignores detents (B34, 18.0-18.3).
    public var reopenWindow: Int
    /// Length of a zoom dismissal (B46: 0.9 s reported).
    public var zoomDismiss: Int
    /// Length of a cross-fade presentation (B45; no source: B01's default).
    public var crossFade: Int

    /// Timings in milliseconds; the defaults are B01's, B34's, B45's and B46's.
    public init(
        present: Int = 500, dismiss: Int = 500, swipeRemainder: Int = 250, reopenWindow: Int = 400,
        zoomDismiss: Int = 900, crossFade: Int = 500
    ) {
        self.present = present
        self.dismiss = dismiss
        self.swipeRemainder = swipeRemainder
        self.reopenWindow = reopenWindow
        self.zoomDismiss = zoomDismiss
        self.crossFade = crossFade
    }
}

/// The version-dependent presentation rules of one OS release: all
/// version-dependent behaviour on one screen. Each flag names the rule it
/// switches (docs/engine.md); the rule catalogue (`Rule.catalogue`) gives
/// each rule's OS range, source and confidence. Flags whose sources are
/// thin (`Rule.confidence` single or seed) can be changed per profile
/// (`ProfileFlag`).
public struct OSVersion: Sendable, Hashable, Codable {
    /// Version as written in profile names, for example `16.4` or `18.0`.
    public var version: String
    /// With several presentation modifiers on one view only the last works (B10).
    public var lastModifierWins: Bool
    /// A modifier attached to a separate `EmptyView` fires (B11).
    public var emptyViewHostFires: Bool
    /// Sheet content inherits the environment objects of its modifier's view (B16: since the iOS 14 SDK).
    public var sheetsInheritEnvironment: Bool
    /// `presentationDetents` exists (iOS 16 and later, B28).
    public var supportsDetents: Bool
    /// `presentationBackgroundInteraction` exists (iOS 16.4 and later, B27).
    public var supportsBackgroundInteraction: Bool
    /// `presentationCompactAdaptation` exists (iOS 16.4 and later); before,
    /// sheets always adapt to full screen in compact height (B20).
    public var supportsCompactAdaptation: Bool
    /// `_printChanges` names an observable property's key path, not `@dependencies` (B15, 18+).
    public var printsKeyPaths: Bool
    /// `presentationSizing` exists and a regular-width sheet defaults to `.form` (B30, 18+; before: `.page`).
    public var formSizingDefault: Bool
    /// A removed modifier leaves its binding as it was (B31, 18+; before, it is reset).
    public var removedModifierKeepsBinding: Bool
    /// Size-dependent detents resolve once per layout (B32, 18+; before, they may oscillate).
    public var resolvesSizeDependentOnce: Bool
    /// `interactiveDismissDisabled` takes effect only at the content's root (B33, 18+).
    public var dismissDisabledAtRootOnly: Bool
    /// A quick reopen ignores detents (B34, 18.0-18.3).
    public var quickReopenIgnoresDetents: Bool
    /// Nested presentations requested in one update: only the first is presented (B35, 16.0-18.3).
    public var restoredNestedBlocked: Bool
    /// Liquid Glass: a sheet below full height is inset with glass, edge-attached and opaque at full height (B36, 26+).
    public var insetSheets: Bool
    /// A detent within 10.2 pt of full height becomes the large, stacked sheet (B37, up to 18).
    public var stacksNearFullHeight: Bool
    /// `navigationTransition(.zoom(sourceID:in:))` from a marked view (B38, 18+).
    public var zoomFromViews: Bool
    /// ... and from a toolbar item (B38, 26+).
    public var zoomFromToolbarItems: Bool
    /// A zoom sheet in compact width presents as a full-screen cover (B39: a bug fixed in 26).
    public var zoomSheetsBecomeCovers: Bool
    /// A toolbar sheet requested in the update that dismisses a popover may not show (B40: fixed in 26).
    public var popoverDismissHidesSheet: Bool
    /// Control-style environment values are reset inside sheets (B43, 27 SDKs).
    public var resetsControlEnvironment: Bool
    /// `presentationPlacement` exists (B44, 27).
    public var supportsPresentationPlacement: Bool
    /// `NavigationTransition.crossFade` exists (B45, 27).
    public var supportsCrossFade: Bool
    /// The outgoing content takes taps while a zoom dismissal runs (B46, 26+).
    public var zoomDismissalTakesTaps: Bool
    /// Focusing a text field moves a sheet at a smaller detent to its largest (B48, 26; a profile flag).
    public var textFocusExpandsSheet: Bool = false
    /// Detent changes made while the present transition runs wait until presented (B49; version not stated: every
    /// profile, a flag).
    public var detentChangesWaitWhilePresenting: Bool = false
    /// Changing the detents during a drag is a hazard: a warning, applied when the drag ends (B50, 26+).
    public var detentChangeDuringDragIsHazard: Bool = false
    /// A sheet drag that starts on a button does not cancel the button's action (B51, 18.0 to at least 26; a flag).
    public var dragDoesNotCancelTaps: Bool = false
    /// A zoom source marked after `drawingGroup()` or a hover effect, or marked twice, gives no zoom (B52, 26+:
    /// the versions its reports are on).
    public var zoomSourceMustBeBareAndOne: Bool = false
    /// Points a large sheet leaves between its top and the top safe area
    /// (`maxDetentValue` = height - top safe area - this). No source gives
    /// it before 26 (an assumption: 10); on 26 one measured view tree shows
    /// the large sheet at the safe area (0).
    public var largeSheetGap: Double
    /// How long its transitions take (B01, B34, B45, B46).
    public var timings: Timings

    /// The version as comparable numbers, `16.4` -> `[16, 4]`.
    public var numbers: [Int] { version.split(separator: ".").compactMap { Int($0) } }

    /// Whether this version is at least `other`, for example `atLeast("16")`.
    public func atLeast(_ other: String) -> Bool {
        let mine = numbers
        let theirs = other.split(separator: ".").compactMap { Int($0) }
        for i in 0..<max(mine.count, theirs.count) {
            let a = i < mine.count ? mine[i] : 0
            let b = i < theirs.count ? theirs[i] : 0
            if a != b { return a > b }
        }
        return true
    }
}

extension OSVersion {
    /// Every OS version the engine knows, oldest first. Each is the one
    /// before it with what changed.
    public static let all: [OSVersion] = {
        var v = OSVersion(
            version: "14.4", lastModifierWins: true, emptyViewHostFires: true, sheetsInheritEnvironment: true,
            supportsDetents: false, supportsBackgroundInteraction: false, supportsCompactAdaptation: false,
            printsKeyPaths: false, formSizingDefault: false, removedModifierKeepsBinding: false,
            resolvesSizeDependentOnce: false, dismissDisabledAtRootOnly: false, quickReopenIgnoresDetents: false,
            restoredNestedBlocked: false, insetSheets: false, stacksNearFullHeight: false, zoomFromViews: false,
            zoomFromToolbarItems: false, zoomSheetsBecomeCovers: false, popoverDismissHidesSheet: true,
            resetsControlEnvironment: false, supportsPresentationPlacement: false, supportsCrossFade: false,
            zoomDismissalTakesTaps: false, largeSheetGap: 10, timings: Timings())
        v.detentChangesWaitWhilePresenting = true  // B49: no version stated, so every profile (a flag)
        var out = [v]
        func next(_ version: String, _ change: (inout OSVersion) -> Void) {
            v.version = version
            change(&v)
            out.append(v)
        }
        next("15") {
            $0.lastModifierWins = false  // B10: fixed in 14.5
            $0.emptyViewHostFires = false  // B11
        }
        next("16") {
            $0.supportsDetents = true  // B28
            $0.stacksNearFullHeight = true  // B37
            $0.restoredNestedBlocked = true  // B35: 16.0-18.3
        }
        next("16.4") {
            $0.supportsBackgroundInteraction = true  // B27
            $0.supportsCompactAdaptation = true  // B20
        }
        next("17") { _ in }
        next("18.0") {  // 18.0-18.3
            $0.printsKeyPaths = true  // B15
            $0.formSizingDefault = true  // B30
            $0.removedModifierKeepsBinding = true  // B31
            $0.resolvesSizeDependentOnce = true  // B32
            $0.dismissDisabledAtRootOnly = true  // B33 (one report: a profile flag)
            $0.quickReopenIgnoresDetents = true  // B34
            $0.zoomFromViews = true  // B38
            $0.zoomSheetsBecomeCovers = true  // B39 (the bug 26 fixed)
            $0.dragDoesNotCancelTaps = true  // B51: 18.0-18.2 and 26.0 reported; no fix reported
        }
        next("18.4") {
            $0.quickReopenIgnoresDetents = false  // B34: fixed
            $0.restoredNestedBlocked = false  // B35: fixed
        }
        next("26") {
            $0.insetSheets = true  // B36
            $0.stacksNearFullHeight = false  // B37
            $0.zoomFromToolbarItems = true  // B38
            $0.zoomSheetsBecomeCovers = false  // B39: fixed
            $0.popoverDismissHidesSheet = false  // B40: fixed
            $0.zoomDismissalTakesTaps = true  // B46
            $0.textFocusExpandsSheet = true  // B48
            $0.detentChangeDuringDragIsHazard = true  // B50: the crashes are on 26
            $0.zoomSourceMustBeBareAndOne = true  // B52: both reports are on 26
            $0.largeSheetGap = 0  // one measured view tree (B36's numbers)
        }
        next("27") {
            $0.resetsControlEnvironment = true  // B43
            $0.supportsPresentationPlacement = true  // B44
            $0.supportsCrossFade = true  // B45
        }
        return out
    }()

    /// Other names a version goes by: `18` is `18.4`, so files written
    /// before 18 was split keep working.
    public static let aliases = ["18": "18.4"]

    /// A version by its name or alias.
    public static func named(_ name: String) -> OSVersion? {
        let version = aliases[name] ?? name
        return all.first { $0.version == version }
    }
}
