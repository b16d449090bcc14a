import SheetCheck

/// The fuzzers' source of randomness: SplitMix64 with the helpers they
/// need. Every run is reproducible from its seed; case `n` of a run has a
/// seed of its own, so one case can be replayed without the ones before it.
public struct FuzzRandom: RandomNumberGenerator {
    var generator: SplitMix64

    /// - Parameter seed: the seed; the same seed gives the same numbers.
    public init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    /// The seed of case `index` of a run seeded with `seed`.
    public static func caseSeed(_ seed: UInt64, _ index: Int) -> UInt64 {
        var mixer = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
        return mixer.next()
    }

    public mutating func next() -> UInt64 { generator.next() }

    /// A number in `0..<bound` (0 when the bound is not positive).
    public mutating func below(_ bound: Int) -> Int {
        bound > 0 ? Int(next() % UInt64(bound)) : 0
    }

    /// A number in the range.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < p
    }

    /// One element (the array must not be empty).
    public mutating func pick<T>(_ choices: [T]) -> T {
        choices[below(choices.count)]
    }
}
