/// A device on an OS version: everything the engine's rules depend on.
///
/// Profiles are named `<device>-ios<version>`, for example `iphone15-ios17`
/// or `ipadpro11-ios16.4`.
public struct Profile: Sendable, Hashable, Codable {
    /// The device and the OS version.
    public var device: Device
    public var os: OSVersion

    /// A profile of your own, for example with other timings.
    public init(device: Device, os: OSVersion) {
        self.device = device
        self.os = os
    }

    /// The profile's name, for example `iphone15-ios17`.
    public var name: String { "\(device.id)-ios\(os.version)" }

    /// The device's geometry in an orientation on this OS: `maxDetentValue`
    /// is the height less the top safe area and the OS's large-sheet gap.
    public func layout(_ orientation: Orientation) -> DeviceLayout {
        var layout = device.layout(orientation)
        layout.maxDetentValue = layout.height - layout.safeArea.top - os.largeSheetGap
        return layout
    }

    /// The profile used when none is given: the most recent design with
    /// documented sheet behaviour.
    public static let defaultName = "iphone17-ios26"

    /// The default profile, `iphone17-ios26`.
    public static var `default`: Profile {
        // The catalogue always contains the default; a failure here is a programming error.
        try! named(defaultName)
    }

    /// Every valid profile name, devices in catalogue order, oldest OS first
    /// (aliases such as `-ios18` are accepted but not listed).
    public static var allNames: [String] {
        Device.all.flatMap { d in OSVersion.all.map { "\(d.id)-ios\($0.version)" } }
    }

    /// Looks a profile up by name: `DEVICE-iosVERSION`, the version by its
    /// name or an alias (`iphone15-ios18` is `iphone15-ios18.4`).
    /// - Throws: `EngineError` listing the valid names when the name is unknown.
    public static func named(_ name: String) throws(EngineError) -> Profile {
        let lowered = name.lowercased()
        if let dash = lowered.firstRange(of: "-ios"),
            let device = Device.all.first(where: { $0.id == lowered[..<dash.lowerBound] }),
            let os = OSVersion.named(String(lowered[dash.upperBound...]))
        {
            return Profile(device: device, os: os)
        }
        throw EngineError(.unknownProfile(name: name, valid: allNames))
    }
}
