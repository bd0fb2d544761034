import Foundation
import CutoutGeometry
import struct CutoutGeometry.Transform
import CutoutLayers

extension SVGWriter {
    /// The bounds filled with a `<pattern>` in user space whose tile is `tileRect` and whose
    /// content is the tile's layer tree, written by a writer whose canvas is the tile (so the
    /// regions of masks and filters inside it cover the tile).
    mutating func emitPattern(_ layer: PatternLayer, depth: Int) {
        let b = layer.bounds, r = layer.tileRect
        guard let tile = layer.tile, b.width > 0, b.height > 0,
              r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite, r.size.width > 0, r.size.height > 0 else { return }
        var inner = SVGWriter(canvas: CGRect(origin: .zero, size: r.size))
        inner.counter = counter
        inner.emit(tile, parentCTM: .identity, depth: depth + 1)
        counter = inner.counter
        let id = newID("pattern")
        defs += inner.defs
        defs += "<pattern" + Self.attributes([("id", id), ("patternUnits", "userSpaceOnUse"), ("patternContentUnits", "userSpaceOnUse")]
                                             + Self.region(r)) + ">\n" + inner.body + "</pattern>\n"
        body += "<rect" + Self.attributes(Self.region(b)) + " fill=\"url(#\(id))\"/>\n"
    }
}
