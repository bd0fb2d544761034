/// splitmix64 with the few helpers seeded fuzz tests need, so every suite draws the same
/// reproducible cases from a seed.
public struct FuzzRandom: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(state: UInt64) { self.state = state }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in `0..<n` (n > 0).
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// A uniform number in `0..<1` with 53 random bits.
    public mutating func unit() -> Double { Double(next() >> 11) / 9_007_199_254_740_992 }

    /// One of `values` (not empty).
    public mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}
