/// Where each event and time of a part sits on the x axis.
///
/// Time runs left to right at one scale (`pixelsPerMs`), with two
/// exceptions that keep a picture readable:
/// - **Instants.** Events of one millisecond that would draw on top of
///   each other (two marks in one row of a lane, two steps of one height
///   line) are spread over an *instant*: a stretch of the axis where time
///   stands still, wide enough for each event's label, marked on the axis.
/// - **Idle gaps.** A stretch longer than `idleThreshold` ms in which
///   nothing happens and no transition runs is drawn `idleWidth` px wide
///   and marked as compressed.
/// - **Stretches.** Marks in one row are kept `markSpacing` px apart even
///   when their times are closer, by pushing later events right; warnings
///   and errors keep their whole label clear of the next one in their row
///   the same way. Each push is a *stretch*: room where time stands still
///   just before a moment, drawn with an axis break, so that no length on
///   the axis reads as time it is not.
/// Instants and those pushes share a budget (`spreadBudget`), so a long,
/// busy run stays a picture: past it, an instant only makes room for its
/// marks and labels are shortened.
///
/// Several parts of a run share one layout (`groups`): one scale, and one
/// x for each time in every part; each part's events of one moment are
/// packed on their own, the moment as wide as the widest part needs.
///
/// Invariants: x never decreases along the events of the part; every
/// instant, stretch and idle gap lies between `x0` and `x0 + width`; between
/// two key times the axis is `scale` px a millisecond, or an idle gap,
/// plus the stretch before the later one (`unmarkedStretches` is empty).
struct TimeLayout {
    /// A row of one lane that marks or labels occupy: lane index and row.
    struct Row: Hashable {
        var lane: Int
        var row: Int
    }

    /// What an event needs on the axis: the rows it draws in, each with the
    /// width its mark and label take to the right of its x.
    struct Need {
        var row: Row
        var width: Double
        /// Whether two of these in one row at one time call for an instant.
        var spreads: Bool
        /// Whether the next mark of the row keeps clear of the whole label
        /// even at a later time (warnings and errors are always named).
        var keepsLabel = false
        /// The least distance to the next mark of the row (its shape's width and a gap).
        var spacing = TimeLayout.markSpacing
    }

    struct Instant {
        var time: Int
        var x0: Double
        var x1: Double
        var events: Int
    }

    /// Room made just before the moment `time` (a push): time stands still there.
    struct Stretch {
        var time: Int
        var x0: Double
        var x1: Double
    }

    struct Idle {
        var from: Int
        var to: Int
        var x0: Double
        var x1: Double
    }

    static let pixelsPerMs = 0.45
    static let minimumScale = 0.04
    static let minWidth = 720.0
    static let maxWidth = 2400.0
    static let idleThreshold = 1000
    static let idleWidth = 56.0
    static let markSpacing = 12.0
    /// The most width instants and pushed warnings may add to a picture
    /// beyond its time drawn to scale, so that a long, busy run stays a
    /// picture (about three screens); past it, events of one moment sit
    /// side by side and labels are shortened.
    static let spreadBudget = 6000.0
    /// The least room between two events of an instant, and at its edges.
    static let instantStep = 10.0
    static let instantPadding = 12.0
    /// Room after the last moment, so that what happens then is not on the edge.
    static let endPadding = 16.0

    /// Left edge of the plot and its width in pixels.
    let x0: Double
    private(set) var width = 0.0
    /// Pixels per millisecond of the linear stretches.
    private(set) var scale = pixelsPerMs
    private(set) var instants: [Instant] = []
    private(set) var stretches: [Stretch] = []
    private(set) var idle: [Idle] = []
    /// The x of each event, by index.
    private(set) var eventX: [Double] = []
    /// Key times in order with the x where each starts and ends (an
    /// instant's time spans its width).
    private var keys: [(time: Int, start: Double, end: Double)] = []
    /// Whether the gap after each key is compressed.
    private var compressed: [Bool] = []

