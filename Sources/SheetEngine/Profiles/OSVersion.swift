/// Transition lengths in virtual milliseconds (B01).
///
/// Apple publishes none of these; the defaults follow libraries' practice
/// (PanModal 0.5 s) and every one can be changed per profile.
public struct Timings: Sendable, Hashable, Codable {
    /// Length of the present transition.
    public var present: Int
    /// Length of a programmatic dismiss transition.
    public var dismiss: Int
    /// What is left of the transition after an interactive swipe is released.
    public var swipeRemainder: Int

    /// Timings in milliseconds; the defaults are B01's.
    public init(present: Int = 500, dismiss: Int = 500, swipeRemainder: Int = 250) {
        self.present = present
        self.dismiss = dismiss
        self.swipeRemainder = swipeRemainder
    }
}

/// The version-dependent presentation rules of one OS release.
///
/// Each rule names the behaviour it implements; see `BEHAVIOURS.md`.
public struct OSVersion: Sendable, Hashable, Codable {
    /// Version as written in profile names, for example `16.4`.
    public var version: String
    /// With several presentation modifiers on one view only the last works (B10).
    public var lastModifierWins: Bool
    /// A modifier attached to a separate `EmptyView` fires (B11).
    public var emptyViewHostFires: Bool
    /// Sheet content inherits the presenter's environment objects (B16).
    /// Seed 003 (iOS 16) shows it does not; from iOS 17 the engine assumes it does.
    public var sheetsInheritEnvironment: Bool
    /// `presentationDetents` exists (iOS 16 and later) (B28).
    public var supportsDetents: Bool
    /// `presentationBackgroundInteraction` exists (iOS 16.4 and later) (B27).
    public var supportsBackgroundInteraction: Bool
    /// `presentationCompactAdaptation` exists (iOS 16.4 and later); before,
    /// sheets always adapt to full screen in compact height (B20).
    public var supportsCompactAdaptation: Bool
    /// How long its transitions take (B01).
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
    /// Every OS version the engine knows, oldest first.
    public static let all: [OSVersion] = [
        OSVersion(
            version: "14.4", lastModifierWins: true, emptyViewHostFires: true,
            sheetsInheritEnvironment: false, supportsDetents: false,
            supportsBackgroundInteraction: false, supportsCompactAdaptation: false, timings: Timings()),
        OSVersion(
            version: "15", lastModifierWins: false, emptyViewHostFires: false,
            sheetsInheritEnvironment: false, supportsDetents: false,
            supportsBackgroundInteraction: false, supportsCompactAdaptation: false, timings: Timings()),
        OSVersion(
            version: "16", lastModifierWins: false, emptyViewHostFires: false,
            sheetsInheritEnvironment: false, supportsDetents: true,
            supportsBackgroundInteraction: false, supportsCompactAdaptation: false, timings: Timings()),
        OSVersion(
            version: "16.4", lastModifierWins: false, emptyViewHostFires: false,
            sheetsInheritEnvironment: false, supportsDetents: true,
            supportsBackgroundInteraction: true, supportsCompactAdaptation: true, timings: Timings()),
        OSVersion(
            version: "17", lastModifierWins: false, emptyViewHostFires: false,
            sheetsInheritEnvironment: true, supportsDetents: true,
            supportsBackgroundInteraction: true, supportsCompactAdaptation: true, timings: Timings()),
        OSVersion(
            version: "18", lastModifierWins: false, emptyViewHostFires: false,
            sheetsInheritEnvironment: true, supportsDetents: true,
            supportsBackgroundInteraction: true, supportsCompactAdaptation: true, timings: Timings()),
    ]
}
