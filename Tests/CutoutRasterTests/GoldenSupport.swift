import Foundation
import Testing
@testable import CutoutRaster

/// Per-channel difference statistics in 8-bit units.
struct DiffStats: CustomStringConvertible {
    var mean: Double
    var max: Int

    var description: String { String(format: "mean %.3f, max %d", mean, max) }
}

enum GoldenSupport {
    /// Mean and max absolute difference between a coverage map (0...1) and the alpha channel.
    static func compareAlpha(_ pixmap: Pixmap, to coverage: [Double]) -> DiffStats {
        var sum = 0.0, worst = 0
        for i in 0..<coverage.count {
            let expected = Int((min(max(coverage[i], 0), 1) * 255).rounded())
            let d = abs(Int(pixmap.data[4 * i + 3]) - expected)
            sum += Double(d)
            worst = Swift.max(worst, d)
        }
        return DiffStats(mean: sum / Double(coverage.count), max: worst)
    }

    /// Mean and max absolute difference over all four channels of two same-size pixmaps.
    static func compare(_ a: Pixmap, _ b: Pixmap) -> DiffStats {
        precondition(a.width == b.width && a.height == b.height)
        var sum = 0.0, worst = 0
        for i in 0..<a.data.count {
            let d = abs(Int(a.data[i]) - Int(b.data[i]))
            sum += Double(d)
            worst = Swift.max(worst, d)
        }
        return DiffStats(mean: sum / Double(a.data.count), max: worst)
    }

    enum PAMError: Error, CustomStringConvertible {
        case missing(String)
        case malformed(String, String)
        var description: String {
            switch self {
            case .missing(let n): return "golden \(n).pam not found in the test bundle"
            case .malformed(let n, let why): return "golden \(n).pam: \(why)"
            }
        }
    }

    /// Loads `Golden/<name>.pam`: a binary PAM (`P7`, TUPLTYPE RGB_ALPHA, MAXVAL 255) holding
    /// premultiplied RGBA8, as written by `scripts/golden_raster.py`.
    static func loadGolden(_ name: String) throws -> Pixmap {
        guard let url = Bundle.module.url(forResource: name, withExtension: "pam", subdirectory: "Golden") else {
            throw PAMError.missing(name)
        }
        let bytes = [UInt8](try Data(contentsOf: url))
        guard let end = findHeaderEnd(bytes) else { throw PAMError.malformed(name, "no ENDHDR") }
        let header = String(decoding: bytes[0..<end.headerEnd], as: UTF8.self)
        var fields: [String: String] = [:]
        let lines = header.split(separator: "\n")
        guard lines.first == "P7" else { throw PAMError.malformed(name, "not P7") }
        for line in lines.dropFirst() {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        guard let w = fields["WIDTH"].flatMap({ Int($0) }), let h = fields["HEIGHT"].flatMap({ Int($0) }),
              fields["DEPTH"] == "4", fields["MAXVAL"] == "255" else {
            throw PAMError.malformed(name, "expected WIDTH, HEIGHT, DEPTH 4, MAXVAL 255")
        }
        let body = Array(bytes[end.dataStart...])
        guard body.count == w * h * 4 else { throw PAMError.malformed(name, "pixel data size") }
        return try Pixmap(width: w, height: h, data: body)
    }

    private static func findHeaderEnd(_ b: [UInt8]) -> (headerEnd: Int, dataStart: Int)? {
        let marker = Array("ENDHDR\n".utf8)
        guard b.count >= marker.count else { return nil }
        for i in 0...(b.count - marker.count) where b[i..<(i + marker.count)].elementsEqual(marker) {
            return (i, i + marker.count)
        }
        return nil
    }
}
