import CutoutTestSupport
import CutoutGeometry
import Foundation
import Testing
@testable import CutoutRaster

/// Seeded fuzzing of the drawing context: transforms, clips, masks, paints, strokes, dashes,
/// images and transparency layers with NaN, infinite and huge values on a 16 × 16 canvas.
/// The loop runs in a child process (an exit test), so a trap in code owned by other helpers
/// is reported as a failure naming the case instead of killing the test run.
@Suite struct DrawingContextRobustnessTests {
    typealias SplitMix64 = FuzzRandom

    /// Extreme values, without subnormal-sized positives (the known blur trap, see
    /// BlurRobustnessTests.subnormalSigmaDoesNotTrap).
    static let extremes: [CGFloat] = [0, -0.0, -1, 1e-9, 1e300, -1e300, .greatestFiniteMagnitude,
                                      -.greatestFiniteMagnitude, 1e9, -1e9, .nan, .infinity, -.infinity]

    static func value(_ rng: inout SplitMix64, _ range: ClosedRange<Double> = -4...20) -> CGFloat {
        rng.below(6) == 0 ? rng.pick(extremes) : CGFloat(range.lowerBound + rng.unit() * (range.upperBound - range.lowerBound))
    }

    static func point(_ rng: inout SplitMix64) -> CGPoint { CGPoint(x: value(&rng), y: value(&rng)) }
    static func rect(_ rng: inout SplitMix64) -> CGRect { CGRect(origin: point(&rng), size: CGSize(width: value(&rng, 0...16), height: value(&rng, 0...16))) }

    static func transform(_ rng: inout SplitMix64) -> Transform {
        Transform(a: value(&rng, -2...2), b: value(&rng, -1...1), c: value(&rng, -1...1), d: value(&rng, -2...2), tx: value(&rng), ty: value(&rng))
    }

    static func color(_ rng: inout SplitMix64) -> Color {
        Color(red: value(&rng, 0...1), green: value(&rng, 0...1), blue: value(&rng, 0...1), alpha: value(&rng, 0...1))
    }

    static func path(_ rng: inout SplitMix64) -> Path {
        var p = Path()
        p.move(to: point(&rng))
        p.addCurve(to: point(&rng), control1: point(&rng), control2: point(&rng))
        p.addLine(to: point(&rng))
        if rng.below(2) == 0 { p.addEllipse(in: rect(&rng)) }
        p.closeSubpath()
        return p
    }

    static func paint(_ rng: inout SplitMix64, image: Pixmap) -> Paint {
        let stops = (0..<rng.below(4)).map { _ in GradientStop(location: value(&rng, 0...1), color: color(&rng)) }
        let gradient = Gradient(stops: stops, spread: rng.pick(SpreadMethod.allCases))
        switch rng.below(4) {
        case 0: return .color(color(&rng))
        case 1: return .linearGradient(LinearGradient(gradient: gradient, start: point(&rng), end: point(&rng), transform: transform(&rng)))
        case 2: return .radialGradient(RadialGradient(gradient: gradient, startCenter: point(&rng), startRadius: value(&rng, 0...8),
                                                      endCenter: point(&rng), endRadius: value(&rng, 0...16), transform: transform(&rng)))
        default: return .pattern(ImagePattern(image: image, transform: transform(&rng), tileMode: rng.pick(TileMode.allCases)))
        }
    }

    /// One random drawing session; returns after a bounded number of operations.
    static func session(_ seed: UInt64) throws {
        var rng = SplitMix64(state: seed)
        var image = try Pixmap(width: 3, height: 2)
        image.fill(PremultipliedRGBA8(r: 200, g: 10, b: 10, a: 255))
        var ctx = try DrawingContext(width: 16, height: 16, scale: rng.pick([1, 2, 0.5, 1e9, 1e-9, .nan, .infinity, -1]))
        var depth = 0, layers = 0
        for _ in 0..<16 {
            switch rng.below(14) {
            case 0: ctx.saveGState(); depth += 1
            case 1: if depth > 0 { ctx.restoreGState(); depth -= 1 } else { ctx.restoreGState() }
            case 2: ctx.concatenate(transform(&rng))
            case 3: ctx.clip(to: path(&rng), using: rng.below(2) == 0 ? .winding : .evenOdd)
            case 4: ctx.clip(toMask: image, in: rect(&rng))
            case 5: ctx.setFillPaint(paint(&rng, image: image)); ctx.fill(path(&rng), using: .evenOdd)
            case 6: ctx.setFillColor(color(&rng)); ctx.fill(rect(&rng))
            case 7:
                ctx.setStrokePaint(paint(&rng, image: image))
                ctx.setLineWidth(value(&rng, 0...4))
                ctx.setLineCap(rng.pick(LineCap.allCases))
                ctx.setLineJoin(rng.pick(LineJoin.allCases))
                ctx.setMiterLimit(value(&rng, 0...20))
                ctx.setLineDash(phase: value(&rng), lengths: (0..<rng.below(3)).map { _ in value(&rng, 0...4) })
                ctx.stroke(path(&rng))
            case 8: ctx.draw(image, in: rect(&rng), interpolation: rng.below(2) == 0 ? .nearest : .bilinear)
            case 9: ctx.setAlpha(value(&rng, 0...1)); ctx.setBlendMode(rng.pick(BlendMode.allCases))
            case 10: ctx.beginTransparencyLayer(); layers += 1
            case 11: if layers > 0 { ctx.endTransparencyLayer(); layers -= 1 } else { ctx.endTransparencyLayer() }
            case 12: ctx.stroke(rect(&rng))
            default: ctx.clear()
            }
        }
        while layers > 0 { ctx.endTransparencyLayer(); layers -= 1 }
        _ = ctx.pixmap
    }

    @Test func randomSessionsNeverTrap() async {
        await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            for seed in UInt64(0)..<600 {
                FileHandle.standardError.write(Data("session \(seed)\n".utf8))
                try DrawingContextRobustnessTests.session(seed)
            }
        }
    }
}
