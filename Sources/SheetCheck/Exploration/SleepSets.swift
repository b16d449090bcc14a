import SheetEngine

/// A step's footprint at the state it was taken from, for sleep sets
/// (docs/check.md, "Sleep sets"): the parts of the world it changed
/// (`WorldPart`, measured by comparing part hashes), the parts it may read
/// or write (by kind of step: a write to a binding of an app whose views
/// run no code reads its own view's row and the parts outside the view
/// table; any other step, or any step of an app whose views run code, may
/// read every part), and whether its events are ones an event invariant
/// looks at.
struct StepFootprint {
    var action: CheckAction
    /// The parts whose hashes differ before and after the step, ascending.
    var written: [Int]
    /// The one view row it may read, nil when it may read every part.
    var ownRow: Int?
    /// Whether it produced an event some event invariant in use reads.
    var watched: Bool
    /// A user write that left the oscillation guard counting nothing. Every
    /// user action clears the counts before it does anything else, so two
    /// such writes neither read the counts nor leave them different: the
    /// guard's part is no conflict between them.
    var clearsGuard: Bool

    /// The footprint of `action`, taken from a state with part hashes
    /// `before` and reaching one with part hashes `after`.
    init(action: CheckAction, from before: [Int], to after: [Int], ownRow: Int?, guardEmpty: Bool, watched: Bool) {
        self.action = action
        written = Self.changed(before, after)
        self.ownRow = ownRow
        self.watched = watched
        clearsGuard = ownRow != nil && guardEmpty
    }

    /// Whether the step may read (or write) a part.
    func mayRead(_ part: Int) -> Bool {
        guard let ownRow else { return true }
        return part < WorldPart.firstViewPart || part == WorldPart.firstViewPart + ownRow
    }

    /// Whether two steps taken from the same state are independent there:
    /// neither changed a part the other may read, and neither produced an
    /// event an event invariant reads. Steps are deterministic functions of
    /// the parts they read (the clock only stamps events), so each does the
    /// same after the other as before it: both orders reach the same world,
    /// and neither disables the other.
    func isIndependent(of other: StepFootprint) -> Bool {
        guard !watched, !other.watched else { return false }
        let bothClear = clearsGuard && other.clearsGuard
        func conflicts(_ part: Int, _ reader: StepFootprint) -> Bool {
            reader.mayRead(part) && !(bothClear && part == WorldPart.guardCounts)
        }
        return !written.contains { conflicts($0, other) } && !other.written.contains { conflicts($0, self) }
    }

    /// The parts that differ between two lists of part hashes.
    static func changed(_ before: [Int], _ after: [Int]) -> [Int] {
        var out: [Int] = []
        for i in 0..<max(before.count, after.count) where i >= before.count || i >= after.count || before[i] != after[i]
        {
            out.append(i)
        }
        return out
    }
}

/// A state's sleep set: steps that need not be taken from it, because a
/// state it was reached from took them, independent of the step that led
/// here, so what they reach from here is reached the other way round at
/// the same depth.
///
/// One step deep, and met over every way in at the state's depth: a state
/// reached at depth d from p by step b sleeps on the steps p took before b
/// that are independent of b at p (not on p's own sleep set), and a state
/// reached several ways at its depth sleeps only on what every way lets it
/// sleep on. Ways in from later depths are not met (the state was expanded
/// already). With those two rules every state is reached at its breadth-
/// first depth, as without the reduction (docs/check.md gives the proof),
/// so the states, their count and the verdicts of state invariants stay
/// exact; steps whose events an event invariant reads are never slept on.
struct SleepSet: Sendable {
    private(set) var steps: [CheckAction]

    init(_ steps: [CheckAction] = []) { self.steps = steps }

    func contains(_ step: CheckAction) -> Bool { steps.contains(step) }

    /// What both ways in let the state sleep on.
    func meet(_ other: SleepSet) -> SleepSet { SleepSet(steps.filter { other.contains($0) }) }
}

extension Invariant {
    /// The event kinds it looks for, when it reads a step's events.
    var watchedKinds: Set<EventKind> {
        switch self {
        case .onePerPresenter, .bindingAgrees, .detentInRange: return []
        case .noOscillation: return [.oscillation]
        case .noRequestLost: return [.requestLost]
        case .noHookError: return [.policyError]
        }
    }
}
