import Foundation

/// A deliberately small part of the Unicode Bidirectional Algorithm: enough for Hebrew (and
/// other right-to-left text without shaping) mixed with Latin words and numbers.
///
/// Each character is strong right-to-left (Hebrew, Arabic, Syriac, Thaana, NKo and their
/// presentation forms), strong left-to-right (other letters, and digits), or neutral. The
/// paragraph direction is that of its first strong character (left-to-right when none).
/// Neutrals between two strong characters of one direction take that direction; others take
/// the paragraph's. Levels are 0/1 in a left-to-right paragraph and 1/2 in a right-to-left one;
/// lines are reordered by reversing runs from the highest level down (rule L2), and mirrored
/// characters (brackets) are swapped inside right-to-left runs.
///
/// Out of scope: explicit embeddings and isolates (U+202A…U+2069), the weak-type rules for
/// number separators and European/Arabic number distinctions beyond "digits are
/// left-to-right", and complex shaping (Arabic joining, Indic reordering). Vertical text is
/// not supported.
enum Bidi {
    enum Strength { case left, right, neutral }

    static func strength(_ s: Unicode.Scalar) -> Strength {
        switch s.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return .right
        default:
            if s.properties.isAlphabetic || s.properties.numericType != nil { return .left }
            return .neutral
        }
    }

    /// Whether the paragraph's first strong character is right-to-left.
    static func isRightToLeft<S: Sequence>(_ scalars: S) -> Bool where S.Element == Unicode.Scalar {
        for s in scalars {
            switch strength(s) {
            case .right: return true
            case .left: return false
            case .neutral: continue
            }
        }
        return false
    }

    /// The embedding level of each scalar of a paragraph.
    static func levels(_ scalars: [Unicode.Scalar], rightToLeft: Bool) -> [UInt8] {
        let strengths = scalars.map(strength)
        let base: UInt8 = rightToLeft ? 1 : 0
        func level(_ s: Strength) -> UInt8 {
            switch s {
            case .right: return 1
            case .left: return rightToLeft ? 2 : 0
            case .neutral: return base
            }
        }
        var out = [UInt8](repeating: base, count: scalars.count)
        var i = 0
        while i < scalars.count {
            if strengths[i] != .neutral { out[i] = level(strengths[i]); i += 1; continue }
            var j = i
            while j < scalars.count, strengths[j] == .neutral { j += 1 }
            let before = i > 0 ? strengths[i - 1] : nil, after = j < scalars.count ? strengths[j] : nil
            let resolved: UInt8 = before != nil && before == after ? level(before!) : base
            for k in i..<j { out[k] = resolved }
            i = j
        }
        return out
    }

    /// The visual order (indices into `levels`) of one line, by rule L2.
    static func visualOrder(_ levels: [UInt8]) -> [Int] {
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
    static func mirrored(_ s: Unicode.Scalar) -> Unicode.Scalar {
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
