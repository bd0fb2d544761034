// A stand-in for the part of Apple's UIKit that Cutout's adapters use, so Linux can type-check
// them (AdapterTypecheckTests). Declarations follow the real SDK's names, labels, optionality
// and main-actor isolation; bodies are placeholders. It checks the adapters' use of the cores
// and of Swift 6 concurrency, not Apple's API itself: add a declaration here, with the SDK's
// exact signature, when an adapter starts using a new Apple API.
@_exported import QuartzCore
public struct UIEdgeInsets: Sendable { public var top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0
  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {} }
public final class UIColor: @unchecked Sendable { public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
  public init(white: CGFloat, alpha: CGFloat) {}
  public func resolvedColor(with: UITraitCollection) -> UIColor { self }; public var cgColor: CGColor { fatalError() }
  public static let white = UIColor(white: 1, alpha: 1); public static let black = UIColor(white: 0, alpha: 1)
  public static let clear = UIColor(white: 0, alpha: 0); public static let systemBackground = UIColor(white: 1, alpha: 1)
  public static let systemBlue = UIColor(white: 0, alpha: 1) }
@MainActor public final class UITraitCollection { public static var current: UITraitCollection { UITraitCollection() }; public var displayScale: CGFloat { 1 } }
public final class UIBezierPath { public init() {}; public init(cgPath: CGPath) {}; public init(roundedRect: CGRect, cornerRadius: CGFloat) {}
  public var cgPath: CGPath { CGPath() }; public var usesEvenOddFillRule = false }
public enum UIImageOrientation { case up, down }
public final class UIImage: @unchecked Sendable { public init(cgImage: CGImage, scale: CGFloat, orientation: UIImage.Orientation) {}
  public typealias Orientation = UIImageOrientation
  public var imageOrientation: Orientation { .up }; public var cgImage: CGImage? { nil }; public var scale: CGFloat { 1 }; public var size: CGSize { .zero }
  public func draw(at: CGPoint) {} }
public final class UIGraphicsImageRendererFormat { public static func preferred() -> UIGraphicsImageRendererFormat { .init() }; public var scale: CGFloat = 1 }
public final class UIGraphicsImageRendererContext {}
public final class UIGraphicsImageRenderer { public init(size: CGSize, format: UIGraphicsImageRendererFormat) {}
  public func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage { fatalError() } }
public final class UIEvent {}
public struct UILayoutPriority: Sendable { public static let required = UILayoutPriority(); public static let fittingSizeLevel = UILayoutPriority() }
public enum UIUserInterfaceLayoutDirection { case leftToRight, rightToLeft }
public struct UIAccessibilityTraits: OptionSet, Sendable { public let rawValue: UInt64; public init(rawValue: UInt64) { self.rawValue = rawValue }; public static let header = UIAccessibilityTraits(rawValue: 1) }
public struct UIViewAutoresizing: OptionSet, Sendable { public let rawValue: UInt; public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let flexibleWidth = UIViewAutoresizing(rawValue: 1); public static let flexibleHeight = UIViewAutoresizing(rawValue: 2) }
@MainActor public final class UILayoutGuide { public var layoutFrame: CGRect { .zero } }
@MainActor open class UIResponder: NSObject {}
@MainActor open class UIGestureRecognizer: NSObject { public init(target: Any?, action: Selector?) {}; public func location(in: UIView?) -> CGPoint { .zero } }
@MainActor open class UITapGestureRecognizer: UIGestureRecognizer {}
@MainActor open class UIView: UIResponder {
  public init(frame: CGRect) {}; public required init?(coder: NSCoder) {}; public convenience override init() { self.init(frame: .zero) }
  open var bounds = CGRect.zero; open var frame = CGRect.zero; public var layer: CALayer { CALayer() }; open var backgroundColor: UIColor?
  open var isOpaque = true; open var traitCollection: UITraitCollection { UITraitCollection() }; open func layoutSubviews() {}
  open func setNeedsLayout() {}; open func layoutIfNeeded() {}; open func traitCollectionDidChange(_ p: UITraitCollection?) {}
  open func point(inside point: CGPoint, with event: UIEvent?) -> Bool { true }; open func addSubview(_ v: UIView) {}
  open func removeFromSuperview() {}; open var window: UIWindow? { nil }; open func convert(_ r: CGRect, to: UIView?) -> CGRect { r }
  open var safeAreaLayoutGuide: UILayoutGuide { UILayoutGuide() }; open var autoresizingMask = UIViewAutoresizing(rawValue: 0)
  open var isUserInteractionEnabled = true; open var alpha: CGFloat = 1; open var isHidden = false
  open var accessibilityViewIsModal = false; open var effectiveUserInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }
  open func addGestureRecognizer(_ g: UIGestureRecognizer) {}
  open func systemLayoutSizeFitting(_ s: CGSize, withHorizontalFittingPriority: UILayoutPriority, verticalFittingPriority: UILayoutPriority) -> CGSize { s }
  public static let layoutFittingCompressedSize = CGSize.zero
  open var accessibilityLabel: String?; open var accessibilityTraits = UIAccessibilityTraits(rawValue: 0)
  open var tag = 0 }
