import Foundation
@testable import CutoutRaster

/// Why a PAM golden could not be read.
struct PAMReadError: Error, CustomStringConvertible {
    let name: String
    let reason: String
    var description: String { "\(name): \(reason)" }
}

/// Reader for the binary PAM files written by `scripts/golden_paint.py`:
/// `P7`, `WIDTH`, `HEIGHT`, `DEPTH 4`, `MAXVAL 255`, `TUPLTYPE RGB_ALPHA`, `ENDHDR`, then
/// premultiplied RGBA bytes. `#` lines are comments.
enum PaintGolden {
    static func load(_ name: String) throws -> Pixmap {
        guard let url = Bundle.module.url(forResource: name, withExtension: "pam", subdirectory: "Golden") else {
            throw PAMReadError(name: name, reason: "missing from Golden/")
        }
        return try parse(Data(contentsOf: url), name: name)
    }

    static func parse(_ data: Data, name: String) throws -> Pixmap {
        let bytes = [UInt8](data)
        let marker = Array("ENDHDR\n".utf8)
        guard let end = (0...(max(bytes.count - marker.count, 0))).first(where: { bytes[$0..<($0 + marker.count)].elementsEqual(marker) }) else {
            throw PAMReadError(name: name, reason: "no ENDHDR")
        }
        let header = String(decoding: bytes[..<end], as: UTF8.self).split(separator: "\n")
        guard header.first == "P7" else { throw PAMReadError(name: name, reason: "not a P7 file") }
        var fields: [String: String] = [:]
        for line in header.dropFirst() where !line.hasPrefix("#") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        guard let w = fields["WIDTH"].flatMap({ Int($0) }), let h = fields["HEIGHT"].flatMap({ Int($0) }),
              fields["DEPTH"] == "4", fields["MAXVAL"] == "255" else {
            throw PAMReadError(name: name, reason: "unsupported header \(fields)")
        }
        let pixels = Array(bytes[(end + marker.count)...])
        do {
            return try Pixmap(width: w, height: h, data: pixels)
        } catch {
            throw PAMReadError(name: name, reason: "\(error)")
        }
    }
}

/// The difference between two pixmaps of the same size.
struct PaintImageDiff: CustomStringConvertible {
    /// The largest absolute difference of any channel.
    var maxChannelDifference = 0
    /// Pixels with some channel differing by more than the tolerance.
    var pixelsOverTolerance = 0
    var worst: (x: Int, y: Int, ours: PremultipliedRGBA8, theirs: PremultipliedRGBA8)?

    init(_ ours: Pixmap, _ theirs: Pixmap, tolerance: Int) {
        precondition(ours.width == theirs.width && ours.height == theirs.height)
        for y in 0..<ours.height {
            for x in 0..<ours.width {
                let a = ours[x, y], b = theirs[x, y]
                let d = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)),
                            abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
                if d > tolerance { pixelsOverTolerance += 1 }
                if d > maxChannelDifference {
                    maxChannelDifference = d
                    worst = (x, y, a, b)
                }
            }
        }
    }

    var description: String {
        guard let worst else { return "identical" }
        return "max channel difference \(maxChannelDifference) at (\(worst.x), \(worst.y)): ours \(worst.ours), reference \(worst.theirs); \(pixelsOverTolerance) pixels over tolerance"
    }
}

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