    /// - Parameters:
    ///   - times: each event's time, in order (never decreasing).
    ///   - needs: what each event needs, by index.
    ///   - extraTimes: times that must have a place though no event is there
    ///     (0, the end, the ends of running transitions).
    ///   - busy: intervals during which a transition runs: never compressed.
    ///   - x0: where the plot starts.
    ///   - groups: the part each event belongs to, when several parts share
    ///     the layout (nil: one part): an instant packs each part's events on
    ///     their own.
    init(
        times: [Int], needs: [[Need]], extraTimes: [Int], busy: [ClosedRange<Int>], x0: Double,
        groups: [Int]? = nil
    ) {
        self.x0 = x0
        var moments: [(time: Int, events: [Int])] = []
        for (i, t) in times.enumerated() {
            if moments.last?.time == t { moments[moments.count - 1].events.append(i) } else { moments.append((t, [i])) }
        }
        var keyTimes = Set(moments.map(\.time)).union(extraTimes).union([0]).sorted()
        if keyTimes.count == 1 { keyTimes.append(keyTimes[0] + 1) }
        let byTime = Dictionary(uniqueKeysWithValues: moments.map { ($0.time, $0.events) })

        // Which gaps are idle, and how wide the instants are, decide the scale.
        compressed = zip(keyTimes, keyTimes.dropFirst()).map { a, b in
            b - a > Self.idleThreshold && !busy.contains { $0.lowerBound < b && $0.upperBound > a }
        }
        var linear = 0
        var fixed = 0.0
        for (i, pair) in zip(keyTimes, keyTimes.dropFirst()).enumerated() {
            if compressed[i] { fixed += Self.idleWidth } else { linear += pair.1 - pair.0 }
        }
        // Instants get room for every label while the budget lasts; past it
        // (a long, busy run) only room for their marks, labels shortened.
        var budget = Self.spreadBudget
        let plans: [(offsets: [Double], width: Double)?] = keyTimes.map { t in
            guard let events = byTime[t], Self.spreads(events, needs) else { return nil }
            let full = Self.packedByGroup(events, needs, groups: groups)
            if full.1 <= budget {
                budget -= full.1
                return full
            }
            let marksOnly = needs.map {
                $0.map { Need(row: $0.row, width: 0, spreads: $0.spreads, spacing: $0.spacing) }
            }
            return Self.packedByGroup(events, marksOnly, groups: groups, step: 0, padding: 0)
        }
        for plan in plans { fixed += plan?.width ?? 0 }
        if linear > 0 {
            var s = Self.pixelsPerMs
            if Double(linear) * s + fixed < Self.minWidth { s = (Self.minWidth - fixed) / Double(linear) }
            if Double(linear) * s + fixed > Self.maxWidth {
                s = max(Self.minimumScale, (Self.maxWidth - fixed) / Double(linear))
            }
            scale = min(s, 4)
        }

        // Place the keys and the events, left to right.
        eventX = Array(repeating: x0, count: times.count)
        var x = x0
        var markFree: [Row: Double] = [:]
        var labelFree: [Row: Double] = [:]
        for (k, t) in keyTimes.enumerated() {
            if k > 0 {
                let gap = compressed[k - 1] ? Self.idleWidth : Double(t - keyTimes[k - 1]) * scale
                if compressed[k - 1] {
                    idle.append(Idle(from: keyTimes[k - 1], to: t, x0: x, x1: x + gap))
                }
                x += gap
            }
            guard let events = byTime[t] else {
                keys.append((t, x, x))
                continue
            }
            // Marks in one row stay apart, and warnings' names whole while
            // the budget lasts: push the whole moment right if need be.
            let natural = x
            var wanted = x
            for i in events {
                for need in needs[i] {
                    x = max(x, markFree[need.row] ?? x)
                    wanted = max(wanted, labelFree[need.row] ?? wanted)
                }
            }
            let push = min(max(0, wanted - x), budget)
            x += push
            budget -= push
            if x - natural > 0.05 { stretches.append(Stretch(time: t, x0: natural, x1: x)) }
            let start = x
            if let (offsets, w) = plans[k] {
                for (i, dx) in zip(events, offsets) { eventX[i] = start + dx }
                x = start + w
                instants.append(Instant(time: t, x0: start, x1: x, events: events.count))
            } else {
                for i in events { eventX[i] = start }
            }
            for i in events {
                for need in needs[i] {
                    markFree[need.row] = eventX[i] + need.spacing
                    if need.keepsLabel { labelFree[need.row] = eventX[i] + need.width + 6 + need.spacing }
                }
            }
            keys.append((t, start, x))
        }
        width = max(x - x0 + Self.endPadding, Self.minWidth)
    }

