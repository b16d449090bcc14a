import SheetEngine

/// The name of a profile, `DEVICE-iosVERSION`: `iphone15-ios17`,
/// `iphonese-ios14.4`. A string literal is one:
///
/// ```swift
/// try session.setProfile("iphonese-ios16")
/// let profile = try Profile("ipadpro11-ios18")
/// ```
///
/// Whether a name is valid is checked where it is used (an `EngineError`
/// listing the valid names); `ProfileID.all` lists them.
public struct ProfileID: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The name, as `sheetlab profiles` shows it.
    public var rawValue: String

    /// A profile name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A profile name written as a literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Every valid name, devices in catalogue order, oldest OS first.
    public static var all: [ProfileID] { Profile.allNames.map(ProfileID.init(rawValue:)) }

    /// The default profile's name (`Profile.defaultName`).
    public static var `default`: ProfileID { ProfileID(rawValue: Profile.defaultName) }

    /// The name.
    public var description: String { rawValue }
}

extension Profile {
    /// The profile's name as a `ProfileID`.
    public var id: ProfileID { ProfileID(rawValue: name) }

    /// Looks a profile up by its name.
    /// - Parameter id: for example `"iphone15-ios17"`.
    /// - Throws: `EngineError` listing the valid names when the name is unknown.
    public init(_ id: ProfileID) throws(EngineError) {
        self = try Profile.named(id.rawValue)
    }
}

/// What is said of a profile name that is not one.
package enum ProfileNames {
    /// `unknown profile 'iphone15'; did you mean iphone15-ios26, …?; valid profiles: …`: a device
    /// alone suggests its versions.
    package static func unknown(_ name: String) -> String {
        let hint = EngineError.profileHint(for: name, in: Profile.allNames)
        guard hint.isEmpty else { return "unknown profile '\(name)'\(hint) ('sheetlab profiles' lists all)" }
        return EngineError(.unknownProfile(name: name, valid: Profile.allNames)).description
    }

    /// The message of `error`, with a suggestion when it is an unknown profile.
    package static func describe(_ error: EngineError) -> String {
        if case .unknownProfile(let name, _) = error.reason { return unknown(name) }
        return "\(error)"
    }
}
