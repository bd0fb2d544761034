import Foundation
import Testing
import CutoutTestSupport
@testable import CutoutText

/// Damaged and hostile font files end in a typed ``FontError``: never a crash, never a hang.
@Suite struct FontHostileInputTests {
    static func bytes(_ name: String) throws -> [UInt8] { [UInt8](try FontFixtures.data(name)) }

    static func u16(_ b: [UInt8], _ o: Int) -> Int { Int(b[o]) << 8 | Int(b[o + 1]) }
    static func u32(_ b: [UInt8], _ o: Int) -> Int { u16(b, o) << 16 | u16(b, o + 2) }
    static func put16(_ b: inout [UInt8], _ o: Int, _ v: Int) { b[o] = UInt8(v >> 8 & 0xFF); b[o + 1] = UInt8(v & 0xFF) }
    static func put32(_ b: inout [UInt8], _ o: Int, _ v: Int) { put16(&b, o, v >> 16 & 0xFFFF); put16(&b, o + 2, v & 0xFFFF) }

    /// The directory record (at its offset in the file) and table offset of `tag`.
    static func table(_ b: [UInt8], _ tag: String) throws -> (record: Int, offset: Int) {
        for k in 0..<u16(b, 4) {
            let r = 12 + 16 * k
            if String(decoding: b[r..<r + 4], as: UTF8.self) == tag { return (r, u32(b, r + 8)) }
        }
        throw FontError.missingTable(tag)
    }

    /// Loads, then decodes every outline and some kerning: what a renderer would do.
    static func exercise(_ b: [UInt8]) throws(FontError) {
        for font in try Font.fonts(in: Data(b)) { exercise(font) }
    }

    static func exercise(_ font: Font) {
        for g in 0..<font.glyphCount { _ = try? font.outline(of: GlyphID(g)) }
        for s in "AVATAR Привет שלום".unicodeScalars { _ = font.glyph(for: s) }
        for l in 0..<min(font.glyphCount, 24) { for r in 0..<min(font.glyphCount, 24) { _ = font.kerning(between: GlyphID(l), and: GlyphID(r)) } }
    }

    @Test(arguments: ["Subset.ttf", "SubsetCFF.otf", "Subset.ttc"])
    func truncatedFilesThrow(file: String) throws {
        let whole = try Self.bytes(file)
        var failures = 0
        for length in stride(from: 0, to: whole.count, by: 53) {
            do { try Self.exercise(Array(whole[0..<length])) } catch { failures += 1 }
        }
        // Every cut removes a table some member needs (they are laid out to the end of the file).
        #expect(failures == (whole.count + 52) / 53)
    }

