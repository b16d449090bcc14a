/// `.presentationSizing(_:)` (iOS 18): how large a sheet is in regular width (B30).
public enum PresentationSizing: String, Sendable, Hashable, Codable, CaseIterable {
    /// A size for a form: the default from iOS 18.
    case form
    /// About the size of a page: what sheets were before iOS 18.
    case page
    /// As large as the content asks (`SheetContent.fittedHeight`).
    case fitted
}

/// `.presentationCompactAdaptation(_:)`: what a sheet becomes in compact sizes (B20, B39).
public enum CompactAdaptation: String, Sendable, Hashable, Codable, CaseIterable {
    /// SwiftUI decides: a sheet in compact height becomes full screen.
    case automatic
    /// Stay a sheet (16.4+).
    case sheet
    /// Become full screen.
    case fullScreen
}

/// `.navigationTransition(_:)` on sheet content (B38, B39, B45, B46).
public enum SheetTransition: Hashable, Sendable, CustomStringConvertible {
    /// Slides up from the bottom edge.
    case standard
    /// Zooms out of the view or toolbar item marked `matchedTransitionSource` with this id (18+).
    case zoom(source: String)
    /// Fades in over the content (27).
    case crossFade

    public var description: String {
        switch self {
        case .standard: return "standard"
        case .zoom(let source): return "zoom from \(source)"
        case .crossFade: return "cross-fade"
        }
    }
}

extension SheetTransition: Codable {
    /// `standard`, `crossFade` or `zoom:<source id>`.
    public var code: String {
        switch self {
        case .standard: return "standard"
        case .crossFade: return "crossFade"
        case .zoom(let source): return "zoom:\(source)"
        }
    }

    public init?(code: String) {
        switch code {
        case "standard": self = .standard
        case "crossFade": self = .crossFade
        case _ where code.hasPrefix("zoom:"): self = .zoom(source: String(code.dropFirst(5)))
        default: return nil
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(code)
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        let code = try c.decode(String.self)
        guard let t = SheetTransition(code: code) else {
            throw DecodingError.dataCorruptedError(
                in: c, debugDescription: "expected standard, crossFade or zoom:<id>, got \(code)")
        }
        self = t
    }
}

/// `.presentationPlacement(_:)` (iOS 27): where a sheet sits (B44).
public enum PresentationPlacement: String, Sendable, Hashable, Codable, CaseIterable {
    case automatic, center, leading, trailing
}

/// Where a sheet is drawn on iOS 26 (B36, B37).
public enum SheetPlacement: String, Sendable, Hashable, Codable {
    /// Inset from the screen's edges, with a glass background (below full height).
    case inset
    /// Attached to the screen's edges, opaque (at or near full height).
    case edgeAttached
}

/// A rectangle in points, origin at the top left of the screen.
public struct Frame: Sendable, Hashable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// `(0, 62, 402, 812)`.
    public var description: String {
        "(\([x, y, width, height].map { Value.format(points: $0) }.joined(separator: ", ")))"
    }
}

/// A view marked `.matchedTransitionSource(id:in:)`, on itself or on a toolbar item (B38).
public struct TransitionSource: Hashable, Sendable {
    /// The id a zoom transition names.
    public var id: String
    /// Whether it marks a toolbar item (`ToolbarContent.matchedTransitionSource`, 26+) rather than the view.
    public var toolbarItem: Bool
    /// A modifier the mark is applied after, which hides the view from the zoom (B52).
    public var after: SourceWrapper?

    public init(_ id: String, toolbarItem: Bool = false, after: SourceWrapper? = nil) {
        self.id = id
        self.toolbarItem = toolbarItem
        self.after = after
    }
}

/// A modifier that, applied before `matchedTransitionSource`, leaves the zoom nothing to match (B52).
public enum SourceWrapper: String, Sendable, Hashable, CaseIterable {
    case drawingGroup, hoverEffect
}
