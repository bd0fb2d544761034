import Foundation

/// A deliberately small part of the Unicode Bidirectional Algorithm: enough for Hebrew (and
/// other right-to-left text without shaping) mixed with Latin words and numbers.
///
/// Each character is strong right-to-left (Hebrew, Arabic, Syriac, Thaana, NKo and their
/// presentation forms), strong left-to-right (other letters), a European number (digits) or
/// neutral. The paragraph direction is that of its first strong character (left-to-right when
/// none). A number after a left-to-right letter (or at the start of a left-to-right
/// paragraph) is left-to-right (rule W7); other numbers count as right-to-left for the
/// neutrals around them (N1) and take the level above (I1, I2), so "שלב 2" in an English
/// sentence reads "2 שלב" as the algorithm wants. Neutrals between two characters of one
/// direction take it; others take the paragraph's. Lines are reordered by reversing runs
/// from the highest level down (rule L2), and mirrored characters (brackets) are swapped
/// inside right-to-left runs.
///
/// Out of scope: explicit embeddings and isolates (U+202A…U+2069), the weak-type rules for
/// number separators and European/Arabic number distinctions beyond "digits are
/// left-to-right", and complex shaping (Arabic joining, Indic reordering). Vertical text is
/// not supported.
package enum Bidi {
    package enum Strength { case left, right, number, neutral }

    package static func strength(_ s: Unicode.Scalar) -> Strength {
        switch s.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return .right
        case 0x30...0x39, 0x00B2, 0x00B3, 0x00B9, 0x06F0...0x06F9, 0x2070...0x2079, 0x2080...0x2089, 0xFF10...0xFF19: return .number
        default:
            if s.properties.isAlphabetic || s.properties.numericType != nil { return .left }
            return .neutral
        }
    }

    /// Whether the paragraph's first strong character is right-to-left.
    package static func isRightToLeft<S: Sequence>(_ scalars: S) -> Bool where S.Element == Unicode.Scalar {
        for s in scalars {
            switch strength(s) {
            case .right: return true
            case .left: return false
            case .neutral, .number: continue
            }
        }
        return false
    }

    /// The embedding level of each scalar of a paragraph.
    package static func levels(_ scalars: [Unicode.Scalar], rightToLeft: Bool) -> [UInt8] {
        var types = scalars.map(strength)
        // W7: numbers whose preceding strong type (or the paragraph) is left-to-right become left-to-right.
        var lastStrong: Strength = rightToLeft ? .right : .left
        for i in types.indices {
            switch types[i] {
            case .left, .right: lastStrong = types[i]
            case .number: if lastStrong == .left { types[i] = .left }
            case .neutral: break
            }
        }
        let base: UInt8 = rightToLeft ? 1 : 0
        func level(_ s: Strength) -> UInt8 {
            switch s {
            case .right: return 1
            case .left: return rightToLeft ? 2 : 0
            case .number: return 2
            case .neutral: return base
            }
        }
        // For neutrals, numbers act as right-to-left (N1).
        func direction(_ s: Strength) -> Strength { s == .number ? .right : s }
        var out = [UInt8](repeating: base, count: scalars.count)
        var i = 0
        while i < scalars.count {
            if types[i] != .neutral { out[i] = level(types[i]); i += 1; continue }
            var j = i
            while j < scalars.count, types[j] == .neutral { j += 1 }
            let before = i > 0 ? direction(types[i - 1]) : nil, after = j < scalars.count ? direction(types[j]) : nil
            let resolved: UInt8 = before != nil && before == after ? level(before!) : base
            for k in i..<j { out[k] = resolved }
            i = j
        }
        return out
    }

    /// The visual order (indices into `levels`) of one line, by rule L2.
    package static func visualOrder(_ levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 % 2 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard levels[order[i]] >= level else { i += 1; continue }
                var j = i
                while j < order.count, levels[order[j]] >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }

    /// The mirrored form of a bracket-like character drawn in a right-to-left run.
    package static func mirrored(_ s: Unicode.Scalar) -> Unicode.Scalar {
        switch s {
        case "(": return ")"
        case ")": return "("
        case "[": return "]"
        case "]": return "["
        case "{": return "}"
        case "}": return "{"
        case "<": return ">"
        case ">": return "<"
        case "«": return "»"
        case "»": return "«"
        case "‹": return "›"
        case "›": return "‹"
        default: return s
        }
    }
}
