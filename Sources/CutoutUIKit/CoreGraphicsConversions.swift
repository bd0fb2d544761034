// Apple APIs: CoreGraphics (CGPath, CGMutablePath.applyWithBlock, CGAffineTransform, CGColor,
// CGColorSpace.sRGB, CGColor.converted(to:intent:options:), CGImage, CGDataProvider, CGContext),
// QuartzCore (CAShapeLayerFillRule). iOS 15 / macOS 12.
#if canImport(UIKit) || canImport(AppKit)
import CoreGraphics
import CutoutGeometry
import CutoutRaster
import Foundation
import QuartzCore

extension Path {
    /// The same outline as an immutable `CGPath`, element for element.
    public var cgPath: CGPath {
        let path = CGMutablePath()
        for element in elements {
            switch element {
            case .moveTo(let p): path.move(to: p)
            case .lineTo(let p): path.addLine(to: p)
            case .quadCurveTo(let p, let c): path.addQuadCurve(to: p, control: c)
            case .curveTo(let p, let c1, let c2): path.addCurve(to: p, control1: c1, control2: c2)
            case .closeSubpath: path.closeSubpath()
            }
        }
        return path.copy() ?? path
    }

    /// The outline of `cgPath`, element for element (non-finite points are dropped by `Path`).
    public init(_ cgPath: CGPath) {
        var elements: [PathElement] = []
        cgPath.applyWithBlock { pointer in
            let e = pointer.pointee
            switch e.type {
            case .moveToPoint: elements.append(.moveTo(e.points[0]))
            case .addLineToPoint: elements.append(.lineTo(e.points[0]))
            case .addQuadCurveToPoint: elements.append(.quadCurveTo(e.points[1], control: e.points[0]))
            case .addCurveToPoint: elements.append(.curveTo(e.points[2], control1: e.points[0], control2: e.points[1]))
            case .closeSubpath: elements.append(.closeSubpath)
            @unknown default: break
            }
        }
        self.init(elements: elements)
    }
}

extension FillRule {
    /// The Core Graphics rule of the same name.
    public var cgPathFillRule: CGPathFillRule { self == .evenOdd ? .evenOdd : .winding }

    /// The Core Animation rule: `.nonZero` for `.winding`.
    public var shapeLayerFillRule: CAShapeLayerFillRule { self == .evenOdd ? .evenOdd : .nonZero }

    /// The rule of the same name.
    public init(_ rule: CGPathFillRule) { self = rule == .evenOdd ? .evenOdd : .winding }

    /// `.winding` for `.nonZero`.
    public init(_ rule: CAShapeLayerFillRule) { self = rule == .evenOdd ? .evenOdd : .winding }
}

extension CGAffineTransform {
    /// The same matrix (Cutout's `Transform` has Core Graphics' layout).
    public init(_ t: Transform) { self.init(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty) }
}

extension Transform {
    /// The same matrix.
    public init(_ t: CGAffineTransform) { self.init(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty) }
}

extension Color {
    /// The colour in the sRGB space.
    public var cgColor: CGColor { CGColor(srgbRed: red, green: green, blue: blue, alpha: alpha) }

    /// `cgColor` converted to sRGB (extended values clamped by ``Color/init(components:)``);
    /// `nil` for a pattern colour or one Core Graphics cannot convert.
    public init?(_ cgColor: CGColor) {
        guard let srgb = CGColorSpace(name: CGColorSpace.sRGB),
              let converted = cgColor.converted(to: srgb, intent: .defaultIntent, options: nil),
              let components = converted.components else { return nil }
        self.init(components: components)
    }
}

extension Pixmap {
    /// The pixels as an sRGB `CGImage` with premultiplied alpha last (the same bytes, copied).
    public var cgImage: CGImage? {
        guard let space = CGColorSpace(name: CGColorSpace.sRGB),
              let provider = CGDataProvider(data: Data(data) as CFData) else { return nil }
        return CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
                       space: space, bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
                       provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }

    /// `image` drawn into premultiplied sRGB RGBA8 pixels; `nil` when its size is outside
    /// ``Pixmap``'s limits or no bitmap context can be made.
    public init?(_ image: CGImage, scale: CGFloat = 1) {
        let w = image.width, h = image.height
        guard (try? Pixmap.validate(width: w, height: h)) != nil, let space = CGColorSpace(name: CGColorSpace.sRGB) else {
            return nil
        }
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        let drawn = bytes.withUnsafeMutableBytes { buffer -> Bool in
            guard let context = CGContext(data: buffer.baseAddress, width: w, height: h, bitsPerComponent: 8,
                                          bytesPerRow: w * 4, space: space,
                                          bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return false }
            // A bitmap context's first row in memory is the top of what is drawn: Pixmap's order.
            context.draw(image, in: CGRect(x: 0, y: 0, width: w, height: h))
            return true
        }
        guard drawn, let pixmap = try? Pixmap(width: w, height: h, scale: scale, data: bytes) else { return nil }
        self = pixmap
    }
}
#endif
