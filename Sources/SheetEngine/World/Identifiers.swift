/// A view's row in the world's view table (`ViewTable`). Valid while the
/// view lives; a removed view's row may be given to a view added later, so
/// code that runs later (a deferred step) keeps names, not rows.
struct ViewRef: Hashable, Comparable {
    var index: Int

    static func < (a: ViewRef, b: ViewRef) -> Bool { a.index < b.index }
}

/// A presentation modifier: the view it is declared on and its position
/// among that view's modifiers, from 0.
struct ModifierRef: Hashable, Comparable {
    var view: ViewRef
    var index: Int

    static func < (a: ModifierRef, b: ModifierRef) -> Bool {
        a.view == b.view ? a.index < b.index : a.view < b.view
    }
}

/// A state slot: a view and the slot's position in the view's declaration.
struct SlotRef: Hashable {
    var view: ViewRef
    var index: Int
}

/// Which presenter (UIKit: view controller) a view belongs to: the root
/// window, or the content of the presentation a modifier shows. A presenter
/// shows at most one presentation at a time (B05), so presentations form a
/// stack, and a modifier shows at most one presentation, which it names.
enum Host: Hashable {
    case root
    case presentation(ModifierRef)
}
