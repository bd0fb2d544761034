import CutoutRaster
import Foundation
import Testing

/// How far a render may be from the image it is checked against. Every channel is compared in
/// premultiplied 8-bit units (0...255); each bound is checked on its own, so a tolerance says
/// exactly what it lets through. Call sites state beside the value why it is what it is.
public struct ImageTolerance: Hashable, Sendable {
    /// A pixel matches when no channel differs by more than this.
    public var channel: Int
    /// Largest fraction of pixels allowed not to match (0 = every pixel must).
    public var mismatchFraction: Double
    /// Largest mean absolute channel difference over the whole image, when bounded.
    public var mean: Double?
    /// A second, wider per-channel bound and the fraction of pixels allowed past it: outline
    /// pixels two rasterisers anti-alias differently may pass `channel`, but only a few may be
    /// far off.
    public var farChannel: Int?
    public var farFraction: Double
    /// When set, mismatches are split by where they fall in the expected image: on an edge
    /// (some pixel of its 3×3 neighbourhood differs from it by more than `channel`) at most
    /// this fraction of all pixels may mismatch, and away from edges `mismatchFraction`
    /// applies. For engines that anti-alias outlines differently but must agree elsewhere.
    public var edgeFraction: Double?

    public init(channel: Int, mismatchFraction: Double = 0, mean: Double? = nil,
                far: (channel: Int, fraction: Double)? = nil, edgeFraction: Double? = nil) {
        self.channel = channel
        self.mismatchFraction = mismatchFraction
        self.mean = mean
        self.farChannel = far?.channel
        self.farFraction = far?.fraction ?? 0
        self.edgeFraction = edgeFraction
    }

    /// Every channel of every pixel equal.
    public static let exact = ImageTolerance(channel: 0)
}

/// What comparing two same-sized images found.
public struct ImageComparison: Sendable {
    public var total = 0
    /// Pixels with some channel past the tolerance's `channel` (away from edges of the
    /// expected image when the tolerance has an `edgeFraction`).
    public var mismatched = 0
    /// Mismatched pixels on edges of the expected image (counted only for an `edgeFraction`).
    public var edgeMismatched = 0
    /// Pixels with some channel past the tolerance's `farChannel`.
    public var far = 0
    public var maxChannelDelta = 0
    public var meanChannelDelta = 0.0
    /// The first pixel with the largest difference.
    public var worst: (x: Int, y: Int)?

    /// Compares `actual` with `expected` (same size) pixel by pixel; pixels whose entry in
    /// `ignoring` is true are left out of every count.
    public init(_ actual: Pixmap, _ expected: Pixmap, tolerance: ImageTolerance, ignoring: [Bool]? = nil) {
        precondition(actual.width == expected.width && actual.height == expected.height)
        var sum = 0
        for p in 0..<(actual.width * actual.height) where ignoring?[p] != true {
            var d = 0
            for c in 0..<4 {
                let delta = abs(Int(actual.data[p * 4 + c]) - Int(expected.data[p * 4 + c]))
                sum += delta
                d = max(d, delta)
            }
            total += 1
            if d > tolerance.channel {
                if tolerance.edgeFraction != nil, Self.isEdge(expected, p % actual.width, p / actual.width, channel: tolerance.channel) {
                    edgeMismatched += 1
                } else {
                    mismatched += 1
                }
            }
            if let f = tolerance.farChannel, d > f { far += 1 }
            if d > maxChannelDelta { maxChannelDelta = d; worst = (p % actual.width, p / actual.width) }
        }
        meanChannelDelta = Double(sum) / Double(max(total * 4, 1))
    }

    /// The largest channel difference of two pixels, nil when they are equal.
    static func delta(_ p: PremultipliedRGBA8, _ q: PremultipliedRGBA8) -> Int? {
        let dr: Int = abs(Int(p.r) - Int(q.r)), dg: Int = abs(Int(p.g) - Int(q.g))
        let db: Int = abs(Int(p.b) - Int(q.b)), da: Int = abs(Int(p.a) - Int(q.a))
        let d = Swift.max(Swift.max(dr, dg), Swift.max(db, da))
        return d == 0 ? nil : d
    }

    static func isEdge(_ image: Pixmap, _ x: Int, _ y: Int, channel: Int) -> Bool {
        let centre = image[x, y]
        for ny in max(y - 1, 0)...min(y + 1, image.height - 1) {
            for nx in max(x - 1, 0)...min(x + 1, image.width - 1) {
                if let d = delta(centre, image[nx, ny]), d > channel { return true }
            }
        }
        return false
    }

