import Foundation
@testable import CutoutRaster

extension Pixmap {
    /// A pixmap of the given size filled with the shader's output, row by row.
    static func shaded(_ shader: Shader, width: Int, height: Int) throws -> Pixmap {
        var out = try Pixmap(width: width, height: height)
        out.data.withUnsafeMutableBytes { raw in
            let px = raw.bindMemory(to: PremultipliedRGBA8.self)
            for y in 0..<height {
                shader.shade(x: 0, y: y, count: width, into: px.baseAddress! + y * width)
            }
        }
        return out
    }

    /// This pixmap with `source` composited onto it by `mode`, with optional per-pixel coverage.
    func composited(_ source: Pixmap, mode: BlendMode, coverage: [UInt8]? = nil) -> Pixmap {
        var out = self
        source.data.withUnsafeBytes { s in
            out.data.withUnsafeMutableBytes { d in
                let sp = s.bindMemory(to: PremultipliedRGBA8.self)
                let dp = d.bindMemory(to: PremultipliedRGBA8.self)
                if let coverage {
                    coverage.withUnsafeBufferPointer { c in
                        mode.blendSpan(sp.baseAddress!, coverage: c.baseAddress!, into: dp.baseAddress!, count: dp.count)
                    }
                } else {
                    mode.blendSpan(sp.baseAddress!, coverage: nil, into: dp.baseAddress!, count: dp.count)
                }
            }
        }
        return out
    }
}
