import CutoutGeometry
import Foundation

/// Shapes that several suites draw, kept in one place so their goldens agree.
public enum TestShapes {
    /// A five-pointed star drawn as one self-crossing pentagram inscribed in `r` (non-zero fill
    /// leaves its inner pentagon filled, even-odd empties it).
    public static func pentagram(in r: CGRect) -> Path {
        var p = Path()
        let c = CGPoint(x: r.midX, y: r.midY), radius = min(r.width, r.height) / 2
        for i in 0..<5 {
            let a = -CGFloat.pi / 2 + CGFloat(i) * 4 * .pi / 5
            let pt = CGPoint(x: c.x + radius * cos(a), y: c.y + radius * sin(a))
            if i == 0 { p.move(to: pt) } else { p.addLine(to: pt) }
        }
        p.closeSubpath()
        return p
    }
}
