/// The CRC-32 that PNG chunks carry (ISO 3309 / ITU-T V.42: reflected polynomial 0xEDB88320,
/// register preset to all ones, result complemented).
///
/// Table driven: one table look-up per byte.
struct CRC32: Sendable {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 {
            c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1
        }
        return c
    }

    private var register: UInt32 = 0xFFFF_FFFF

    init() {}

    /// Feeds `bytes` into the running checksum.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var c = register
        CRC32.table.withUnsafeBufferPointer { t in
            for byte in bytes {
                c = t[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8)
            }
        }
        register = c
    }

    mutating func update(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { update($0) }
    }

    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The checksum of everything fed so far.
    var value: UInt32 { register ^ 0xFFFF_FFFF }

    /// The checksum of `bytes`.
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }
}
