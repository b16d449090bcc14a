/// The world split into parts, for a partial-order reduction
/// (`sheetlab check`'s sleep sets, docs/check.md): what a step wrote is
/// the parts whose hashes differ before and after it; what it may read
/// is told by `stepsMayReadEverything`.
///
/// Parts, by number: 0 the orientation, 1 the modal stack, 2 the held
/// requests, 3 the reopen windows (B34), 4 the oscillation guard's counts
/// (P05), 5 the roots and the view table's shape, 6 whether the app is
/// over its memory limit, then one per row of the view table
/// (`firstViewPart + row`), the view with its state. Every compared field
/// of the world is in one part, so two worlds with equal parts are equal.
/// (The held bytes themselves are not compared: they grow with every event.)
public enum WorldPart {
    /// The oscillation guard's counts, which every user action clears first.
    public static let guardCounts = 4
    /// The number of the first view row's part.
    public static let firstViewPart = 7
}

extension SheetApp.Snapshot {
    /// One hash per part of the world (`WorldPart`), in part order.
    public func partHashes() -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(WorldPart.firstViewPart + world.views.rows.count)
        out.append(world.orientation.hashValue)
        out.append(world.stack.hashValue)
        out.append(world.held.hashValue)
        out.append(world.reopenWindows.hashValue)
        out.append(world.presentationsWithoutInput.hashValue)
        var shape = Hasher()
        shape.combine(world.roots)
        shape.combine(world.views.rows.count)
        out.append(shape.finalize())
        out.append(overMemory.hashValue)
        for row in world.views.rows { out.append(row.hashValue) }
        return out
    }
}

extension SheetApp {
    /// Whether the oscillation guard counts nothing (P05): so after every
    /// user action that presented nothing on its own.
    public var guardCountsAreEmpty: Bool { world.presentationsWithoutInput.isEmpty }

    /// The view table row of a binding's view, if the view lives.
    public func viewRow(of binding: StateRef) -> Int? { world.views.ref(named: binding.view)?.index }

    /// Whether some code of the app may read any part of the world: then
    /// every step may, and `sheetlab check` takes no footprints.
    ///
    /// When it is false, a write to a binding (a button) reads and writes
    /// only its own view's row and the parts outside the view table: no view
    /// has content other than a fixed text, onDismiss or onChange code,
    /// children, a parent, environment objects or values, observable models
    /// (B15, whose properties several views share) or a modifier bound to
    /// another view's slot. Then a write changes its own slot, decides on
    /// its own view's modifiers (they alone are bound to it) from the stack,
    /// the held requests, the guard and the orientation, and re-evaluates
    /// its own view only. Policies may take part: a hook reads only its
    /// context, which is made of those same parts and the write's own
    /// modifier, under what exploring assumes of every policy already (it
    /// keeps no state between calls and does not read the clock;
    /// docs/check.md); what its answer writes elsewhere (a dismissal's
    /// `writes`) is in what the step changed, which is measured.
    ///
    /// It holds from the set-up on (no step adds a view with code), so an
    /// explorer asks it once.
    public var stepsMayReadEverything: Bool {
        for row in world.views.rows where !row.isFree {
            let d = row.declaration
            if d.observes || row.parent != nil || !row.children.isEmpty || !d.environmentObjects.isEmpty
                || !d.environmentValues.isEmpty || d.observableType.contains(where: { $0 != nil })
            {
                return true
            }
            for m in d.modifiers
            where (m.content != nil && !m.contentIsFixed) || m.onDismiss != nil || m.trigger.binding.view != d.name {
                return true
            }
        }
        return world.stack.contains { !$0.contentViews.isEmpty }
    }
}
