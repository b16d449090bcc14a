/// Where a presentation is in its lifecycle (B01), with what only that phase
/// has: a running transition's remaining time, a dismissal asked for while
/// presenting, and how a dismissal ends.
///
/// Times are what is left of a transition, not clock readings, so two
/// presentations in the same situation at different times are equal.
enum Lifecycle: Hashable {
    /// The present transition runs for `left` more milliseconds; `then` is a
    /// dismissal asked for meanwhile, which starts once it is presented.
    case presenting(left: Int, then: Dismissal?)
    /// Fully on screen.
    case presented
    /// The dismiss transition runs for `left` more milliseconds (B02: the
    /// binding holds its value until it ends).
    case dismissing(left: Int, Dismissal)

    /// The phase as the outside sees it.
    @inline(__always) var phase: Phase {
        switch self {
        case .presenting: return .presenting
        case .presented: return .presented
        case .dismissing: return .dismissing
        }
    }

    /// Milliseconds left of the running transition, if one runs.
    @inline(__always) var left: Int? {
        switch self {
        case .presenting(let left, _), .dismissing(let left, _): return left
        case .presented: return nil
        }
    }

    /// Whether its dismissal animates (only the top one of a group does, B06); true when not dismissing.
    var animated: Bool {
        if case .dismissing(_, let d) = self { return d.animated }
        return true
    }

    @inline(__always) var isDismissing: Bool {
        if case .dismissing = self { return true }
        return false
    }

    /// The dismissal under way, or asked for while presenting.
    var dismissal: Dismissal? {
        switch self {
        case .presenting(_, let then): return then
        case .presented: return nil
        case .dismissing(_, let d): return d
        }
    }

    /// Moves to the same phase `ms` later (the caller makes sure no
    /// transition ends before). The payload moves out and back in, so a
    /// dismissal's values are not copied (a retain and release each).
    mutating func age(by ms: Int) {
        switch consume self {
        case .presenting(let left, let then): self = .presenting(left: left - ms, then: then)
        case .presented: self = .presented
        case .dismissing(let left, let d): self = .dismissing(left: left - ms, d)
        }
    }

    // The changes below move the payload out and back in, as `age(by:)`
    // does: a switch over a presentation's lifecycle in the world copied
    // the whole lifecycle first (issue 28).

    /// While presenting: the present transition runs `ms` from now.
    mutating func restartPresenting(lasting ms: Int) {
        switch consume self {
        case .presenting(_, let then): self = .presenting(left: ms, then: then)
        case let other: self = other
        }
    }

    /// While presenting: a dismissal asked for, which starts once presented;
    /// a replacement asked for earlier still follows unless `replacement` is given.
    mutating func askDismissal(cause: DismissCause, replacement: HeldRequest?) {
        switch consume self {
        case .presenting(let left, let then):
            self = .presenting(left: left, then: Dismissal(cause: cause, replacement: replacement ?? then?.replacement))
        case let other: self = other
        }
    }

    /// Ends the present transition: the lifecycle becomes `.presented`, and
    /// the dismissal asked for meanwhile, if any, is handed out.
    mutating func finishPresenting() -> Dismissal? {
        switch consume self {
        case .presenting(_, let then):
            self = .presented
            return then
        case let other:
            self = other
            return nil
        }
    }
}

/// How a dismissal goes and what it leaves behind.
struct Dismissal: Hashable {
    var cause: DismissCause
    /// Only the top presentation of a group dismissed together animates (B06).
    var animated = true
    /// The request to present once this presentation is gone (B04).
    var replacement: HeldRequest?
    /// A request made while dismissing, which the write-back will overwrite (B03).
    var lostRequest: Value?
}
