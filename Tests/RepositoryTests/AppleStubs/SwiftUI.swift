// A stand-in for the part of Apple's SwiftUI that Cutout's adapters use, so Linux can type-check
// them (AdapterTypecheckTests). Declarations follow the real SDK's names, labels, optionality
// and main-actor isolation; bodies are placeholders. It checks the adapters' use of the cores
// and of Swift 6 concurrency, not Apple's API itself: add a declaration here, with the SDK's
// exact signature, when an adapter starts using a new Apple API.
@_exported import CoreGraphics
@MainActor public protocol View { associatedtype Body: View; @ViewBuilder var body: Body { get } }
extension Optional: View where Wrapped: View { public var body: Never { fatalError() } }
extension Never: View { public typealias Body = Never; public var body: Never { fatalError() } }
public struct _V: View { nonisolated public init() {}; public var body: Never { fatalError() } }
@resultBuilder public enum ViewBuilder {
  public static func buildExpression<C: View>(_ c: C) -> C { c }
  public static func buildBlock() -> _V { _V() }
  public static func buildBlock<C: View>(_ c: C) -> C { c }
  public static func buildBlock<each C: View>(_ c: repeat each C) -> _V { _V() }
  public static func buildIf<C: View>(_ c: C?) -> C? { c }
  public static func buildEither<A: View>(first: A) -> _V { _V() }
  public static func buildEither<A: View>(second: A) -> _V { _V() }
  public static func buildLimitedAvailability<C: View>(_ c: C) -> _V { _V() } }
public struct UnitPoint: Sendable { public static let top = UnitPoint(); public static let bottom = UnitPoint() }
public struct Alignment: Sendable { public static let topLeading = Alignment(); public static let leading = Alignment()
  public static let trailing = Alignment(); public static let center = Alignment(); public static let bottom = Alignment() }
public enum HorizontalAlignment: Sendable { case leading, center }
public struct EdgeInsets: Sendable { public var top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0 }
public enum LayoutDirection: Sendable { case leftToRight, rightToLeft }
public struct Font: Sendable { public static let headline = Font(); public static let body = Font() }
public struct Color: Sendable {
  public enum RGBColorSpace: Sendable { case sRGB }
  public init(_ s: RGBColorSpace, red: Double, green: Double, blue: Double, opacity: Double) {}
  public static let clear = Color(.sRGB, red: 0, green: 0, blue: 0, opacity: 0); public static let black = clear; public static let white = clear
  public static let purple = clear; public static let orange = clear
  public func opacity(_ o: Double) -> Color { self } }
public struct FillStyle: Sendable { public init(eoFill: Bool = false, antialiased: Bool = true) {} }
public struct Path: Shape, Equatable, @unchecked Sendable {
  nonisolated public init() {}; nonisolated public init(_ rect: CGRect) {}; nonisolated public init(_ p: CGPath) {}
  nonisolated public mutating func move(to: CGPoint) {}; nonisolated public mutating func addLine(to: CGPoint) {}
  nonisolated public mutating func addQuadCurve(to: CGPoint, control: CGPoint) {}; nonisolated public mutating func addCurve(to: CGPoint, control1: CGPoint, control2: CGPoint) {}
  nonisolated public mutating func closeSubpath() {}
  public enum Element { case move(to: CGPoint), line(to: CGPoint), quadCurve(to: CGPoint, control: CGPoint), curve(to: CGPoint, control1: CGPoint, control2: CGPoint), closeSubpath }
  nonisolated public func forEach(_ body: (Element) -> Void) {}
  nonisolated public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path { self }; nonisolated public func applying(_ t: CGAffineTransform) -> Path { self }
  nonisolated public func path(in rect: CGRect) -> Path { self } }
public protocol Shape: View, Sendable { nonisolated func path(in rect: CGRect) -> Path }
extension Shape { public var body: _V { _V() }
  public func fill(style: FillStyle = FillStyle()) -> _V { _V() }
  public func fill(_ c: Color, style: FillStyle = FillStyle()) -> _V { _V() } }
