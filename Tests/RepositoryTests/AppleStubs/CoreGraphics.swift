// A stand-in for the part of Apple's CoreGraphics that Cutout's adapters use, so Linux can type-check
// them (AdapterTypecheckTests). Declarations follow the real SDK's names, labels, optionality
// and main-actor isolation; bodies are placeholders. It checks the adapters' use of the cores
// and of Swift 6 concurrency, not Apple's API itself: add a declaration here, with the SDK's
// exact signature, when an adapter starts using a new Apple API.
@_exported import Foundation
public typealias CFData = NSData
public struct CGAffineTransform: Sendable { public var a, b, c, d, tx, ty: CGFloat
  public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) { self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty }
  public init(translationX: CGFloat, y: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: translationX, ty: y) }
  public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }
public enum CGPathFillRule: Int, Sendable { case winding, evenOdd }
public enum CGPathElementType: Int32, Sendable { case moveToPoint, addLineToPoint, addQuadCurveToPoint, addCurveToPoint, closeSubpath }
public struct CGPathElement { public var type: CGPathElementType; public var points: UnsafeMutablePointer<CGPoint> }
open class CGPath: @unchecked Sendable { public init() {}; public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {}
  public func copy() -> CGPath? { self } }
open class CGMutablePath: CGPath, @unchecked Sendable { public override init() {}
  public func move(to: CGPoint) {}; public func addLine(to: CGPoint) {}
  public func addQuadCurve(to: CGPoint, control: CGPoint) {}
  public func addCurve(to: CGPoint, control1: CGPoint, control2: CGPoint) {}
  public func closeSubpath() {} }
open class CGColorSpace: @unchecked Sendable { public init?(name: CFString) {}; public static let sRGB: CFString = "" }
public typealias CFString = String
public enum CGColorRenderingIntent: Int32, Sendable { case defaultIntent }
open class CGColor: @unchecked Sendable { public init(srgbRed: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
  public func converted(to: CGColorSpace, intent: CGColorRenderingIntent, options: NSDictionary?) -> CGColor? { nil }
  public var components: [CGFloat]? { nil } }
open class CGDataProvider { public init?(data: CFData) {} }
public struct CGBitmapInfo: OptionSet, Sendable { public let rawValue: UInt32; public init(rawValue: UInt32) { self.rawValue = rawValue } }
public enum CGImageAlphaInfo: UInt32, Sendable { case premultipliedLast = 1 }
open class CGImage: @unchecked Sendable {
  public init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int, space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider, decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent) {}
  public var width: Int { 0 }; public var height: Int { 0 } }
open class CGContext { public init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32) {}
  public func draw(_ image: CGImage, in rect: CGRect) {} }
