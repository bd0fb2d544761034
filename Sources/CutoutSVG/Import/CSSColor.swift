import Foundation
import CutoutRaster

/// CSS colour values as SVG uses them: the 147 SVG named colours (plus CSS4's
/// `rebeccapurple`), `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()` with numbers or
/// percentages (comma- or space-separated, optional `/ alpha`), `hsl()`/`hsla()`, and
/// `transparent`. `currentColor` is resolved by the caller, which knows the `color` property.
enum CSSColor {
    /// Parses a colour; nil for anything else (including `none`, `currentColor` and `url(…)`).
    /// Out-of-range components are clamped, as CSS does.
    static func parse(_ text: String) -> Color? {
        let s = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if s.hasPrefix("#") { return hex(s.dropFirst()) }
        if let open = s.firstIndex(of: "("), s.hasSuffix(")") {
            let fn = s[..<open].trimmingCharacters(in: .whitespaces)
            let inner = s[s.index(after: open)..<s.index(before: s.endIndex)]
            return function(fn, String(inner))
        }
        if s == "transparent" { return .clear }
        guard let v = named[s] else { return nil }
        return Color(r8: UInt8(v >> 16), g8: UInt8((v >> 8) & 0xFF), b8: UInt8(v & 0xFF))
    }

    private static func hex(_ digits: Substring) -> Color? {
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        let v = digits.compactMap { $0.hexDigitValue }.map(UInt8.init)
        switch v.count {
        case 3, 4:
            let c = v.map { $0 * 17 }
            return Color(r8: c[0], g8: c[1], b8: c[2], a8: c.count == 4 ? c[3] : 255)
        case 6, 8:
            let c: [UInt8] = stride(from: 0, to: v.count, by: 2).map { (i: Int) -> UInt8 in v[i] * 16 + v[i + 1] }
            return Color(r8: c[0], g8: c[1], b8: c[2], a8: c.count == 4 ? c[3] : 255)
        default:
            return nil
        }
    }

    private static func function(_ name: String, _ args: String) -> Color? {
        // Accept both "a, b, c, d" and "a b c / d".
        let parts = args.replacingOccurrences(of: "/", with: " ").replacingOccurrences(of: ",", with: " ")
            .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
        guard parts.count == 3 || parts.count == 4 else { return nil }
        let alpha: CGFloat
        if parts.count == 4 {
            guard let a = component(parts[3], percentScale: 1, plainScale: 1) else { return nil }
            alpha = a
        } else {
            alpha = 1
        }
        switch name {
        case "rgb", "rgba":
            // CSS Color 4: the legacy comma syntax takes three numbers or three percentages,
            // never a mix (`rgba(0, 50%, 0, 0.5)` is invalid); the space syntax may mix them.
            if args.contains(","), Set(parts.prefix(3).map { $0.hasSuffix("%") }).count > 1 { return nil }
            guard let r = component(parts[0], percentScale: 1, plainScale: 255),
                  let g = component(parts[1], percentScale: 1, plainScale: 255),
                  let b = component(parts[2], percentScale: 1, plainScale: 255) else { return nil }
            return Color(red: r, green: g, blue: b, alpha: alpha)
        case "hsl", "hsla":
            guard let (h, unit) = SVGNumberScanner.numberWithSuffix(parts[0]), unit == "" || unit == "deg",
                  let sat = component(parts[1], percentScale: 1, plainScale: 100),
                  let l = component(parts[2], percentScale: 1, plainScale: 100) else { return nil }
            let (r, g, b) = hslToRGB(h: h, s: sat, l: l)
            return Color(red: r, green: g, blue: b, alpha: alpha)
        default:
            return nil
        }
    }

    /// A component as a fraction: `n%` → n/100, otherwise n / `plainScale`. Clamped to 0...1.
    private static func component(_ text: String, percentScale: CGFloat, plainScale: CGFloat) -> CGFloat? {
        guard let (v, suffix) = SVGNumberScanner.numberWithSuffix(text), suffix == "" || suffix == "%" else { return nil }
        let f = suffix == "%" ? v / 100 * percentScale : v / plainScale
        return min(max(f, 0), 1)
    }