public struct Rectangle: Shape { public init() {}; nonisolated public func path(in rect: CGRect) -> Path { Path() } }
public struct LinearGradient: View { public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {}; public var body: Never { fatalError() } }
public struct Text: View { public init(_ s: String) {}; public var body: Never { fatalError() } }
public struct Image: View { public init(_ s: String) {}; public var body: Never { fatalError() }; public func resizable() -> Image { self } }
public struct Button<L: View>: View { public var body: Never { fatalError() } }
extension Button where L == Text { public init<S: StringProtocol>(_ s: S, action: @escaping @MainActor () -> Void) {} }
public struct VStack<C: View>: View { public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> C) {}; public var body: Never { fatalError() } }
public struct HStack<C: View>: View { public init(spacing: CGFloat? = nil, @ViewBuilder content: () -> C) {}; public var body: Never { fatalError() } }
public struct ZStack<C: View>: View { public init(alignment: Alignment = .center, @ViewBuilder content: () -> C) {}; public var body: Never { fatalError() } }
public struct Spacer: View { public init(minLength: CGFloat? = nil) {}; public var body: Never { fatalError() } }
public struct ForEach<D: RandomAccessCollection, ID: Hashable, C: View>: View { public var body: Never { fatalError() }
  public init(_ d: D, id: KeyPath<D.Element, ID>, @ViewBuilder content: @escaping (D.Element) -> C) {} }
public struct Anchor<Value>: Equatable { public static func == (a: Anchor, b: Anchor) -> Bool { true }
  public struct Source { } }
extension Anchor.Source where Value == CGRect { public static var bounds: Anchor<CGRect>.Source { Anchor<CGRect>.Source() } }
public struct GeometryProxy { public var size: CGSize { .zero }; public var safeAreaInsets: EdgeInsets { EdgeInsets() }
  public subscript<T>(_ a: Anchor<T>) -> T { fatalError() } }
