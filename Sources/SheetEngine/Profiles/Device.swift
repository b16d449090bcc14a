/// A horizontal or vertical size class, as SwiftUI reports it.
public enum SizeClass: String, Sendable, Hashable, Codable {
    case compact
    case regular
}

/// Which way the device is held.
public enum Orientation: String, Sendable, Hashable, Codable, CaseIterable {
    case portrait
    case landscape

    /// Hashes the case, not its name (a raw-value enum hashes its raw
    /// string by default; `sheetlab check` hashes the world at every step).
    public func hash(into hasher: inout Hasher) { hasher.combine(self == .portrait) }
}

/// Insets, in points, that content should keep clear of.
public struct SafeArea: Sendable, Hashable, Codable {
    /// Points kept clear at the top (status bar, notch) and bottom (home indicator).
    public var top: Double
    public var bottom: Double

    /// Insets of `top` and `bottom` points.
    public init(top: Double, bottom: Double) {
        self.top = top
        self.bottom = bottom
    }
}

/// A device's geometry and size classes in one orientation.
public struct DeviceLayout: Sendable, Hashable, Codable {
    /// Screen width in points.
    public var width: Double
    /// Screen height in points.
    public var height: Double
    public var safeArea: SafeArea
    /// The size classes SwiftUI reports in this orientation (B18-B20).
    public var horizontalSizeClass: SizeClass
    public var verticalSizeClass: SizeClass
    /// The height a sheet appears in (`PresentationDetent.Context.maxDetentValue`),
    /// used to resolve detents (B17).
    public var maxDetentValue: Double
}

/// A device the engine can simulate: its geometry in each orientation.
///
/// The numbers are points, taken from Apple's published screen sizes and
/// safe areas. `maxDetentValue` is the screen height less the top safe area
/// and the gap a large sheet leaves above it, which depends on the OS
/// (`OSVersion.largeSheetGap`; `Profile.layout(_:)` applies it; here it is
/// the 10-point gap of iOS 18 and before). Apple publishes no value: an
/// assumption, listed as such in the rule catalogue.
public struct Device: Sendable, Hashable, Codable {
    /// Short name used in profile names, for example `iphone15`.
    public var id: String
    /// Name shown to people, for example `iPhone 15`.
    public var displayName: String
    /// The geometry held upright and held sideways.
    public var portrait: DeviceLayout
    public var landscape: DeviceLayout
    /// The size of a form sheet where sheets are not edge-attached (regular width).
    public var formSheetHeight: Double

    /// The layout in an orientation.
    public func layout(_ orientation: Orientation) -> DeviceLayout {
        orientation == .portrait ? portrait : landscape
    }
}

extension Device {
    /// Gap a large sheet leaves between its top and the top safe area.
    static let largeSheetGap = 10.0

    /// Builds a device from its portrait screen size and safe areas. A device
    /// that does not rotate (a Mac window) has the same layout both ways.
    static func make(
        id: String, displayName: String, width: Double, height: Double,
        portraitSafeArea: SafeArea, landscapeSafeArea: SafeArea,
        portraitClasses: (SizeClass, SizeClass), landscapeClasses: (SizeClass, SizeClass),
        formSheetHeight: Double, rotates: Bool = true
    ) -> Device {
        func layout(_ w: Double, _ h: Double, _ safe: SafeArea, _ classes: (SizeClass, SizeClass)) -> DeviceLayout {
            DeviceLayout(
                width: w, height: h, safeArea: safe,
                horizontalSizeClass: classes.0, verticalSizeClass: classes.1,
                maxDetentValue: h - safe.top - largeSheetGap)
        }
        return Device(
            id: id, displayName: displayName,
            portrait: layout(width, height, portraitSafeArea, portraitClasses),
            landscape: rotates
                ? layout(height, width, landscapeSafeArea, landscapeClasses)
                : layout(width, height, portraitSafeArea, portraitClasses),
            formSheetHeight: formSheetHeight)
    }

    /// Every device the engine knows, in the order `sheetlab profiles` lists them.
    public static let all: [Device] = [
        .make(
            id: "iphonese", displayName: "iPhone SE (3rd generation)", width: 375, height: 667,
            portraitSafeArea: SafeArea(top: 20, bottom: 0), landscapeSafeArea: SafeArea(top: 0, bottom: 0),
            portraitClasses: (.compact, .regular), landscapeClasses: (.compact, .compact),
            formSheetHeight: 667 - 20 - largeSheetGap),
        .make(
            id: "iphone15", displayName: "iPhone 15", width: 393, height: 852,
            portraitSafeArea: SafeArea(top: 59, bottom: 34), landscapeSafeArea: SafeArea(top: 0, bottom: 21),
            portraitClasses: (.compact, .regular), landscapeClasses: (.compact, .compact),
            formSheetHeight: 852 - 59 - largeSheetGap),
        // iPhone 17 (and 16, 17 Pro): the current iPhone geometry.
        .make(
            id: "iphone17", displayName: "iPhone 17", width: 402, height: 874,
            portraitSafeArea: SafeArea(top: 62, bottom: 34), landscapeSafeArea: SafeArea(top: 0, bottom: 21),
            portraitClasses: (.compact, .regular), landscapeClasses: (.compact, .compact),
            formSheetHeight: 874 - 62 - largeSheetGap),
        .make(
            id: "iphone15promax", displayName: "iPhone 15 Pro Max", width: 430, height: 932,
            portraitSafeArea: SafeArea(top: 59, bottom: 34), landscapeSafeArea: SafeArea(top: 0, bottom: 21),
            portraitClasses: (.compact, .regular), landscapeClasses: (.regular, .compact),
            formSheetHeight: 932 - 59 - largeSheetGap),
        .make(
            id: "ipadpro11", displayName: "iPad Pro 11-inch", width: 834, height: 1194,
            portraitSafeArea: SafeArea(top: 24, bottom: 20), landscapeSafeArea: SafeArea(top: 24, bottom: 20),
            portraitClasses: (.regular, .regular), landscapeClasses: (.regular, .regular),
            formSheetHeight: 620),
        // An app in a third of the screen in Split View: compact width, so
        // detents take effect on an iPad (B19).
        .make(
            id: "ipadsplit", displayName: "iPad Pro 11-inch, Split View 1/3", width: 320, height: 1194,
            portraitSafeArea: SafeArea(top: 24, bottom: 20), landscapeSafeArea: SafeArea(top: 24, bottom: 20),
            portraitClasses: (.compact, .regular), landscapeClasses: (.compact, .regular),
            formSheetHeight: 620, rotates: false),
        .make(
            id: "mac", displayName: "Mac (window)", width: 1280, height: 800,
            portraitSafeArea: SafeArea(top: 28, bottom: 0), landscapeSafeArea: SafeArea(top: 28, bottom: 0),
            portraitClasses: (.regular, .regular), landscapeClasses: (.regular, .regular),
            formSheetHeight: 500, rotates: false),
    ]
}