    @Test func tableOffsetPastTheEnd() throws {
        var b = try Self.bytes("Subset.ttf")
        let glyf = try Self.table(b, "glyf")
        Self.put32(&b, glyf.record + 12, 0x7FFF_0000)
        #expect(throws: FontError.invalidTable("glyf", reason: "offset \(glyf.offset) + length \(0x7FFF_0000) is past the end of the file (\(b.count) bytes)")) {
            try Font(bytes: b, index: 0)
        }
    }

    @Test func cyclicCompositeIsAnError() throws {
        var b = try Self.bytes("Subset.ttf")
        let font = try Font(bytes: b, index: 0)
        let omicron = try #require(font.glyph(for: "ο"))
        let loca = try Self.table(b, "loca").offset, glyf = try Self.table(b, "glyf").offset
        let start = glyf + 2 * Self.u16(b, loca + 2 * Int(omicron))
        #expect(Int16(bitPattern: UInt16(Self.u16(b, start))) < 0, "omicron is a composite of o")
        Self.put16(&b, start + 12, Int(omicron)) // its one component: itself
        let cyclic = try Font(bytes: b, index: 0)
        #expect(throws: FontError.compositeTooDeep(glyph: Int(omicron))) { try cyclic.outline(of: omicron) }
        #expect(cyclic.path(for: omicron, size: 12).isEmpty)
        #expect(try !cyclic.outline(of: cyclic.glyph(for: "o")!).isEmpty, "other glyphs still draw")
    }

    @Test func componentOutOfRangeIsAnError() throws {
        var b = try Self.bytes("Subset.ttf")
        let font = try Font(bytes: b, index: 0)
        let omicron = try #require(font.glyph(for: "ο"))
        let loca = try Self.table(b, "loca").offset, glyf = try Self.table(b, "glyf").offset
        Self.put16(&b, glyf + 2 * Self.u16(b, loca + 2 * Int(omicron)) + 12, 60_000)
        #expect(throws: FontError.glyphOutOfRange(60_000)) { try Font(bytes: b, index: 0).outline(of: omicron) }
    }

    @Test func absurdCounts() throws {
        let original = try Self.bytes("Subset.ttf")
        var b = original
        Self.put16(&b, 4, 0xFFFF) // numTables
        #expect(throws: FontError.truncated(table: "file")) { try Font(bytes: b, index: 0) }

        b = original
        let maxp = try Self.table(b, "maxp").offset
        Self.put16(&b, maxp + 4, 0xFFFF) // numGlyphs: loca cannot hold that many offsets
        #expect(throws: FontError.truncated(table: "loca")) { try Font(bytes: b, index: 0) }

        b = original
        let cmap = try Self.table(b, "cmap").offset
        var patched = false
        for k in 0..<Self.u16(b, cmap + 2) {
            let sub = cmap + Self.u32(b, cmap + 4 + 8 * k + 4)
            if Self.u16(b, sub) == 4 { Self.put16(&b, sub + 6, 0xFFFE); patched = true } // segCountX2
        }
        #expect(patched)
        #expect(throws: FontError.truncated(table: "cmap")) { try Font(bytes: b, index: 0) }

        b = original
        let gpos = try Self.table(b, "GPOS").offset
        Self.put16(&b, gpos + Self.u16(b, gpos + 6), 0xFFFF) // feature count
        #expect(throws: FontError.invalidTable("GPOS", reason: "65535 features")) { try Font(bytes: b, index: 0) }

        var ttc = try Self.bytes("Subset.ttc")
        Self.put32(&ttc, 8, 0x7FFF_FFFF)
        #expect(throws: FontError.invalidTable("ttcf", reason: "2147483647 fonts")) { try Font.fonts(in: Data(ttc)) }
    }

    @Test func notAFont() {
        #expect(throws: FontError.notAFont) { try Font(data: Data("<svg/> is not a font, nor is this".utf8)) }
        #expect(throws: FontError.notAFont) { try Font(data: Data()) }
        #expect(throws: FontError.unreadable(path: "/nonexistent/font.ttf")) { try Font(contentsOf: URL(fileURLWithPath: "/nonexistent/font.ttf")) }
    }

    // MARK: Charstrings

    /// A CFF INDEX of the given items (offSize 2).
    static func index(_ items: [[UInt8]]) -> CFFIndex {
        var b: [UInt8] = [UInt8(items.count >> 8), UInt8(items.count & 0xFF), 2]
        var offset = 1
        b += [0, 1]
        for item in items { offset += item.count; b += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        for item in items { b += item }
        return try! CFFIndex(ByteReader(bytes: b, tag: "CFF "), at: 0)
    }

    static func run(_ code: [UInt8], global: [[UInt8]] = [], local: [[UInt8]]? = nil) throws(FontError) {
        var machine = Type2Charstring(glyph: 7, globalSubrs: index(global), localSubrs: local.map(index))
        try machine.run(ByteReader(bytes: code, tag: "CFF "), depth: 0)
    }

    @Test func charstringStackOverflow() {
        #expect(throws: FontError.invalidCharstring(glyph: 7, reason: "argument stack overflow")) {
            try Self.run([UInt8](repeating: 139, count: 49) + [14])
        }
        #expect(throws: Never.self) { try Self.run([139, 139, 21] + [UInt8](repeating: 139, count: 48) + [8, 14]) }
    }

    @Test func charstringRecursion() {
        // gsubr 0 (bias 107: operand -107) calls itself.
        #expect(throws: FontError.invalidCharstring(glyph: 7, reason: "subroutines nest deeper than 10")) {
            try Self.run([32, 29], global: [[32, 29]])
        }
    }

    @Test func charstringFanOutHitsTheBudget() {
        // Each of ten subroutines calls the next eight times: 8^10 calls if nothing stopped it.
        var subrs: [[UInt8]] = []
        for k in 0..<10 {
            let next = UInt8(32 + k + 1)
            subrs.append(k == 9 ? [11] : Array(repeating: [next, 29], count: 8).flatMap { $0 } + [11])
        }
        #expect(throws: FontError.limitExceeded("glyph 7 runs more than 100000 charstring operations")) {
            try Self.run([32, 29, 14], global: subrs)
        }
    }

    @Test func charstringMalformed() {
        #expect(throws: FontError.invalidCharstring(glyph: 7, reason: "drawing before the first moveto")) { try Self.run([139, 139, 5]) }
        #expect(throws: FontError.invalidCharstring(glyph: 7, reason: "reserved operator 0")) { try Self.run([0]) }
        #expect(throws: FontError.invalidCharstring(glyph: 7, reason: "callsubr without local subroutines")) { try Self.run([139, 10]) }
        #expect(throws: FontError.invalidCharstring(glyph: 7, reason: "subroutine 108 of 0")) { try Self.run([140, 29]) }
        #expect(throws: FontError.invalidCharstring(glyph: 7, reason: "hint mask runs past the end")) {
            try Self.run([139, 139, 139, 139, 139, 139, 139, 139, 139, 139, 139, 139, 139, 139, 139, 139, 139, 139, 1, 19])
        }
        #expect(throws: FontError.truncated(table: "CFF ")) { try Self.run([28, 1]) }
    }

    // MARK: Fuzzing

    /// Seeded byte mutations of each fixture: every run ends in a font or a ``FontError``.
    @Test(arguments: ["Subset.ttf", "SubsetCFF.otf"])
    func mutatedFontsNeverCrash(file: String) throws {
        let original = try Self.bytes(file)
        var random = FuzzRandom(state: 0x5EED_F0A7 &+ UInt64(file.count))
        var loaded = 0, refused = 0
        for _ in 0..<150 {
            var b = original
            for _ in 0..<(1 + random.below(12)) {
                let at = random.below(b.count)
                switch random.below(3) {
                case 0: b[at] = UInt8(truncatingIfNeeded: random.next())
                case 1: b[at] = random.pick([0x00, 0xFF, 0x7F, 0x80])
                default: if at + 1 < b.count { b[at] = 0xFF; b[at + 1] = 0xFF }
                }
            }
            do { try Self.exercise(b); loaded += 1 } catch { refused += 1 }
        }
        #expect(loaded > 0 && refused > 0, "loaded \(loaded), refused \(refused)")
    }
}