    /// CSS Color 3's HSL → RGB.
    static func hslToRGB(h: CGFloat, s: CGFloat, l: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
        let hue = (h.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 360
        let m2 = l <= 0.5 ? l * (s + 1) : l + s - l * s
        let m1 = l * 2 - m2
        func channel(_ t0: CGFloat) -> CGFloat {
            var t = t0
            if t < 0 { t += 1 }
            if t > 1 { t -= 1 }
            if t * 6 < 1 { return m1 + (m2 - m1) * t * 6 }
            if t * 2 < 1 { return m2 }
            if t * 3 < 2 { return m1 + (m2 - m1) * (2.0 / 3 - t) * 6 }
            return m1
        }
        return (channel(hue + 1.0 / 3), channel(hue), channel(hue - 1.0 / 3))
    }

    /// The SVG 1.1 / CSS3 named colours as 0xRRGGBB.
    static let named: [String: UInt32] = [
        "aliceblue": 0xF0F8FF, "antiquewhite": 0xFAEBD7, "aqua": 0x00FFFF, "aquamarine": 0x7FFFD4,
        "azure": 0xF0FFFF, "beige": 0xF5F5DC, "bisque": 0xFFE4C4, "black": 0x000000,
        "blanchedalmond": 0xFFEBCD, "blue": 0x0000FF, "blueviolet": 0x8A2BE2, "brown": 0xA52A2A,
        "burlywood": 0xDEB887, "cadetblue": 0x5F9EA0, "chartreuse": 0x7FFF00, "chocolate": 0xD2691E,
        "coral": 0xFF7F50, "cornflowerblue": 0x6495ED, "cornsilk": 0xFFF8DC, "crimson": 0xDC143C,
        "cyan": 0x00FFFF, "darkblue": 0x00008B, "darkcyan": 0x008B8B, "darkgoldenrod": 0xB8860B,
        "darkgray": 0xA9A9A9, "darkgreen": 0x006400, "darkgrey": 0xA9A9A9, "darkkhaki": 0xBDB76B,
        "darkmagenta": 0x8B008B, "darkolivegreen": 0x556B2F, "darkorange": 0xFF8C00, "darkorchid": 0x9932CC,
        "darkred": 0x8B0000, "darksalmon": 0xE9967A, "darkseagreen": 0x8FBC8F, "darkslateblue": 0x483D8B,
        "darkslategray": 0x2F4F4F, "darkslategrey": 0x2F4F4F, "darkturquoise": 0x00CED1, "darkviolet": 0x9400D3,
        "deeppink": 0xFF1493, "deepskyblue": 0x00BFFF, "dimgray": 0x696969, "dimgrey": 0x696969,
        "dodgerblue": 0x1E90FF, "firebrick": 0xB22222, "floralwhite": 0xFFFAF0, "forestgreen": 0x228B22,
        "fuchsia": 0xFF00FF, "gainsboro": 0xDCDCDC, "ghostwhite": 0xF8F8FF, "gold": 0xFFD700,
        "goldenrod": 0xDAA520, "gray": 0x808080, "grey": 0x808080, "green": 0x008000,
        "greenyellow": 0xADFF2F, "honeydew": 0xF0FFF0, "hotpink": 0xFF69B4, "indianred": 0xCD5C5C,
        "indigo": 0x4B0082, "ivory": 0xFFFFF0, "khaki": 0xF0E68C, "lavender": 0xE6E6FA,
        "lavenderblush": 0xFFF0F5, "lawngreen": 0x7CFC00, "lemonchiffon": 0xFFFACD, "lightblue": 0xADD8E6,
        "lightcoral": 0xF08080, "lightcyan": 0xE0FFFF, "lightgoldenrodyellow": 0xFAFAD2, "lightgray": 0xD3D3D3,
        "lightgreen": 0x90EE90, "lightgrey": 0xD3D3D3, "lightpink": 0xFFB6C1, "lightsalmon": 0xFFA07A,
        "lightseagreen": 0x20B2AA, "lightskyblue": 0x87CEFA, "lightslategray": 0x778899, "lightslategrey": 0x778899,
        "lightsteelblue": 0xB0C4DE, "lightyellow": 0xFFFFE0, "lime": 0x00FF00, "limegreen": 0x32CD32,
        "linen": 0xFAF0E6, "magenta": 0xFF00FF, "maroon": 0x800000, "mediumaquamarine": 0x66CDAA,
        "mediumblue": 0x0000CD, "mediumorchid": 0xBA55D3, "mediumpurple": 0x9370DB, "mediumseagreen": 0x3CB371,
        "mediumslateblue": 0x7B68EE, "mediumspringgreen": 0x00FA9A, "mediumturquoise": 0x48D1CC, "mediumvioletred": 0xC71585,
        "midnightblue": 0x191970, "mintcream": 0xF5FFFA, "mistyrose": 0xFFE4E1, "moccasin": 0xFFE4B5,
        "navajowhite": 0xFFDEAD, "navy": 0x000080, "oldlace": 0xFDF5E6, "olive": 0x808000,
        "olivedrab": 0x6B8E23, "orange": 0xFFA500, "orangered": 0xFF4500, "orchid": 0xDA70D6,
        "palegoldenrod": 0xEEE8AA, "palegreen": 0x98FB98, "paleturquoise": 0xAFEEEE, "palevioletred": 0xDB7093,
        "papayawhip": 0xFFEFD5, "peachpuff": 0xFFDAB9, "peru": 0xCD853F, "pink": 0xFFC0CB,
        "plum": 0xDDA0DD, "powderblue": 0xB0E0E6, "purple": 0x800080, "rebeccapurple": 0x663399,
        "red": 0xFF0000, "rosybrown": 0xBC8F8F, "royalblue": 0x4169E1, "saddlebrown": 0x8B4513,
        "salmon": 0xFA8072, "sandybrown": 0xF4A460, "seagreen": 0x2E8B57, "seashell": 0xFFF5EE,
        "sienna": 0xA0522D, "silver": 0xC0C0C0, "skyblue": 0x87CEEB, "slateblue": 0x6A5ACD,
        "slategray": 0x708090, "slategrey": 0x708090, "snow": 0xFFFAFA, "springgreen": 0x00FF7F,
        "steelblue": 0x4682B4, "tan": 0xD2B48C, "teal": 0x008080, "thistle": 0xD8BFD8,
        "tomato": 0xFF6347, "turquoise": 0x40E0D0, "violet": 0xEE82EE, "wheat": 0xF5DEB3,
        "white": 0xFFFFFF, "whitesmoke": 0xF5F5F5, "yellow": 0xFFFF00, "yellowgreen": 0x9ACD32,
    ]
}
