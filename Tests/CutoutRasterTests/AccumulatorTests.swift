import CutoutTestSupport
import Testing
@testable import CutoutRaster

/// The accumulation buffer's two ways of adding an edge piece to a row of cells.
@Suite struct AccumulatorTests {
    /// Adds one piece to a fresh row of cells with the general split, or the steep one with
    /// the piece's width measured or given by its height over its segment's rows per column.
    static func cells(_ x: Double, _ xNext: Double, _ d: Double, steep: Bool, measured: Bool = false) -> (cells: [Float], range: ClosedRange<Int>) {
        var row = [Float](repeating: 0, count: 40)
        let h = abs(d), dir: Double = d < 0 ? -1 : 1
        let (ia, ib) = row.withUnsafeMutableBufferPointer { buffer in
            steep ? Accumulator.addSteep(buffer.baseAddress!, x, xNext, height: h, direction: dir,
                                         rowsPerColumn: h / abs(xNext - x), measured: measured)
                  : Accumulator.add(buffer.baseAddress!, x, xNext, d)
        }
        return (row, ia...ib)
    }

    /// Pieces at most one column wide: within a column, across a boundary, vertical, on a
    /// boundary, touching one, a rounding error left of the row, both directions, both signs.
    static var steepPieces: [(Double, Double, Double)] {
        var pieces: [(Double, Double, Double)] = [
            (3.25, 3.75, 1), (3.75, 3.25, -1), (3.5, 3.5, 0.5), (4, 4, 1), (3.2, 4, 1), (4, 4.9, -0.25),
            (3.9, 4.1, 1), (3.0, 3.999999, 0.75), (-1e-12, 0.5, 1), (0.5, 1.5, 1), (2.999, 3.999, 1), (7.75, 8.75, -1),
        ]
        var random = FuzzRandom(state: 7)
        for _ in 0..<2_000 {
            let x = Double(random.below(3_000)) / 100
            let width = Double(random.below(1_001)) / 1_000
            let d = Double(random.below(2_001) - 1_000) / 1_000
            pieces.append(random.below(2) == 0 ? (x, x + width, d) : (x + width, x, d))
        }
        return pieces
    }

    /// The branch-free split of a steep piece, its width measured or given by its segment,
    /// gives the general split's cells (to `Float` rounding), touches nothing outside the cells
    /// it reports, and adds up to the piece's height.
    @Test(arguments: [false, true])
    func steepPiecesMatchTheGeneralSplit(measured: Bool) {
        for (x, xNext, d) in Self.steepPieces where d != 0 {
            let steep = Self.cells(x, xNext, d, steep: true, measured: measured), general = Self.cells(x, xNext, d, steep: false)
            for i in steep.cells.indices {
                #expect(abs(steep.cells[i] - general.cells[i]) <= 1e-6, "cell \(i) of \(x) → \(xNext), d \(d)")
                if !steep.range.contains(i) { #expect(steep.cells[i] == 0, "cell \(i) of \(x) → \(xNext) outside \(steep.range)") }
            }
            #expect(abs(Double(steep.cells.reduce(0, +)) - d) <= 1e-6)
        }
    }
}
