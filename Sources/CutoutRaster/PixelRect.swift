import Foundation
import CutoutGeometry
import struct CutoutGeometry.Transform

/// A half-open rectangle of whole device pixels: columns `minX..<maxX`, rows `minY..<maxY`.
struct PixelRect: Hashable, Sendable {
    var minX: Int
    var minY: Int
    var maxX: Int
    var maxY: Int

    static let empty = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0)

    var width: Int { max(0, maxX - minX) }
    var height: Int { max(0, maxY - minY) }
    var isEmpty: Bool { minX >= maxX || minY >= maxY }

    func intersection(_ o: PixelRect) -> PixelRect {
        let r = PixelRect(minX: max(minX, o.minX), minY: max(minY, o.minY),
                          maxX: min(maxX, o.maxX), maxY: min(maxY, o.maxY))
        return r.isEmpty ? .empty : r
    }

    /// The pixels touched by `rect` (device space), limited to `bounds`. Non-finite or huge
    /// values are clamped first, so the conversion to `Int` cannot trap.
    init(covering rect: CGRect, within bounds: PixelRect) {
        func cl(_ v: CGFloat) -> Double {
            v.isNaN ? 0 : min(max(Double(v), -1e9), 1e9)
        }
        let r = rect.standardized
        guard !rect.isNull else { self = .empty; return }
        let x0 = Int(cl(r.minX).rounded(.down)), y0 = Int(cl(r.minY).rounded(.down))
        let x1 = Int(cl(r.maxX).rounded(.up)), y1 = Int(cl(r.maxY).rounded(.up))
        self = PixelRect(minX: x0, minY: y0, maxX: x1, maxY: y1).intersection(bounds)
    }

    init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }
}

