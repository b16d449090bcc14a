/// Every expectation a run checked (`expect`, `expect_eq`, `expect_error`),
/// by where it stands and what it says, with how often it held and failed.
///
/// An expectation in a loop is one entry with its counts; one whose message
/// changes from one pass to the next is one entry per message.
/// `sheetlab run --profiles` compares tallies across profiles.
public struct ExpectationTally: Hashable, Sendable {
    /// An expectation: `file:line` of the call, when known, and its message.
    public struct Key: Hashable, Sendable {
        public var location: String?
        public var message: String

        public init(location: String?, message: String) {
            self.location = location
            self.message = message
        }
    }

    /// How often an expectation held and failed.
    public struct Counts: Hashable, Sendable {
        public var passed = 0
        public var failed = 0

        public init(passed: Int = 0, failed: Int = 0) {
            self.passed = passed
            self.failed = failed
        }
    }

    /// The expectations in the order each was first checked.
    public private(set) var keys: [Key] = []
    /// What each expectation gave.
    public private(set) var counts: [Key: Counts] = [:]
    /// How many expectations ran, counting every pass through a loop.
    public private(set) var total = 0

    public init() {}

    /// Records that the expectation `key` ran and held or failed.
    public mutating func record(_ key: Key, passed: Bool) {
        if counts[key] == nil { keys.append(key) }
        if passed { counts[key, default: Counts()].passed += 1 } else { counts[key, default: Counts()].failed += 1 }
        total += 1
    }
}
