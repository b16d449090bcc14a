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

    /// The profile used when none is given.
    public static let defaultName = "iphone15-ios17"

    /// The default profile, `iphone15-ios17`.
    public static var `default`: Profile {
        // The catalogue always contains the default; a failure here is a programming error.
        try! named(defaultName)
    }

    /// Every valid profile name, devices in catalogue order, oldest OS first.
    public static var allNames: [String] {
        Device.all.flatMap { d in OSVersion.all.map { "\(d.id)-ios\($0.version)" } }
    }

    /// Looks a profile up by name.
    /// - Throws: `EngineError` listing the valid names when the name is unknown.
    public static func named(_ name: String) throws(EngineError) -> Profile {
        let lowered = name.lowercased()
        for device in Device.all {
            for os in OSVersion.all where "\(device.id)-ios\(os.version)" == lowered {
                return Profile(device: device, os: os)
            }
        }
        throw EngineError(.unknownProfile(name: name, valid: allNames))
    }
}
