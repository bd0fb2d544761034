import Foundation
import Testing
import CutoutGeometry
@testable import CutoutRaster

/// Multi-threaded fills must give exactly the single-threaded pixels: rows are shared among
/// threads in bands, and a cell's value may not depend on where a band starts.
@Suite struct ThreadedRenderingTests {
    static let width = 360, height = 640

    /// A wavy, self-overlapping closed shape around `center`, large enough to be threaded.
    static func blob(center: CGPoint, radius: CGFloat, lobes: Int, phase: CGFloat) -> Path {
        var p = Path()
        let n = 4 * lobes
        for i in 0...n {
            let t = CGFloat(i) / CGFloat(n) * 2 * .pi + phase
            let r = radius * (0.75 + 0.25 * sin(CGFloat(lobes) * t))
            let q = CGPoint(x: center.x + r * cos(t), y: center.y + 1.4 * r * sin(t))
            if i == 0 { p.move(to: q) } else {
                let c = CGPoint(x: center.x + 1.15 * r * cos(t - 0.1), y: center.y + 1.5 * r * sin(t - 0.1))
                p.addQuadCurve(to: q, control: c)
            }
        }
        p.closeSubpath()
        p.addEllipse(in: CGRect(x: center.x - radius / 3, y: center.y - radius / 2, width: radius / 1.5, height: radius))
        return p
    }

    /// Draws fills (both rules), strokes, gradients, a blend mode and a clip mask.
    static func draw(into ctx: inout DrawingContext) {
        ctx.setFillColor(Color(red: 0.95, green: 0.93, blue: 0.9))
        ctx.fill(CGRect(x: 0, y: 0, width: width, height: height))
        ctx.setFillColor(Color(red: 0.1, green: 0.4, blue: 0.9, alpha: 0.7))
        ctx.fill(blob(center: CGPoint(x: 170, y: 250), radius: 140, lobes: 5, phase: 0.3), using: .evenOdd)
        ctx.setFillColor(Color(red: 0.9, green: 0.2, blue: 0.1, alpha: 0.55))
        ctx.fill(blob(center: CGPoint(x: 200, y: 400), radius: 150, lobes: 7, phase: 1.1), using: .winding)
        ctx.setFillPaint(.linearGradient(LinearGradient(
            gradient: Gradient(stops: [GradientStop(location: 0, color: Color(red: 1, green: 0.8, blue: 0, alpha: 0.8)),
                                       GradientStop(location: 1, color: Color(red: 0.2, green: 0, blue: 0.6, alpha: 0.4))]),
            start: CGPoint(x: 10, y: 30), end: CGPoint(x: 340, y: 600))))
        ctx.fill(blob(center: CGPoint(x: 150, y: 330), radius: 120, lobes: 3, phase: 2))
        ctx.saveGState()
        ctx.clip(to: Path(ellipseIn: CGRect(x: 20, y: 60, width: 320, height: 520)))
        ctx.setBlendMode(.multiply)
        ctx.setFillPaint(.radialGradient(RadialGradient(
            gradient: Gradient(stops: [GradientStop(location: 0, color: .white),
                                       GradientStop(location: 1, color: Color(red: 0, green: 0.5, blue: 0.3))]),
            startCenter: CGPoint(x: 180, y: 300), startRadius: 0, endCenter: CGPoint(x: 180, y: 300), endRadius: 260)))
        ctx.fill(CGRect(x: 0, y: 0, width: width, height: height))
        ctx.restoreGState()
        ctx.setStrokeColor(Color(red: 0, green: 0, blue: 0, alpha: 0.8))
        ctx.setLineWidth(9)
        ctx.setLineJoin(.round)
        ctx.stroke(blob(center: CGPoint(x: 180, y: 320), radius: 160, lobes: 6, phase: 0.7))
    }

    @Test func threadedFillsAreBitIdenticalToSingleThreaded() throws {
        var single = try DrawingContext(width: Self.width, height: Self.height)
        Self.draw(into: &single)
        for threads in [2, 3] {
            var multi = try DrawingContext(width: Self.width, height: Self.height)
            multi.renderingThreadCount = threads
            Self.draw(into: &multi)
            // The last stroke is large enough to have been split among the threads.
            #expect(multi.scratch.rasterizer.lastThreadCount == threads)
            #expect(multi.pixmap.data == single.pixmap.data, "\(threads) threads")
        }
    }

