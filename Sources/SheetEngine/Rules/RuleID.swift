/// The behaviour catalogue's ids (docs/engine.md): B01-B52 for what stock
/// SwiftUI does, P01-P05 for the seed policies and the oscillation guard.
/// Events name the rule that produced them.
public enum RuleID: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case b01 = "B01", b02 = "B02", b03 = "B03", b04 = "B04", b05 = "B05", b06 = "B06", b07 = "B07", b08 = "B08"
    case b09 = "B09", b10 = "B10", b11 = "B11", b12 = "B12", b13 = "B13", b14 = "B14", b15 = "B15", b16 = "B16"
    case b17 = "B17", b18 = "B18", b19 = "B19", b20 = "B20", b21 = "B21", b22 = "B22", b23 = "B23", b24 = "B24"
    case b25 = "B25", b26 = "B26", b27 = "B27", b28 = "B28", b29 = "B29", b30 = "B30", b31 = "B31", b32 = "B32"
    case b33 = "B33", b34 = "B34", b35 = "B35", b36 = "B36", b37 = "B37", b38 = "B38", b39 = "B39", b40 = "B40"
    case b41 = "B41", b42 = "B42", b43 = "B43", b44 = "B44", b45 = "B45", b46 = "B46", b47 = "B47", b48 = "B48"
    case b49 = "B49", b50 = "B50", b51 = "B51", b52 = "B52"
    case p01 = "P01", p02 = "P02", p03 = "P03", p04 = "P04", p05 = "P05"

    public static func < (a: RuleID, b: RuleID) -> Bool {
        a.rawValue < b.rawValue
    }
}
