import Foundation
@testable import CutoutSpotlight

/// Collects reported errors and events across the `@Sendable` callbacks.
final class Collector<T: Sendable>: @unchecked Sendable {
    private var items: [T] = []
    private let lock = NSLock()
    func add(_ item: T) { lock.withLock { items.append(item) } }
    var all: [T] { lock.withLock { items } }
}

/// An iPhone-sized screen: status bar 47, navigation bar 44, tab bar 49, home indicator 34.
/// Visible content: y from 91 to 761.
func phoneViewport(_ direction: LayoutDirection = .leftToRight) -> SpotlightViewport {
    SpotlightViewport(bounds: CGRect(x: 0, y: 0, width: 390, height: 844),
                      safeAreaInsets: SpotlightInsets(top: 47, bottom: 34),
                      topBarHeight: 44, bottomBarHeight: 49, layoutDirection: direction)
}

func near(_ a: CGFloat, _ b: CGFloat, _ tol: CGFloat = 1e-9) -> Bool { abs(a - b) <= tol }

func near(_ a: CGRect, _ b: CGRect, _ tol: CGFloat = 1e-9) -> Bool {
    near(a.minX, b.minX, tol) && near(a.minY, b.minY, tol) && near(a.maxX, b.maxX, tol) && near(a.maxY, b.maxY, tol)
}