    /// With exact overlap coverage every thread reads the rows the sweep marked, and the
    /// pixels stay those of one thread (the blobs overlap themselves, so rows are redone:
    /// the render differs from the default's).
    @Test func threadedExactCoverageIsBitIdenticalToSingleThreaded() throws {
        var single = try DrawingContext(width: Self.width, height: Self.height)
        single.exactOverlapCoverage = true
        Self.draw(into: &single)
        var meanWinding = try DrawingContext(width: Self.width, height: Self.height)
        Self.draw(into: &meanWinding)
        #expect(meanWinding.pixmap.data != single.pixmap.data)
        for threads in [2, 3] {
            var multi = try DrawingContext(width: Self.width, height: Self.height)
            multi.exactOverlapCoverage = true
            multi.renderingThreadCount = threads
            Self.draw(into: &multi)
            #expect(multi.scratch.rasterizer.lastThreadCount == threads)
            #expect(multi.pixmap.data == single.pixmap.data, "\(threads) threads")
        }
    }

    /// The property threading rests on: rendering rows in two parts, split at rows that are
    /// not band boundaries of the whole, gives the same pixels as one pass.
    @Test func coverageDoesNotDependOnWhereBandsStart() throws {
        let path = Self.blob(center: CGPoint(x: 180, y: 320), radius: 170, lobes: 9, phase: 0.4)
        var whole = try DrawingContext(width: Self.width, height: Self.height)
        whole.setFillColor(Color(red: 0.3, green: 0.6, blue: 0.2, alpha: 0.9))
        whole.fill(path, using: .evenOdd)
        for split in [97, 301, 452] {
            var parts = try DrawingContext(width: Self.width, height: Self.height)
            parts.setFillColor(Color(red: 0.3, green: 0.6, blue: 0.2, alpha: 0.9))
            for rows in [0..<split, split..<Self.height] {
                parts.saveGState()
                parts.clip(to: Path(rect: CGRect(x: 0, y: rows.lowerBound, width: Self.width, height: rows.count)))
                parts.fill(path, using: .evenOdd)
                parts.restoreGState()
            }
            #expect(parts.pixmap.data == whole.pixmap.data, "split at row \(split)")
        }
    }

    /// Segments are sorted into bands by their end points' rows: end points on a band boundary
    /// (the canvas is 640 rows, shared among two threads in bands of 80), a hair either side
    /// of one, level edges along one and segments spanning several must all keep every row.
    @Test func segmentsMeetingBandBoundariesKeepEveryRow() throws {
        var path = Path()
        let ys: [CGFloat] = [0, 80, 79.999_999_9, 160, 160, 240.000_000_1, 400, 480, 560, 640]
        path.move(to: CGPoint(x: 180, y: 0))
        for (i, y) in ys.enumerated().dropFirst() { path.addLine(to: CGPoint(x: 200 + CGFloat(i % 3) * 50, y: y)) }
        for (i, y) in ys.enumerated().reversed() { path.addLine(to: CGPoint(x: 150 - CGFloat(i % 4) * 35, y: y)) }
        path.closeSubpath()
        path.addRect(CGRect(x: 60, y: 80, width: 240, height: 160))
        path.addRect(CGRect(x: 90, y: 239.999_999_9, width: 180, height: 320.000_000_2))
        var single = try DrawingContext(width: Self.width, height: Self.height)
        single.fill(path, using: .evenOdd)
        var multi = try DrawingContext(width: Self.width, height: Self.height)
        multi.renderingThreadCount = 2
        multi.fill(path, using: .evenOdd)
        #expect(multi.scratch.rasterizer.lastThreadCount == 2)
        #expect(multi.pixmap.data == single.pixmap.data)
    }

    @Test func threadCountIsClamped() throws {
        var ctx = try DrawingContext(width: 4, height: 4)
        ctx.renderingThreadCount = 0
        #expect(ctx.renderingThreadCount == 1)
        ctx.renderingThreadCount = 1000
        #expect(ctx.renderingThreadCount == 64)
    }
}