    /// The bounds of `tolerance` this comparison breaks, as sentences; empty when it passes.
    public func failures(of tolerance: ImageTolerance) -> [String] {
        var out: [String] = []
        let n = Double(max(total, 1))
        if Double(mismatched) / n > tolerance.mismatchFraction {
            let place = tolerance.edgeFraction == nil ? "" : " away from edges"
            out.append("\(mismatched) of \(total) pixels differ by more than \(tolerance.channel)\(place) (allowed \(tolerance.mismatchFraction * 100)%)")
        }
        if let e = tolerance.edgeFraction, Double(edgeMismatched) / n > e {
            out.append("\(edgeMismatched) edge pixels differ by more than \(tolerance.channel) (allowed \(e * 100)%)")
        }
        if let f = tolerance.farChannel, Double(far) / n > tolerance.farFraction {
            out.append("\(far) pixels differ by more than \(f) (allowed \(tolerance.farFraction * 100)%)")
        }
        if let m = tolerance.mean, meanChannelDelta > m {
            out.append(String(format: "mean channel difference %.3f (allowed %.3f)", meanChannelDelta, m))
        }
        return out
    }
}

/// Golden images of a test bundle: `Golden/<name>.png` (straight from a PNG encoder) or
/// `Golden/<name>.pam` (binary PAM, `P7`, `DEPTH 4`, `MAXVAL 255`, premultiplied RGBA, as
/// the scripts in `scripts/` write for exact comparisons).
///
/// Re-recording: with `CUTOUT_GOLDEN_OUT=<folder>` set, ``assertImage(_:matchesGolden:in:tolerance:ignoring:sourceLocation:)``
/// writes each render there as `<name>.png` instead of comparing; look at each, then copy the
/// reviewed ones into the suite's `Golden/` folder. (Goldens drawn by an independent engine are
/// regenerated by their script, never from our renders.)
public enum Golden {
    /// The environment variable that switches image assertions to recording.
    public static let recordVariable = "CUTOUT_GOLDEN_OUT"

    /// The folder renders are recorded into, when recording.
    public static var recordingFolder: URL? {
        ProcessInfo.processInfo.environment[recordVariable].map { URL(fileURLWithPath: $0, isDirectory: true) }
    }

    /// Where failed comparisons leave their actual, expected and difference images.
    public static let failureFolder = FileManager.default.temporaryDirectory.appendingPathComponent("cutout-image-failures")

    /// The golden `name` of `bundle` (PNG first, else PAM).
    public static func load(_ name: String, in bundle: Bundle) throws -> Pixmap {
        if let url = bundle.url(forResource: name, withExtension: "png", subdirectory: "Golden") {
            return try Pixmap(pngData: Data(contentsOf: url))
        }
        let url = try #require(bundle.url(forResource: name, withExtension: "pam", subdirectory: "Golden"),
                               "missing golden Golden/\(name).png or .pam")
        return try PAM.decode(Data(contentsOf: url), name: name)
    }
}

/// Expects `actual` to match the golden `name` of `bundle` within `tolerance` (pixels flagged in
/// `ignoring` left out). On failure it writes `<name>-actual.png`, `<name>-expected.png` and
/// `<name>-difference.png` to ``Golden/failureFolder`` and the failure message names them.
/// When `CUTOUT_GOLDEN_OUT` is set it records the render instead (see ``Golden``).
public func assertImage(_ actual: Pixmap, matchesGolden name: String, in bundle: Bundle, tolerance: ImageTolerance,
                        ignoring: [Bool]? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
    if let folder = Golden.recordingFolder {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try actual.pngData().write(to: folder.appendingPathComponent(name + ".png"))
        return
    }
    let expected = try Golden.load(name, in: bundle)
    try assertImage(actual, matches: expected, named: name, tolerance: tolerance, ignoring: ignoring, sourceLocation: sourceLocation)
}

/// Expects `actual` to match `expected` within `tolerance`; `name` names the images a failure
/// writes (see ``assertImage(_:matchesGolden:in:tolerance:ignoring:sourceLocation:)``).
public func assertImage(_ actual: Pixmap, matches expected: Pixmap, named name: String, tolerance: ImageTolerance,
                        ignoring: [Bool]? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
    guard actual.width == expected.width, actual.height == expected.height else {
        let files = try ImageFailure.write(name: name, actual: actual, expected: expected, difference: nil)
        Issue.record("\(name): size \(actual.width)×\(actual.height), expected \(expected.width)×\(expected.height). \(files)",
                     sourceLocation: sourceLocation)
        return
    }
    let comparison = ImageComparison(actual, expected, tolerance: tolerance, ignoring: ignoring)
    ImageStatistics.record(name: name, actual, expected, tolerance: tolerance, comparison: comparison, ignoring: ignoring)
    let failures = comparison.failures(of: tolerance)
    guard !failures.isEmpty else { return }
    let difference = ImageFailure.differenceImage(actual, expected, channel: tolerance.channel)
    let files = try ImageFailure.write(name: name, actual: actual, expected: expected, difference: difference)
    let worst = comparison.worst.map { " Largest difference \(comparison.maxChannelDelta) at (\($0.x), \($0.y))." } ?? ""
    Issue.record("\(name): \(failures.joined(separator: "; ")).\(worst) \(files)", sourceLocation: sourceLocation)
}