public struct GeometryReader<C: View>: View { public init(@ViewBuilder content: @escaping (GeometryProxy) -> C) {}; public var body: Never { fatalError() } }
public protocol PreferenceKey { associatedtype Value; static var defaultValue: Value { get }; static func reduce(value: inout Value, nextValue: () -> Value) }
public struct TimelineViewDefaultContext { public var date: Date { Date() } }
public struct AnimationTimelineSchedule { }
extension AnimationTimelineSchedule { public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule { .init() } }
public struct TimelineView<C: View>: View { public init(_ s: AnimationTimelineSchedule, @ViewBuilder content: @escaping (TimelineViewDefaultContext) -> C) {}; public var body: Never { fatalError() } }
public struct GraphicsContext { public enum BlendMode { case normal, destinationOut }; public var blendMode = BlendMode.normal; public var opacity: Double = 1
  public enum Shading { case color(Color) }
  public struct Filter { public static func shadow(color: Color, radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> Filter { Filter() } }
  public mutating func concatenate(_ t: CGAffineTransform) {}; public func fill(_ p: Path, with: Shading) {}
  public mutating func addFilter(_ f: Filter) {}; public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {} }
public struct Canvas: View { public init(renderer: @escaping (inout GraphicsContext, CGSize) -> Void) {}; public var body: Never { fatalError() } }
public protocol Gesture {}
public struct DragGesture: Gesture { public struct Value { public var translation: CGSize; public var time: Date; public var location: CGPoint }
  public init(minimumDistance: CGFloat = 10) {}
  public func onChanged(_ f: @escaping (Value) -> Void) -> DragGesture { self }; public func onEnded(_ f: @escaping (Value) -> Void) -> DragGesture { self } }
@MainActor public protocol ViewModifier { associatedtype Body: View; typealias Content = _V; @ViewBuilder func body(content: Content) -> Body }
@propertyWrapper public struct State<T> { public init(wrappedValue: T) {}; public var wrappedValue: T { get { fatalError() } nonmutating set {} }; public var projectedValue: Binding<T> { fatalError() } }
@propertyWrapper public struct Binding<T> { public init(get: @escaping () -> T, set: @escaping (T) -> Void) {}; public var wrappedValue: T { get { fatalError() } nonmutating set {} }; public var projectedValue: Binding<T> { self } }
public protocol ObservableObject: AnyObject {}
@propertyWrapper public struct Published<T> { public init(wrappedValue: T) {}; public var wrappedValue: T { get { fatalError() } set {} } }
@propertyWrapper public struct StateObject<O: ObservableObject> { public init(wrappedValue: @autoclosure @escaping () -> O) {}; @MainActor public var wrappedValue: O { fatalError() } }
public struct EnvironmentValues { public var layoutDirection: LayoutDirection { .leftToRight } }
@propertyWrapper public struct Environment<T> { public init(_ k: KeyPath<EnvironmentValues, T>) {}; public var wrappedValue: T { fatalError() } }
public enum AccessibilityAdjustmentDirection { case increment, decrement }
public struct AccessibilityTraits: Sendable { public static let isHeader = AccessibilityTraits(); public static let isModal = AccessibilityTraits() }
public enum AccessibilityChildBehavior { case contain, ignore }
extension View {
  public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> _V { _V() }
  public func frame(maxWidth: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center) -> _V { _V() }
  public func position(x: CGFloat, y: CGFloat) -> _V { _V() }
  public func opacity(_ o: Double) -> _V { _V() }
  public func zIndex(_ z: Double) -> _V { _V() }
  public func transformEffect(_ t: CGAffineTransform) -> _V { _V() }
  public func hidden() -> _V { _V() }
  public func allowsHitTesting(_ b: Bool) -> _V { _V() }
  public func clipped() -> _V { _V() }
  public func padding() -> _V { _V() }
  public func font(_ f: Font?) -> _V { _V() }
  public func foregroundColor(_ c: Color?) -> _V { _V() }
  public func fixedSize(horizontal: Bool, vertical: Bool) -> _V { _V() }
  public func background<B: View>(_ b: B) -> _V { _V() }
  public func overlay<O: View>(_ o: O) -> _V { _V() }
  public func overlay<O: View>(alignment: Alignment = .center, @ViewBuilder content: () -> O) -> _V { _V() }
  public func mask<M: View>(alignment: Alignment = .center, @ViewBuilder _ m: () -> M) -> _V { _V() }
  public func contentShape<S: Shape>(_ s: S, eoFill: Bool = false) -> _V { _V() }
  public func gesture<G: Gesture>(_ g: G) -> _V { _V() }
  public func preference<K: PreferenceKey>(key: K.Type, value: K.Value) -> _V { _V() }
  public func transformAnchorPreference<A, K: PreferenceKey>(key: K.Type, value: Anchor<A>.Source, transform: @escaping (inout K.Value, Anchor<A>) -> Void) -> _V { _V() }
  public func overlayPreferenceValue<K: PreferenceKey, T: View>(_ k: K.Type, @ViewBuilder _ t: @escaping (K.Value) -> T) -> _V { _V() }
  public func onAppear(perform: (() -> Void)? = nil) -> _V { _V() }
  public func onChange<V: Equatable>(of v: V, perform: @escaping (V) -> Void) -> _V { _V() }
  public func task<T: Equatable>(id: T, priority: TaskPriority = .userInitiated, _ action: @escaping @MainActor @Sendable () async -> Void) -> _V { _V() }
  public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> _V { _V() }
  public func accessibilityLabel(_ t: Text) -> _V { _V() }
  public func accessibilityAddTraits(_ t: AccessibilityTraits) -> _V { _V() }
  public func accessibilityHidden(_ b: Bool) -> _V { _V() }
  public func accessibilityAdjustableAction(_ f: @escaping (AccessibilityAdjustmentDirection) -> Void) -> _V { _V() }
  public func modifier<M: ViewModifier>(_ m: M) -> _V { _V() }
}

extension Color: View { public var body: Never { fatalError() } }
