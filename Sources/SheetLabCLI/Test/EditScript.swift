/// Myers' O(ND) difference algorithm in linear space (E. W. Myers, "An
/// O(ND) Difference Algorithm and Its Variations", 1986, section 4b): the
/// lines two sequences keep in a shortest edit script.
///
/// Each call trims the common start and end, then searches for a shortest
/// path forward from the start and backward from the end at once, one more
/// change each round, until the two furthest reaches meet on a diagonal.
/// The point where they meet lies on a shortest path (on a diagonal, the
/// points reachable with d changes are all those up to the furthest), so
/// the part before it and the part after it, each with fewer changes, are
/// solved the same way. Time is O((N+M)·D) for N and M lines and D
/// changes; memory O(N+M): two arrays of furthest reaches, shared by every
/// call. Each diagonal tried and each pair of equal lines passed is a
/// step; past the budget the search gives up.
struct EditScript {
    /// Invariant: `forward` and `backward` hold `2 * ((N+M+1)/2) + 3`
    /// entries for the whole problem, enough for any part; a search sets
    /// its own range to -1 (not reached) before it reads it.
    private var forward: [Int]
    private var backward: [Int]
    private let a: [Int]
    private let b: [Int]
    private var steps = 0
    private let maximumSteps: Int
    /// The matched pairs `(i, j)`, `a[i] == b[j]`, increasing in both.
    private var matches: [(Int, Int)] = []

    /// The pairs of positions that stay, increasing in both; nil when the
    /// search takes more than `maximumSteps`.
    static func matches(_ a: [Int], _ b: [Int], maximumSteps: Int) -> [(Int, Int)]? {
        var search = EditScript(a: a, b: b, maximumSteps: maximumSteps)
        guard search.solve(0, a.count, 0, b.count) else { return nil }
        return search.matches
    }

    /// The steps a search of `a` against `b` takes (what the budget counts).
    static func steps(_ a: [Int], _ b: [Int]) -> Int {
        var search = EditScript(a: a, b: b, maximumSteps: .max)
        _ = search.solve(0, a.count, 0, b.count)
        return search.steps
    }

    private init(a: [Int], b: [Int], maximumSteps: Int) {
        self.a = a
        self.b = b
        self.maximumSteps = maximumSteps
        let size = 2 * ((a.count + b.count + 1) / 2) + 3
        forward = [Int](repeating: -1, count: size)
        backward = [Int](repeating: -1, count: size)
    }

    /// Matches `a[aLow..<aHigh]` against `b[bLow..<bHigh]`, appending in order.
    /// - Returns: false when the budget ran out.
    private mutating func solve(_ aLow: Int, _ aHigh: Int, _ bLow: Int, _ bHigh: Int) -> Bool {
        var aLow = aLow, bLow = bLow, aHigh = aHigh, bHigh = bHigh
        while aLow < aHigh, bLow < bHigh, a[aLow] == b[bLow] {
            matches.append((aLow, bLow))
            aLow += 1
            bLow += 1
        }
        var suffix = 0
        while aLow < aHigh, bLow < bHigh, a[aHigh - 1] == b[bHigh - 1] {
            aHigh -= 1
            bHigh -= 1
            suffix += 1
        }
        // Both parts non-empty after trimming: at least two changes, so the
        // meeting point leaves two parts with fewer.
        if aLow < aHigh, bLow < bHigh {
            guard let split = meetingPoint(aLow, aHigh, bLow, bHigh) else { return false }
            if let (x, y) = split {
                guard solve(aLow, x, bLow, y), solve(x, aHigh, y, bHigh) else { return false }
            }
        }
        for n in 0..<suffix { matches.append((aHigh + n, bHigh + n)) }
        return true
    }

    /// Where the forward and backward searches of a part meet, in absolute
    /// positions; `.some(nil)` when they do not (not reached: nothing is
    /// kept then); nil when the budget ran out.
    private mutating func meetingPoint(_ aLow: Int, _ aHigh: Int, _ bLow: Int, _ bHigh: Int)
        -> (Int, Int)??
    {
        let a = self.a, b = self.b  // shared, not copied: the snakes' comparisons read them while `steps` counts
        let n = aHigh - aLow
        let m = bHigh - bLow
        let delta = n - m
        let odd = delta & 1 != 0
        let limit = (n + m + 1) / 2
        let offset = limit + 1
        let size = 2 * limit + 3
        for i in 0..<size {
            forward[i] = -1
            backward[i] = -1
        }
        forward[offset + 1] = 0
        backward[offset + 1] = 0
        // Diagonals that ran off the part's right or bottom edge are skipped from then on.
        var forwardStart = 0, forwardEnd = 0, backwardStart = 0, backwardEnd = 0
        for d in 0...limit {
            steps += max(0, (2 * d - forwardStart - forwardEnd) / 2 + 1)
            if steps > maximumSteps { return nil }
            // Forward: the furthest reach with d changes on diagonal k = x - y.
            for k in stride(from: -d + forwardStart, through: d - forwardEnd, by: 2) {
                let from = Self.start(forward, offset + k, k: k, d: d)
                let x = from + slide(from, from - k, n, m) { a[aLow + $0] == b[bLow + $1] }
                let y = x - k
                forward[offset + k] = x
                if x > n {
                    forwardEnd += 2
                } else if y > m {
                    forwardStart += 2
                } else if odd {
                    // The backward diagonal over the same points: c = delta - k.
                    let c = offset + delta - k
                    if c >= 0, c < size, backward[c] != -1, x >= n - backward[c] {
                        return .some((aLow + x, bLow + y))
                    }
                }
            }
            steps += max(0, (2 * d - backwardStart - backwardEnd) / 2 + 1)
            if steps > maximumSteps { return nil }
            // Backward: the same from the ends, x and y counted from them.
            for c in stride(from: -d + backwardStart, through: d - backwardEnd, by: 2) {
                let from = Self.start(backward, offset + c, k: c, d: d)
                let x = from + slide(from, from - c, n, m) { a[aHigh - 1 - $0] == b[bHigh - 1 - $1] }
                let y = x - c
                backward[offset + c] = x
                if x > n {
                    backwardEnd += 2
                } else if y > m {
                    backwardStart += 2
                } else if !odd {
                    let k = offset + delta - c
                    if k >= 0, k < size, forward[k] != -1 {
                        let forwardX = forward[k]
                        let forwardY = forwardX - (k - offset)
                        if forwardX >= n - x { return .some((aLow + forwardX, bLow + forwardY)) }
                    }
                }
            }
        }
        return .some(nil)
    }

    /// Where a d-change path on diagonal `k` starts before it follows
    /// equal lines: from the neighbour diagonal that reached further (one
    /// line removed from the one below, one added from the one above).
    /// `i` is `k`'s index in `reaches`.
    private static func start(_ reaches: [Int], _ i: Int, k: Int, d: Int) -> Int {
        k == -d || (k != d && reaches[i - 1] < reaches[i + 1]) ? reaches[i + 1] : reaches[i - 1] + 1
    }

    /// How many equal lines follow `(x, y)` in an `n` by `m` part (a
    /// snake), counted as steps.
    private mutating func slide(_ x: Int, _ y: Int, _ n: Int, _ m: Int, equal: (Int, Int) -> Bool) -> Int {
        var length = 0
        while x + length < n, y + length < m, equal(x + length, y + length) { length += 1 }
        steps += length
        return length
    }
}