    /// Whether the events of one moment would draw on top of each other.
    static func spreads(_ events: [Int], _ needs: [[Need]]) -> Bool {
        var seen: Set<Row> = []
        for i in events {
            for need in needs[i] where need.spreads {
                if !seen.insert(need.row).inserted { return true }
            }
        }
        return false
    }

    /// `packed` for each group (part) of the events on its own, in the
    /// events' order: the instant is as wide as the widest group needs.
    static func packedByGroup(
        _ events: [Int], _ needs: [[Need]], groups: [Int]?, step: Double = instantStep,
        padding: Double = instantPadding
    ) -> ([Double], Double) {
        guard let groups else { return packed(events, needs, from: 0, step: step, padding: padding) }
        var order: [Int] = []
        var members: [Int: [Int]] = [:]
        for i in events {
            if members[groups[i]] == nil { order.append(groups[i]) }
            members[groups[i], default: []].append(i)
        }
        var offset: [Int: Double] = [:]
        var width = 0.0
        for g in order {
            let list = members[g]!
            let (offsets, w) = packed(list, needs, from: 0, step: step, padding: padding)
            for (i, dx) in zip(list, offsets) { offset[i] = dx }
            width = max(width, w)
        }
        return (events.map { offset[$0] ?? 0 }, width)
    }

    /// Offsets of the events of an instant from its start, and its width:
    /// each event at least `instantStep` after the one before, and after
    /// the labels already in the rows it draws in.
    /// - Parameters:
    ///   - step: the least room between two events (0: only what their marks need).
    ///   - padding: room after the last event.
    static func packed(
        _ events: [Int], _ needs: [[Need]], from start: Double, step: Double = instantStep,
        padding: Double = instantPadding
    ) -> ([Double], Double) {
        var free: [Row: Double] = [:]
        var offsets: [Double] = []
        var x = start + (step > 0 ? 4 : 0)
        var last = start
        for (n, i) in events.enumerated() {
            if n > 0 { x = last + step }
            for need in needs[i] { x = max(x, free[need.row] ?? x) }
            for need in needs[i] { free[need.row] = x + need.width + need.spacing }
            offsets.append(x - start)
            last = x
        }
        let end = max(last + padding, free.values.max() ?? last)
        return (offsets, end - start)
    }

    /// The x of a position: an event's own, or where a time's moment ends.
    func x(_ position: TimelineModel.Position) -> Double {
        switch position {
        case .event(let i): return eventX[i]
        case .time(let t): return x(endOf: t)
        }
    }

    /// Where the moment `t` ends (after an instant's events); between two
    /// keys, in proportion, or, in a compressed gap, at its start.
    func x(endOf t: Int) -> Double {
        guard let k = key(atOrBefore: t) else { return x0 }
        if keys[k].time == t || k + 1 == keys.count { return keys[k].end }
        if compressed[k] { return keys[k].end }
        return keys[k].end + Double(t - keys[k].time) * scale
    }

    /// Where a tick for time `t` goes: the start of its moment, or nil when
    /// `t` falls inside a compressed gap or past the last key.
    func tickX(_ t: Int) -> Double? {
        guard let k = key(atOrBefore: t) else { return nil }
        if keys[k].time == t { return keys[k].start }
        guard k + 1 < keys.count, !compressed[k] else { return nil }
        return keys[k].end + Double(t - keys[k].time) * scale
    }

