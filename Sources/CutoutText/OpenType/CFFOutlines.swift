import Foundation
import CutoutGeometry

/// Cubic outlines from a `CFF ` table (Type 2 charstrings with local and global subroutines;
/// CID-keyed fonts through FDArray and FDSelect).
///
/// Out of scope: CFF2 (variable fonts), the deprecated `seac` accent composition in `endchar`,
/// and the FontMatrix (outlines are taken in the font's units, as nearly every OpenType CFF
/// font's matrix is 1/unitsPerEm).
struct CFFOutlines: Sendable {
    struct PrivateData: Sendable {
        var subrs: CFFIndex?
    }
    let charStrings: CFFIndex
    let globalSubrs: CFFIndex
    let privates: [PrivateData]
    /// The font DICT of each glyph for CID-keyed fonts; empty for name-keyed fonts (one private DICT).
    let fdOfGlyph: [UInt8]

    init(_ dir: TableDirectory, glyphCount: Int) throws(FontError) {
        let cff = try dir.required("CFF ")
        guard try cff.u8(0) == 1 else { throw FontError.invalidTable("CFF ", reason: "major version \(try cff.u8(0))") }
        let headerSize = Int(try cff.u8(2))
        let names = try CFFIndex(cff, at: headerSize)
        let topDicts = try CFFIndex(cff, at: names.end)
        let strings = try CFFIndex(cff, at: topDicts.end)
        globalSubrs = try CFFIndex(cff, at: strings.end)
        guard topDicts.count >= 1 else { throw FontError.invalidTable("CFF ", reason: "no Top DICT") }
        let top = try CFFDict(topDicts.item(0))
        if let type = top.int(1206), type != 2 { throw FontError.invalidTable("CFF ", reason: "charstring type \(type)") }
        guard let csOffset = top.int(17) else { throw FontError.invalidTable("CFF ", reason: "no CharStrings") }
        charStrings = try CFFIndex(cff, at: csOffset)
        guard charStrings.count >= glyphCount else {
            throw FontError.invalidTable("CFF ", reason: "\(charStrings.count) charstrings for \(glyphCount) glyphs")
        }
        if let fdArrayOffset = top.int(1236), let fdSelectOffset = top.int(1237) {
            let fdArray = try CFFIndex(cff, at: fdArrayOffset)
            guard fdArray.count >= 1, fdArray.count <= 256 else { throw FontError.invalidTable("CFF ", reason: "FDArray of \(fdArray.count)") }
            var privates: [PrivateData] = []
            for k in 0..<fdArray.count { privates.append(try Self.privateData(cff, CFFDict(fdArray.item(k)))) }
            self.privates = privates
            fdOfGlyph = try Self.fdSelect(cff, at: fdSelectOffset, glyphCount: glyphCount, fdCount: fdArray.count)
        } else {
            privates = [try Self.privateData(cff, top)]
            fdOfGlyph = []
        }
    }

    private static func privateData(_ cff: ByteReader, _ dict: CFFDict) throws(FontError) -> PrivateData {
        guard let (size, offset) = dict.pair(18) else { return PrivateData(subrs: nil) }
        let priv = try CFFDict(cff.sub(offset, size))
        guard let subrsOffset = priv.int(19) else { return PrivateData(subrs: nil) }
        return PrivateData(subrs: try CFFIndex(cff, at: offset + subrsOffset))
    }

    private static func fdSelect(_ cff: ByteReader, at offset: Int, glyphCount: Int, fdCount: Int) throws(FontError) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: glyphCount)
        let format = try cff.u8(offset)
        switch format {
        case 0:
            for g in 0..<glyphCount { out[g] = try cff.u8(offset + 1 + g) }
        case 3:
            let ranges = Int(try cff.u16(offset + 1))
            for k in 0..<ranges {
                let r = offset + 3 + 3 * k
                let first = Int(try cff.u16(r)), fd = try cff.u8(r + 2), next = Int(try cff.u16(r + 3))
                guard first <= next else { throw FontError.invalidTable("CFF ", reason: "FDSelect ranges decrease") }
                for g in first..<min(next, glyphCount) { out[g] = fd }
            }
        default:
            throw FontError.invalidTable("CFF ", reason: "FDSelect format \(format)")
        }
        guard out.allSatisfy({ Int($0) < fdCount }) else { throw FontError.invalidTable("CFF ", reason: "FDSelect names a missing font DICT") }
        return out
    }

    /// The outline of `glyph` in font units, y up.
    func outline(_ glyph: Int) throws(FontError) -> Path {
        guard glyph >= 0, glyph < charStrings.count else { throw FontError.glyphOutOfRange(glyph) }
        let fd = fdOfGlyph.isEmpty ? 0 : Int(fdOfGlyph[glyph])
        var machine = Type2Charstring(glyph: glyph, globalSubrs: globalSubrs, localSubrs: privates[fd].subrs)
        try machine.run(try charStrings.item(glyph), depth: 0)
        return machine.path
    }
}