enum ImageFailure {
    /// Opaque: pixels past the channel tolerance in red (brighter the larger the difference),
    /// the others as a faint grey copy of the expected image, so the eye finds the difference
    /// at once and still sees where it is.
    static func differenceImage(_ a: Pixmap, _ b: Pixmap, channel: Int) -> Pixmap? {
        guard var out = try? Pixmap(width: a.width, height: a.height) else { return nil }
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y], q = b[x, y]
                if let d = ImageComparison.delta(p, q), d > channel {
                    out[x, y] = PremultipliedRGBA8(r: UInt8(min(255, 96 + d * 2)), g: 0, b: 0, a: 255)
                } else {
                    let sum: Int = Int(q.r) + Int(q.g) + Int(q.b)
                    let grey = UInt8(215 + sum / 3 * 40 / 255)
                    out[x, y] = PremultipliedRGBA8(r: grey, g: grey, b: grey, a: 255)
                }
            }
        }
        return out
    }

    /// Writes the images and returns the sentence naming them.
    static func write(name: String, actual: Pixmap, expected: Pixmap, difference: Pixmap?) throws -> String {
        let folder = Golden.failureFolder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var written: [String] = []
        for (kind, image) in [("actual", actual), ("expected", expected), ("difference", difference)] {
            guard let image else { continue }
            let url = folder.appendingPathComponent("\(name)-\(kind).png")
            try image.pngData().write(to: url)
            written.append(url.path)
        }
        return "Wrote " + written.joined(separator: ", ") + "."
    }
}

/// The binary PAM files of the golden scripts.
enum PAM {
    struct ReadError: Error, CustomStringConvertible {
        let name: String
        let reason: String
        var description: String { "golden \(name).pam: \(reason)" }
    }

    static func decode(_ data: Data, name: String) throws -> Pixmap {
        let bytes = [UInt8](data)
        let marker = Array("ENDHDR\n".utf8)
        guard bytes.count >= marker.count,
              let end = (0...(bytes.count - marker.count)).first(where: { bytes[$0..<($0 + marker.count)].elementsEqual(marker) }) else {
            throw ReadError(name: name, reason: "no ENDHDR")
        }
        let header = String(decoding: bytes[..<end], as: UTF8.self).split(separator: "\n")
        guard header.first == "P7" else { throw ReadError(name: name, reason: "not a P7 file") }
        var fields: [String: String] = [:]
        for line in header.dropFirst() where !line.hasPrefix("#") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        guard let w = fields["WIDTH"].flatMap({ Int($0) }), let h = fields["HEIGHT"].flatMap({ Int($0) }),
              fields["DEPTH"] == "4", fields["MAXVAL"] == "255" else {
            throw ReadError(name: name, reason: "expected WIDTH, HEIGHT, DEPTH 4, MAXVAL 255")
        }
        let pixels = Array(bytes[(end + marker.count)...])
        guard pixels.count == w * h * 4 else { throw ReadError(name: name, reason: "pixel data size") }
        return try Pixmap(width: w, height: h, data: pixels)
    }
}

extension Pixmap {
    /// The first `rows` rows (all of them when there are fewer), to compare a strip.
    public func topRows(_ rows: Int) -> Pixmap {
        let n = Swift.min(Swift.max(rows, 0), height)
        return (try? Pixmap(width: width, height: n, scale: scale, data: Array(data[0..<(width * n * 4)]))) ?? self
    }
}

/// Measuring what a comparison needs, to set its tolerance: with `CUTOUT_IMAGE_STATS=<file>`
/// set, every image assertion appends one line to that file: its name, tolerance, largest and
/// mean channel difference, edge mismatches under its tolerance, and how many pixels differ by
/// more than each of a ladder of channel thresholds.
enum ImageStatistics {
    static let variable = "CUTOUT_IMAGE_STATS"
    static let thresholds = [0, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128]

    static func record(name: String, _ actual: Pixmap, _ expected: Pixmap, tolerance: ImageTolerance,
                       comparison: ImageComparison, ignoring: [Bool]?) {
        guard let path = ProcessInfo.processInfo.environment[variable] else { return }
        var over = [Int](repeating: 0, count: thresholds.count)
        for p in 0..<(actual.width * actual.height) where ignoring?[p] != true {
            var d = 0
            for c in 0..<4 { d = max(d, abs(Int(actual.data[p * 4 + c]) - Int(expected.data[p * 4 + c]))) }
            for (k, t) in thresholds.enumerated() where d > t { over[k] += 1 }
        }
        let ladder = zip(thresholds, over).map { ">\($0):\($1)" }.joined(separator: " ")
        let line = "IMGSTAT \(name) total=\(comparison.total) channel=\(tolerance.channel) fraction=\(tolerance.mismatchFraction) "
            + "mean=\(tolerance.mean.map { "\($0)" } ?? "-") edgeFraction=\(tolerance.edgeFraction.map { "\($0)" } ?? "-") "
            + "far=\(tolerance.farChannel.map { "\($0)/\(tolerance.farFraction)" } ?? "-") | max=\(comparison.maxChannelDelta) "
            + String(format: "meanDelta=%.4f", comparison.meanChannelDelta)
            + " mismatched=\(comparison.mismatched) edgeMismatched=\(comparison.edgeMismatched) farCount=\(comparison.far) \(ladder)\n"
        // One append-mode write per line, so comparisons running in parallel do not interleave.
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let bytes = Array(line.utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }
}