    /// The index of the last key at or before `t` (keys are in time order).
    private func key(atOrBefore t: Int) -> Int? {
        var low = 0
        var high = keys.count
        while low < high {
            let mid = (low + high) / 2
            if keys[mid].time <= t { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : low - 1
    }

    /// The last time shown.
    var lastTime: Int { keys.last?.time ?? 0 }

    /// The stretches of the axis between two key times that nothing marks:
    /// where the room between them is not `scale` px a millisecond (or an
    /// idle gap's width) plus a stretch marked before the later one. Empty
    /// by construction; tests check it.
    var unmarkedStretches: [(from: Int, to: Int, extra: Double)] {
        var out: [(Int, Int, Double)] = []
        for k in keys.indices.dropFirst() {
            let (a, b) = (keys[k - 1], keys[k])
            let expected = compressed[k - 1] ? Self.idleWidth : Double(b.time - a.time) * scale
            let marked = stretches.filter { $0.time == b.time }.reduce(0) { $0 + $1.x1 - $1.x0 }
            let extra = b.start - a.end - expected - marked
            if abs(extra) > 0.01 { out.append((a.time, b.time, extra)) }
        }
        return out
    }

    /// The same layout seen from one part of several sharing it: `indices`
    /// are the part's events' indices in the shared layout, in order.
    func restricted(to indices: [Int]) -> TimeLayout {
        var copy = self
        copy.eventX = indices.map { eventX[$0] }
        return copy
    }

    /// Where key time `t` begins, if it is one (the same x in every part of a shared layout).
    func keyX(_ t: Int) -> Double? {
        guard let k = key(atOrBefore: t), keys[k].time == t else { return nil }
        return keys[k].start
    }

    /// Tick spacing in ms: 1, 2 or 5 times a power of ten, about 80 px apart at `scale`.
    var step: Int {
        let wanted = 80 / scale
        var magnitude = 1
        while true {
            for m in [1, 2, 5] where Double(m * magnitude) >= wanted { return m * magnitude }
            if magnitude > 1 << 50 { return magnitude }
            magnitude *= 10
        }
    }

    /// The most ticks a picture gets: past it the step grows tenfold, so
    /// a huge time span drawn to scale (a transition running for years)
    /// still draws a bounded axis.
    static let maximumTicks = 1000

    /// Tick times from 0 to the last time, `step` apart, with their x:
    /// only in stretches drawn to scale (none inside compressed gaps), so
    /// there are about as many as the plot has room for, and never more
    /// than `maximumTicks`.
    var ticks: [(time: Int, x: Double)] {
        let stretches = keys.indices.map { k in
            (from: keys[k].time, to: k + 1 < keys.count && !compressed[k] ? keys[k + 1].time - 1 : keys[k].time)
        }
        var step = step
        while Self.tickCount(stretches, step: step) > Self.maximumTicks {
            let (wider, overflow) = step.multipliedReportingOverflow(by: 10)
            if overflow { return [] }
            step = wider
        }
        var out: [(time: Int, x: Double)] = []
        for (from, to) in stretches where from <= to {
            let (first, overflow) = Self.ceilingDivision(from, step).multipliedReportingOverflow(by: step)
            guard !overflow else { continue }
            var t = first
            while t <= to {
                if let x = tickX(t) { out.append((t, x)) }
                let (next, past) = t.addingReportingOverflow(step)
                if past { break }
                t = next
            }
        }
        return out
    }

    /// How many multiples of `step` the stretches hold (a stretch's ends included).
    static func tickCount(_ stretches: [(from: Int, to: Int)], step: Int) -> Int {
        var count = 0
        for (from, to) in stretches where from <= to {
            let n = floorDivision(to, step) - ceilingDivision(from, step) + 1
            if n > 0 { count += n }
            if count > maximumTicks { return count }
        }
        return count
    }

    /// `a / b` rounded down and up, for `b > 0` (times may be negative in a picture built in Swift).
    static func floorDivision(_ a: Int, _ b: Int) -> Int { a >= 0 || a % b == 0 ? a / b : a / b - 1 }
    static func ceilingDivision(_ a: Int, _ b: Int) -> Int { a <= 0 || a % b == 0 ? a / b : a / b + 1 }
}
