/// The boxes everything in the picture occupies, kept as it is drawn, so
/// that optional labels can avoid each other and tests can check that no
/// two labels overlap and that nothing lies outside the canvas.
///
/// Text widths are estimated from the font size and the text's columns
/// (`TerminalWidth`: wide characters count two), generously, so that real
/// fonts (DejaVu Sans, Helvetica, system-ui) fit inside the estimate.
struct SVGLayout {
    /// A rectangle, top-left origin.
    struct Box: Equatable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double

        var maxX: Double { x + width }
        var maxY: Double { y + height }

        /// Whether the two share more than a hair (0.5 px) of area.
        func overlaps(_ other: Box) -> Bool {
            min(maxX, other.maxX) - max(x, other.x) > 0.5 && min(maxY, other.maxY) - max(y, other.y) > 0.5
        }
    }

    /// What a box holds.
    enum Kind: Equatable {
        /// Text, and what it says.
        case label(String)
        /// A mark: a circle, diamond or triangle (with a warning's number inside).
        case mark
        /// A bar, band, line or other shape.
        case shape
    }

    /// The style of a piece of text: its size and weight, for estimates.
    struct Font: Hashable {
        var size: Double
        var bold = false
        var mono = false

        /// Width per column, as a fraction of the size.
        var advance: Double { mono ? 0.62 : (bold ? 0.68 : 0.64) }

        /// The estimated width of `text` in pixels.
        func width(_ text: String) -> Double {
            Double(TerminalWidth.of(text)) * size * advance
        }
    }

    private(set) var items: [(box: Box, kind: Kind)] = []

    /// Every text box, in the order drawn.
    var labels: [(box: Box, text: String)] {
        items.compactMap { item in
            if case .label(let text) = item.kind { return (item.box, text) }
            return nil
        }
    }

    /// The box of text drawn at baseline `y`, anchored at `x` (start or middle).
    static func box(_ text: String, x: Double, y: Double, font: Font, middle: Bool = false) -> Box {
        let width = font.width(text)
        return Box(x: middle ? x - width / 2 : x, y: y - font.size * 0.82, width: width, height: font.size * 1.06)
    }

    mutating func record(_ box: Box, _ kind: Kind) {
        items.append((box, kind))
    }

    /// Every mark's box.
    var marks: [Box] { items.filter { $0.kind == .mark }.map(\.box) }

    /// Whether `box` is free of every label and mark drawn so far.
    func isFree(_ box: Box) -> Bool {
        !items.contains { item in item.kind != .shape && item.box.overlaps(box) }
    }
}
