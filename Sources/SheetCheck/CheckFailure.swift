/// Why a check, or one of its properties, could not be run to its end:
/// what a person needs to fix it, not a verdict on the policy.
public enum CheckFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// A worker's host could not be made (for `sheetlab check`, a session
    /// with the policies and the set-up loaded again): what went wrong.
    case workerUnavailable(reason: String)
    /// Replaying the path to a state that moved to another worker did not
    /// reach the same state: the app or a policy does not give the same
    /// result for the same steps.
    case replayDiverged(steps: [CheckAction])
    /// A property reads more atoms than the product search labels steps with.
    case tooManyAtoms(count: Int, limit: Int)
    /// A state predicate of a property failed (a Lua error, say).
    case predicateFailed(predicate: String, reason: String)
    /// The formula of an `each` (or `leads_to` with a function) could not be
    /// made for one event: the event, and what went wrong.
    case instanceFailed(event: String, reason: String)

    public var description: String {
        switch self {
        case .workerUnavailable(let reason):
            return "cannot make a worker's session: \(reason)"
        case .replayDiverged:
            return
                "internal error: replaying a path did not reach the same state (is the app or a policy nondeterministic?)"
        case .tooManyAtoms(let count, let limit):
            return "a property may read at most \(limit) atoms; this one reads \(count)"
        case .predicateFailed(let predicate, let reason):
            return "\(predicate): the state predicate failed: \(reason)"
        case .instanceFailed(let event, let reason):
            return "making the property for \(event) failed: \(reason)"
        }
    }
}
