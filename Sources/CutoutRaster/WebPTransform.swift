/// A transform of a lossless WebP image (RFC 9649, section 4), with the data the bit stream
/// gave it. The encoder applied them in the order they are read; ``undo(_:height:)`` reverses
/// one, and the decoder undoes them last first.
enum WebPTransform {
    /// Each pixel was stored as its difference from a prediction made from its decoded
    /// neighbours, by one of 14 modes chosen per block of 2^`blockBits` pixels a side (the
    /// green channel of `modes`, one pixel per block). `width` is the image's width here.
    case predictor(blockBits: Int, modes: [UInt32], width: Int)
    /// Red and blue were decorrelated from green (and blue from red) by multipliers chosen per
    /// block: `elements` holds green-to-red in blue, green-to-blue in green, red-to-blue in red.
    case crossColor(blockBits: Int, elements: [UInt32], width: Int)
    /// Green was subtracted from red and blue.
    case subtractGreen
    /// Pixels are indices into `palette` (256 entries, transparent black past the stored
    /// ones) in green, 2^`bundleBits` of them packed into one pixel (bundling: 8, 4, 2 or 1
    /// per pixel, low bits first). `width` is the image's width once unpacked.
    case colorIndexing(palette: [UInt32], bundleBits: Int, width: Int)

    /// Undoes the transform on `pixels`, an image of `height` rows.
    func undo(_ pixels: inout [UInt32], height: Int) {
        switch self {
        case .predictor(let blockBits, let modes, let width):
            Self.undoPredictor(&pixels, width: width, height: height, blockBits: blockBits, modes: modes)
        case .crossColor(let blockBits, let elements, let width):
            let blocksPerRow = WebPLosslessDecoder.blocks(width, blockBits)
            for y in 0..<height {
                for x in 0..<width {
                    let e = elements[(y >> blockBits) * blocksPerRow + (x >> blockBits)]
                    let i = y * width + x, p = pixels[i]
                    let green = Int8(truncatingIfNeeded: p >> 8)
                    let red = (Int(p >> 16 & 0xFF) + Self.colorDelta(e, green)) & 0xFF
                    let blue = (Int(p & 0xFF) + Self.colorDelta(e >> 8, green) + Self.colorDelta(e >> 16, Int8(truncatingIfNeeded: red))) & 0xFF
                    pixels[i] = (p & 0xFF00_FF00) | UInt32(red) << 16 | UInt32(blue)
                }
            }
        case .subtractGreen:
            for i in pixels.indices {
                let p = pixels[i], green = p >> 8 & 0xFF
                pixels[i] = (p & 0xFF00_FF00) | (((p & 0x00FF_00FF) &+ (green << 16 | green)) & 0x00FF_00FF)
            }
        case .colorIndexing(let palette, let bundleBits, let width):
            let packedWidth = WebPLosslessDecoder.blocks(width, bundleBits)
            let indexBits = 8 >> bundleBits, perPixel = 1 << bundleBits
            let mask = UInt32(1 << indexBits - 1)
            var out = [UInt32](repeating: 0, count: width * height)
            for y in 0..<height {
                for x in 0..<width {
                    let packed = pixels[y * packedWidth + (x >> bundleBits)] >> 8
                    let index = packed >> UInt32((x & (perPixel - 1)) * indexBits) & mask
                    out[y * width + x] = palette[Int(index)]
                }
            }
            pixels = out
        }
    }

    /// `(t · c) >> 5` for the signed bytes of a cross-colour multiplier (the low byte of `t`)
    /// and a channel.
    private static func colorDelta(_ t: UInt32, _ c: Int8) -> Int {
        (Int(Int8(truncatingIfNeeded: t)) * Int(c)) >> 5
    }

    /// Adds two pixels channel by channel, modulo 256.
    static func add(_ a: UInt32, _ b: UInt32) -> UInt32 {
        (((a & 0xFF00_FF00) &+ (b & 0xFF00_FF00)) & 0xFF00_FF00) | (((a & 0x00FF_00FF) &+ (b & 0x00FF_00FF)) & 0x00FF_00FF)
    }

    /// The channel-by-channel average of two pixels, rounded down.
    private static func average(_ a: UInt32, _ b: UInt32) -> UInt32 {
        (((a ^ b) & 0xFEFE_FEFE) >> 1) &+ (a & b)
    }

    /// Applies `f` to each channel of the pixels (alpha, red, green, blue as 0...255 values)
    /// and clamps the results to 0...255.
    private static func perChannel(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ f: (Int, Int, Int) -> Int) -> UInt32 {
        var out: UInt32 = 0
        var shift: UInt32 = 0
        while shift < 32 {
            let v = f(Int(a >> shift & 0xFF), Int(b >> shift & 0xFF), Int(c >> shift & 0xFF))
            out |= UInt32(min(max(v, 0), 255)) << shift
            shift += 8
        }
        return out
    }

    /// The prediction of mode `mode` from the left, top, top-right and top-left pixels.
    private static func predict(_ mode: UInt32, left l: UInt32, top t: UInt32, topRight tr: UInt32, topLeft tl: UInt32) -> UInt32 {
        switch mode {
        case 1: return l
        case 2: return t
        case 3: return tr
        case 4: return tl
        case 5: return average(average(l, tr), t)
        case 6: return average(l, tl)
        case 7: return average(l, t)
        case 8: return average(tl, t)
        case 9: return average(t, tr)
        case 10: return average(average(l, tl), average(t, tr))
        case 11:
            // Select: whichever of left and top is nearer (Manhattan distance over the
            // channels) to the gradient estimate left + top - top-left.
            var towardLeft = 0, towardTop = 0
            var shift: UInt32 = 0
            while shift < 32 {
                let lc = Int(l >> shift & 0xFF), tc = Int(t >> shift & 0xFF), tlc = Int(tl >> shift & 0xFF)
                towardLeft += abs(tc - tlc)
                towardTop += abs(lc - tlc)
                shift += 8
            }
            return towardLeft < towardTop ? l : t
        case 12: return perChannel(l, t, tl) { $0 + $1 - $2 }
        case 13: return perChannel(average(l, t), tl, 0) { a, b, _ in a + (a - b) / 2 }
        // Mode 0, and 14 and 15, which the format leaves unused (libwebp predicts opaque black).
        default: return 0xFF00_0000
        }
    }

    /// Undoes the predictor transform in place, in scan order (each prediction uses decoded
    /// pixels). The first pixel is predicted opaque black, the rest of the top row from the
    /// left, the left column from the top; the top-right neighbour of a row's last pixel is
    /// the row's first pixel, as the format specifies.
    private static func undoPredictor(_ pixels: inout [UInt32], width: Int, height: Int, blockBits: Int, modes: [UInt32]) {
        let blocksPerRow = WebPLosslessDecoder.blocks(width, blockBits)
        pixels[0] = add(pixels[0], 0xFF00_0000)
        for x in 1..<width { pixels[x] = add(pixels[x], pixels[x - 1]) }
        for y in 1..<height {
            let row = y * width
            pixels[row] = add(pixels[row], pixels[row - width])
            for x in 1..<width {
                let i = row + x
                let mode = modes[(y >> blockBits) * blocksPerRow + (x >> blockBits)] >> 8 & 0xF
                let prediction = predict(mode, left: pixels[i - 1], top: pixels[i - width], topRight: pixels[i - width + 1], topLeft: pixels[i - width - 1])
                pixels[i] = add(pixels[i], prediction)
            }
        }
    }
}
