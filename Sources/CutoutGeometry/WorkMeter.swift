import Foundation

/// Counts of the work done by the loops whose cost the robustness tests bound.
///
/// The tests fuzz hostile input (huge coordinates, huge blur radii, absurd item counts) and
/// must show that the cost stays within a budget derived from the input's size, on any
/// machine and under any load: so they count work instead of timing it. A test runs the code
/// inside ``measure(_:)``; the hot loops add what they did with ``record(_:_:)``, once per call
/// with a local total rather than once per iteration.
///
/// The meter in use is a task-local value, so tests running in parallel each see only their
/// own work. Work done on other threads (the rasteriser's bands) is not seen; every loop
/// recorded here runs on the thread that called into the library. Recording compiles to
/// nothing outside debug builds.
package final class WorkMeter: @unchecked Sendable {
    /// What is counted, each at one kind of hot loop.
    package enum Work: Int, CaseIterable, Sendable {
        /// Points emitted by ``Path/forEachFlattenedPoint(tolerance:transform:_:)`` (at most
        /// 4,096 per curve, one per other element).
        case flattenedPoints
        /// Pieces the stroker cuts curves into (at most 2^10 for each of the at most five
        /// cusp-free parts of a curve).
        case strokePieces
        /// Dashes cut by ``Path/copy(dashingWithPhase:lengths:transform:)``.
        case dashes
        /// Pairs of segments tested for crossings by the boolean operations' arrangement.
        case crossingTests
        /// Pixels of the device rectangles that fills may touch (one fill's clip bounds each).
        case fillRegionPixels
        /// Pixels of pixmaps and alpha masks allocated.
        case allocatedPixels
        /// Bytes inflated from zlib streams (PNG image data): at most 1,032 per compressed byte.
        case inflatedBytes
        /// Samples written by blur passes (one per pixel of each padded line, per pass).
        case blurSamples
        /// Layers drawn by the layer renderer (a layer drawn again as a mask or shadow counts again).
        case layersDrawn
        /// Elements visited by the SVG importer (counted against its `maxVisits` limit).
        case svgVisits
        /// Items whose geometry a collection layout computed.
        case layoutItems
        /// Steps of the sweep that marks the rows exact overlap coverage checks (sides visited
        /// where sides begin, end, cross or change order; at most 64 a point, plus 65,536).
        case overlapSweepSteps
        /// Work of exact overlap coverage's row checks: each checked row's exact walk as its
        /// guard estimates it, or its sub-rows times its pieces and chains when resolved by
        /// sub-rows.
        case overlapRowSteps
    }

    /// The meter that ``record(_:_:)`` adds to: set by ``measure(_:)``, nil otherwise.
    @TaskLocal package static var current: WorkMeter?

    private let lock = NSLock()
    private var counts = [Int](repeating: 0, count: Work.allCases.count)

    package init() {}

    /// The work of kind `work` recorded so far.
    package subscript(_ work: Work) -> Int {
        lock.lock(); defer { lock.unlock() }
        return counts[work.rawValue]
    }

    /// Adds `count` to `work` (saturating, so an absurd count cannot trap the code it measures).
    package func add(_ count: Int, to work: Work) {
        lock.lock(); defer { lock.unlock() }
        let (sum, overflow) = counts[work.rawValue].addingReportingOverflow(count)
        counts[work.rawValue] = overflow ? .max : sum
    }

    /// Adds `count` to `work` on the current meter, if any. Nothing in release builds.
    @inline(__always)
    package static func record(_ count: Int, _ work: Work) {
        #if DEBUG
        current?.add(count, to: work)
        #endif
    }

    /// Runs `body` with a fresh meter as the current one and returns what it counted. A
    /// measurement nested inside another takes the work done inside it; the outer one does not
    /// see that work.
    package static func measure(_ body: () throws -> Void) rethrows -> WorkMeter {
        let meter = WorkMeter()
        try $current.withValue(meter) { try body() }
        return meter
    }
}
