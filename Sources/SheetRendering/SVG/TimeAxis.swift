/// Maps virtual milliseconds to x positions and picks round tick values.
///
/// The plot is `pixelsPerMs` wide per millisecond, chosen so that a short
/// run is not squashed (at least `minWidth`) and a long one does not become
/// a mile-long picture (at most `maxWidth`).
struct TimeAxis {
    /// Last time shown, in ms (at least 1).
    let end: Int
    /// Left edge of the plot in pixels.
    let x0: Double
    /// Width of the plot in pixels.
    let width: Double

    static let pixelsPerMs = 0.45
    static let minWidth = 720.0
    static let maxWidth = 2400.0

    init(end: Int, x0: Double) {
        // Clamped so that tick arithmetic cannot overflow (10^12 ms is 31 years).
        self.end = min(max(end, 1), 1_000_000_000_000)
        self.x0 = x0
        self.width = min(Self.maxWidth, max(Self.minWidth, Double(self.end) * Self.pixelsPerMs))
    }

    /// The x position of a time.
    func x(_ time: Int) -> Double {
        x0 + Double(min(max(time, 0), end)) / Double(end) * width
    }

    /// Tick spacing in ms: 1, 2 or 5 times a power of ten, at least ~80 px apart.
    var step: Int {
        let wanted = Double(end) * 80 / width
        var magnitude = 1
        while true {
            for m in [1, 2, 5] where Double(m * magnitude) >= wanted { return m * magnitude }
            magnitude *= 10
        }
    }

    /// Tick times from 0 to `end`, `step` apart.
    var ticks: [Int] { Array(stride(from: 0, through: end, by: step)) }
}
