import SheetEngine

/// What the HTML player draws for one part of a run, worked out from its
/// events alone: every presentation (sheet, cover, popover, form sheet)
/// with the frames the engine reported for it over time, and when it
/// presented and dismissed. The page moves the presentation between
/// these (`player.js`, `PlayerModel.curve`); the frames are the engine's.
///
/// Invariants: presentations are in the order they began presenting; in
/// each, `frames` is in time order and its first entry is at `start`;
/// `start <= presented <= dismissStart <= end` where they are set.
/// A `drag` or `release` reports a height but no frame: the sheet keeps
/// its bottom edge and takes that height.
struct PlayerModel {
    /// One presentation, from its `presenting` event to its `dismissed`
    /// (or `removed`) event, or to the end of the run.
    struct Presentation: Equatable {
        var presenter: String
        var modifier: String?
        var item: String?
        /// `sheet`, `formSheet`, `popover` or `fullScreen`, as the
        /// `presenting` event names it.
        var style: String
        /// `standard` (a slide from the bottom edge), `crossFade` (B45) or `zoom` (B38).
        var transition: String
        /// The view a zoom transition grows from (`zoom from photo`), for its label.
        var zoomSource: String?
        /// When it began presenting, and when that transition ends.
        var start: Int
        var presented: Int
        /// When its dismiss transition began and when it ended (or will end,
        /// past the end of the run); nil while it is up.
        var dismissStart: Int?
        var end: Int?
        /// Whether the dismiss transition animates (B06: only the top one of a group does).
        var dismissAnimated = true
        /// Where the engine draws it from each time on: `[time, x, y, width,
        /// height]` in points, with the placement (B36) and detent then.
        var frames: [Keyframe]
    }

    struct Keyframe: Equatable {
        var time: Int
        var frame: Frame
        var placement: String?
        var detent: String?
    }

    var presentations: [Presentation]
    /// `[time, orientation]` where the device turned (`rotate` events), in order.
    var rotations: [(time: Int, orientation: String)]

    /// The curve the page moves a presentation along over its transition:
    /// a cubic ease-out, `1 - (1 - p)^3` of the transition's progress `p`
    /// (the engine gives transitions a length, not a curve; this stands in
    /// for UIKit's spring, fast then settling). Documented in docs/player.md
    /// and written once more in player.js, which the browser test checks.
    static func curve(_ progress: Double) -> Double {
        let p = min(1, max(0, progress))
        return 1 - (1 - p) * (1 - p) * (1 - p)
    }

    init(events: some Sequence<Event>) {
        var presentations: [Presentation] = []
        var current: [String: Int] = [:]
        var rotations: [(Int, String)] = []
        for e in events {
            if e.kind == .rotate { rotations.append((e.time, e.detail)) }
            guard let presenter = e.presenter else { continue }
            switch e.kind {
            case .presenting:
                let (style, transition, source) = Self.transition(of: e)
                let end = e.transitionEnd ?? e.time
                let frames = e.geometry.map {
                    [Keyframe(time: e.time, frame: $0.frame, placement: $0.placement?.rawValue, detent: e.detent)]
                }
                current[presenter] = presentations.count
                presentations.append(
                    Presentation(
                        presenter: presenter, modifier: e.modifier, item: e.item, style: style,
                        transition: transition, zoomSource: source, start: e.time, presented: end,
                        frames: frames ?? []))
            case .dismissing:
                guard let i = current[presenter] else { continue }
                presentations[i].dismissStart = e.time
                presentations[i].end = e.transitionEnd ?? e.time
                presentations[i].dismissAnimated = e.animated ?? true
            case .dismissed, .removed:
                guard let i = current[presenter] else { continue }
                presentations[i].end = e.time
                if presentations[i].dismissStart == nil { presentations[i].dismissStart = e.time }
                current[presenter] = nil
            default:
                guard let i = current[presenter], presentations[i].end.map({ e.time < $0 }) ?? true else { continue }
                if e.kind == .presented { presentations[i].presented = e.time }
                if let g = e.geometry {
                    presentations[i].add(
                        Keyframe(time: e.time, frame: g.frame, placement: g.placement?.rawValue, detent: e.detent))
                } else if e.kind == .drag || e.kind == .release, let h = e.height, h.isFinite,
                    let last = presentations[i].frames.last
                {
                    // A drag and a release report a height, not a frame: the sheet keeps its bottom edge.
                    var f = last.frame
                    f.y = f.y + f.height - h
                    f.height = h
                    presentations[i].add(
                        Keyframe(time: e.time, frame: f, placement: last.placement, detent: last.detent))
                }
            }
        }
        self.presentations = presentations.filter { !$0.frames.isEmpty }
        self.rotations = rotations
    }

    /// The style, transition and zoom source a `presenting` event names:
    /// its detail is `sheet, ends at 500 ms` or `sheet, zoom from photo,
    /// ends at 500 ms`; its rule says which transition (B38/B39 zoom, B45
    /// cross-fade, B01 the standard slide).
    static func transition(of e: Event) -> (style: String, transition: String, source: String?) {
        let fields = e.detail.split(separator: ",").map { $0.trimmingSpaces }
        let style = fields.first.map(String.init) ?? "sheet"
        switch e.rule {
        case .b38?, .b39?:
            let source = fields.first { $0.hasPrefix("zoom from ") }.map { String($0.dropFirst("zoom from ".count)) }
            return (style, "zoom", source)
        case .b45?:
            return (style, "crossFade", nil)
        default:
            return (style, "standard", nil)
        }
    }
}

extension PlayerModel.Presentation {
    /// Adds a frame; one at the same time as the last replaces it (the engine's last word then counts).
    mutating func add(_ k: PlayerModel.Keyframe) {
        if let last = frames.last, last.time == k.time {
            frames[frames.count - 1] = k
        } else {
            frames.append(k)
        }
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