@MainActor open class UIWindow: UIView {}
@MainActor open class UIViewController: UIResponder { public var view: UIView! }
public final class UIFont { public static func preferredFont(forTextStyle: UIFont.TextStyle) -> UIFont { UIFont() }
  public struct TextStyle: Sendable { public static let headline = TextStyle(); public static let body = TextStyle() } }
@MainActor open class UILabel: UIView { open var text: String?; open var font: UIFont!; open var adjustsFontForContentSizeCategory = false; open var numberOfLines = 1 }
public struct UIControlEvents: OptionSet, Sendable { public let rawValue: UInt; public init(rawValue: UInt) { self.rawValue = rawValue }; public static let primaryActionTriggered = UIControlEvents(rawValue: 1) }
public enum UIButtonType { case system }
@MainActor open class UIControl: UIView { public typealias Event = UIControlEvents; open func addTarget(_ t: Any?, action: Selector, for: Event) {} }
@MainActor open class UIButton: UIControl { public enum State { case normal }; public convenience init(type: UIButtonType) { self.init(frame: .zero) }
  open func setTitle(_ t: String?, for: State) {}; open var titleLabel: UILabel? { nil } }
@MainActor open class UIStackView: UIView { public override init(frame: CGRect) { super.init(frame: frame) }; public required init(coder: NSCoder) { super.init(frame: .zero) }
  public enum Axis { case horizontal, vertical }; public enum Alignment { case fill, center }
  open var axis = Axis.horizontal; open var spacing: CGFloat = 0; open var alignment = Alignment.fill
  open var arrangedSubviews: [UIView] { [] }; open func addArrangedSubview(_ v: UIView) {} }
@MainActor open class UIScrollView: UIView { public struct DecelerationRate: Sendable { public let rawValue: CGFloat; public init(rawValue: CGFloat) { self.rawValue = rawValue }; public static let fast = DecelerationRate(rawValue: 0.99) }
  open var contentSize = CGSize.zero; open var contentOffset = CGPoint.zero; open var adjustedContentInset: UIEdgeInsets { contentInset }
  open func setContentOffset(_ o: CGPoint, animated: Bool) {}
  open var bounces = true; open var alwaysBounceVertical = false; open var contentInset = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0); open var decelerationRate = DecelerationRate(rawValue: 0.998) }
@MainActor open class UITableView: UIScrollView {}
@MainActor open class UITableViewCell: UIView { open var contentView: UIView { UIView() }; open var backgroundView: UIView? }
@MainActor open class UICollectionViewCell: UIView { open var contentView: UIView { UIView() }; open var backgroundView: UIView? }
@MainActor open class UICollectionView: UIScrollView { open var numberOfSections: Int { 1 }; open func numberOfItems(inSection: Int) -> Int { 0 }
  public init(frame: CGRect, collectionViewLayout: UICollectionViewLayout) { super.init(frame: frame) }
  public required init?(coder: NSCoder) { super.init(coder: coder) } }
@MainActor open class UICollectionViewLayoutAttributes: NSObject {
  public convenience init(forCellWith: IndexPath) { self.init() }
  public convenience init(forSupplementaryViewOfKind: String, with: IndexPath) { self.init() }
  open var center = CGPoint.zero; open var size = CGSize.zero; open var transform = CGAffineTransform.identity
  open var alpha: CGFloat = 1; open var zIndex = 0; open var isHidden = false }
@MainActor open class UICollectionViewLayout: NSObject {
  public override init() {}; public required init?(coder: NSCoder) {}
  open var collectionView: UICollectionView? { nil }; open func prepare() {}
  open var collectionViewContentSize: CGSize { .zero }
  open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }
  open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
  open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
  open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint { .zero }
  open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }
  open func invalidateLayout() {} }
@MainActor public final class UISelectionFeedbackGenerator { public init() {}; public func prepare() {}; public func selectionChanged() {} }
public enum UIAccessibility { public struct Notification: Sendable { public static let screenChanged = Notification() }
  @MainActor public static func post(notification: Notification, argument: Any?) {} }
extension IndexPath { public init(item: Int, section: Int) { self.init(indexes: [section, item]) }; public var item: Int { self[1] }; public var row: Int { self[1] }; public var section: Int { self[0] } }
