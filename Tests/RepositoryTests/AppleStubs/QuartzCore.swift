// A stand-in for the part of Apple's QuartzCore that Cutout's adapters use, so Linux can type-check
// them (AdapterTypecheckTests). Declarations follow the real SDK's names, labels, optionality
// and main-actor isolation; bodies are placeholders. It checks the adapters' use of the cores
// and of Swift 6 concurrency, not Apple's API itself: add a declaration here, with the SDK's
// exact signature, when an adapter starts using a new Apple API.
@_exported import CoreGraphics
public typealias CFTimeInterval = Double
public func CACurrentMediaTime() -> CFTimeInterval { 0 }
public struct CATransform3D: Sendable {}
public func CATransform3DMakeAffineTransform(_ t: CGAffineTransform) -> CATransform3D { CATransform3D() }
public struct CACornerMask: OptionSet, Sendable { public let rawValue: UInt; public init(rawValue: UInt) { self.rawValue = rawValue } }
public struct CALayerContentsGravity: Hashable, Sendable { public init(rawValue: String) {}; public static let resize = CALayerContentsGravity(rawValue: "resize") }
public struct CALayerContentsFilter: Hashable, Sendable { public init(rawValue: String) {}; public static let linear = CALayerContentsFilter(rawValue: "linear") }
public struct CAShapeLayerFillRule: Hashable, Sendable { public init(rawValue: String) {}; public static let evenOdd = CAShapeLayerFillRule(rawValue: ""); public static let nonZero = CAShapeLayerFillRule(rawValue: "") }
public struct CAShapeLayerLineCap: Hashable, Sendable { public init(rawValue: String) {} }
public struct CAShapeLayerLineJoin: Hashable, Sendable { public init(rawValue: String) {} }
public struct CAGradientLayerType: Hashable, Sendable { public init(rawValue: String) {} }
open class CALayer { public init() {}
  open var name: String?; open var bounds = CGRect.zero; open var position = CGPoint.zero; open var anchorPoint = CGPoint.zero
  open var frame = CGRect.zero
  open func setAffineTransform(_ t: CGAffineTransform) {}; open var sublayerTransform = CATransform3D()
  open var opacity: Float = 1; open var isHidden = false; open var backgroundColor: CGColor?; open var cornerRadius: CGFloat = 0
  open var maskedCorners = CACornerMask(rawValue: 0); open var borderWidth: CGFloat = 0; open var borderColor: CGColor?
  open var masksToBounds = false; open var zPosition: CGFloat = 0; open var shadowColor: CGColor?; open var shadowOpacity: Float = 0
  open var shadowOffset = CGSize.zero; open var shadowRadius: CGFloat = 0; open var shadowPath: CGPath?
  open var contents: Any?; open var contentsRect = CGRect.zero; open var contentsCenter = CGRect.zero
  open var contentsGravity = CALayerContentsGravity.resize; open var contentsScale: CGFloat = 1
  open var magnificationFilter = CALayerContentsFilter.linear; open var minificationFilter = CALayerContentsFilter.linear
  open var mask: CALayer?
  open func addSublayer(_ l: CALayer) {}; open func insertSublayer(_ l: CALayer, at: UInt32) {}; open func removeFromSuperlayer() {} }
open class CAShapeLayer: CALayer { open var path: CGPath?; open var fillColor: CGColor?; open var fillRule = CAShapeLayerFillRule.nonZero
  open var strokeColor: CGColor?; open var lineWidth: CGFloat = 1; open var lineCap = CAShapeLayerLineCap(rawValue: ""); open var lineJoin = CAShapeLayerLineJoin(rawValue: "")
  open var miterLimit: CGFloat = 10; open var lineDashPattern: [NSNumber]?; open var lineDashPhase: CGFloat = 0; open var strokeStart: CGFloat = 0; open var strokeEnd: CGFloat = 1 }
open class CAGradientLayer: CALayer { open var type = CAGradientLayerType(rawValue: ""); open var colors: [Any]?; open var locations: [NSNumber]?
  open var startPoint = CGPoint.zero; open var endPoint = CGPoint.zero }
public enum CATransaction { public static func begin() {}; public static func commit() {}; public static func setDisableActions(_ b: Bool) {} }
public struct Selector { public static func make(_ f: Any) -> Selector { Selector() } }
@MainActor open class CADisplayLink { public init(target: Any, selector: Selector) {}; public func add(to: RunLoop, forMode: RunLoop.Mode) {}; public func invalidate() {} }
