import CutoutGeometry
import Foundation
import Testing

/// The counting facility the robustness tests use instead of clocks: counts are exact, belong
/// to the task that measures, and cannot trap.
@Suite struct WorkMeterTests {
    @Test func countsTheFlattenedPointsOfAPath() {
        var path = Path()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addCurve(to: CGPoint(x: 10, y: 10), control1: CGPoint(x: 20, y: 0), control2: CGPoint(x: 20, y: 10))
        path.closeSubpath()
        var emitted = 0
        let work = WorkMeter.measure {
            path.forEachFlattenedPoint(tolerance: 0.25) { event in
                if case .close = event { return }
                emitted += 1
            }
        }
        #expect(emitted > 3, "the curve is cut into several pieces")
        #expect(work[.flattenedPoints] == emitted)
        #expect(work[.dashes] == 0)
    }

    @Test func recordingWithoutAMeterDoesNothing() {
        WorkMeter.record(5, .dashes)
        #expect(WorkMeter.current == nil)
    }

    /// The innermost measurement takes the work done inside it; the outer one sees only its own.
    @Test func nestedMeasurementsAreSeparate() {
        var inner: WorkMeter?
        let outer = WorkMeter.measure {
            WorkMeter.record(1, .layersDrawn)
            inner = WorkMeter.measure { WorkMeter.record(2, .layersDrawn) }
        }
        #expect(outer[.layersDrawn] == 1)
        #expect(inner?[.layersDrawn] == 2)
    }

    /// Tests run in parallel: each task measures only what it does.
    @Test func concurrentMeasurementsDoNotMix() async {
        let counts = await withTaskGroup(of: (Int, Int).self) { group in
            for k in 1...8 {
                group.addTask {
                    let work = WorkMeter.measure { for _ in 0..<k { WorkMeter.record(k, .svgVisits) } }
                    return (k, work[.svgVisits])
                }
            }
            var out: [(Int, Int)] = []
            for await result in group { out.append(result) }
            return out
        }
        for (k, visits) in counts { #expect(visits == k * k) }
    }

    @Test func countsSaturateInsteadOfTrapping() {
        let meter = WorkMeter()
        meter.add(.max, to: .allocatedPixels)
        meter.add(.max, to: .allocatedPixels)
        #expect(meter[.allocatedPixels] == .max)
    }
}
