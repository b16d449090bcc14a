/// A small reproducible random number generator (SplitMix64, Steele, Lea
/// and Flood, "Fast splittable pseudorandom number generators", 2014): the
/// checker's random mode and the fuzzers draw from it, and a seed gives the
/// same numbers on every platform and run.
public struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    /// A generator that always gives the same numbers for the same seed.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
