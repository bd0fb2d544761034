import CutoutCollection
import Foundation

/// The collection-layout scenes of `cutout bench` (issues 17 and 24): one frame is what a
/// scroll view asks of its layout when the content offset moves, prepare-if-needed followed by
/// the attributes in the new visible rect. No pixels are drawn.
///
/// - `layout-100`, `layout-1m`: the pizza-half selector (left half, 195×700 pt viewport,
///   300 pt pizzas) with 100 and 1,000,000 items.
/// - `layout-seed-100k`: the seed's approach at 100,000 items (Dodo Pizza's article): every
///   frame, `prepare` recomputes the default frame of every row and the query filters all of
///   them, then computes the attributes of the rows that meet the rect.
/// - `carousel-<style>-100`, `carousel-<style>-1m`: each ``CarouselLayout/Style`` wrapping
///   around (390×300 pt viewport, 160×220 pt items 180 pt apart).
///
/// Each frame moves to an offset far from the last one (the golden-ratio sequence over the
/// whole content), so no frame reuses what the previous one touched and a large count cannot
/// hide behind a warm cache.
enum LayoutBench {
    static let carouselCounts = [("100", 100), ("1m", CollectionContext.maxNumberOfItems)]

    /// Every scene, in the order `layouts` runs them.
    static let names: [String] = ["layout-100", "layout-1m", "layout-seed-100k"]
        + CarouselLayout.Style.allCases.flatMap { style in carouselCounts.map { "carousel-\(style.rawValue)-\($0.0)" } }

    /// Whether `name` is a layout scene or `layouts` (all of them).
    static func isLayoutScene(_ name: String) -> Bool { name == "layouts" || names.contains(name) }

    /// The layout scenes named in `requested`, with `layouts` expanded, in the order given.
    static func expand(_ requested: [String]) -> [String] {
        requested.flatMap { $0 == "layouts" ? names : (names.contains($0) ? [$0] : []) }
    }

    /// Milliseconds per frame of scene `name`: 3 warm-up frames, then exactly `frames` frames,
    /// or frames until about 2 s have passed (at least 5, at most 2000).
    static func run(_ name: String, frames: Int?) -> [Double] {
        let frame = makeScene(name)
        var sink = 0
        for k in 0..<3 { sink &+= frame(k) }
        var ms: [Double] = []
        let clock = ContinuousClock()
        let start = clock.now
        var k = 3
        while true {
            let t0 = clock.now
            sink &+= frame(k)
            let d = clock.now - t0
            ms.append(Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15)
            k += 1
            if let frames {
                if ms.count >= frames { break }
            } else if ms.count >= 2000 || (ms.count >= 5 && clock.now - start >= .seconds(2)) {
                break
            }
        }
        // The attribute counts are summed so the optimiser cannot drop the work.
        if sink == Int.min { print(sink) }
        return ms
    }

    /// The offset fraction of frame `k`: the golden-ratio sequence, spread evenly over 0..<1.
    static func fraction(_ k: Int) -> CGFloat {
        (CGFloat(k) * 0.618_033_988_749_895).truncatingRemainder(dividingBy: 1)
    }

    /// A closure performing frame `k` and returning how many attributes it produced.
    static func makeScene(_ name: String) -> (Int) -> Int {
        switch name {
        case "layout-100": return pizzaFrames(items: 100)
        case "layout-1m": return pizzaFrames(items: CollectionContext.maxNumberOfItems)
        case "layout-seed-100k": return seedFrames(items: 100_000)
        default:
            for style in CarouselLayout.Style.allCases {
                for (suffix, count) in carouselCounts where name == "carousel-\(style.rawValue)-\(suffix)" {
                    return carouselFrames(style, items: count)
                }
            }
            preconditionFailure("not a layout scene: \(name)")
        }
    }

    static let pizzaViewport = CGSize(width: 195, height: 700)

    /// One frame of a scroll view over `layout`: prepare when the bounds change asks for it,
    /// then the attributes in the new visible rect.
    static func scroll(_ layout: CollectionLayout, to bounds: CGRect, items: Int) -> Int {
        if layout.shouldInvalidateLayout(forBoundsChange: bounds) {
            layout.prepare(for: CollectionContext(bounds: bounds, numberOfItems: items))
        }
        return layout.layoutAttributesForElements(in: bounds).count
    }

    static func pizzaFrames(items: Int) -> (Int) -> Int {
        let layout = PizzaHalfSelectorLayout(orientation: .left)
        layout.prepare(for: CollectionContext(bounds: CGRect(origin: .zero, size: pizzaViewport), numberOfItems: items))
        let first = layout.contentOffset(for: 0).y, span = layout.contentOffset(for: items - 1).y - first
        return { k in
            let bounds = CGRect(origin: CGPoint(x: 0, y: first + fraction(k) * span), size: pizzaViewport)
            return scroll(layout, to: bounds, items: items)
        }
    }

    static func carouselFrames(_ style: CarouselLayout.Style, items: Int) -> (Int) -> Int {
        let viewport = CGSize(width: 390, height: 300)
        let layout = CarouselLayout(style: style, wrapsAround: true)
        layout.prepare(for: CollectionContext(bounds: CGRect(origin: .zero, size: viewport), numberOfItems: items))
        let span = layout.collectionViewContentSize.width - viewport.width
        return { k in
            let bounds = CGRect(origin: CGPoint(x: fraction(k) * span, y: 0), size: viewport)
            return scroll(layout, to: bounds, items: items)
        }
    }

    /// The seed's frame: all row frames rebuilt by `prepare` (the seed invalidates its layout
    /// on every bounds change), all of them filtered against the rect, then the attributes
    /// and captions of the rows kept.
    static func seedFrames(items: Int) -> (Int) -> Int {
        let layout = PizzaHalfSelectorLayout(orientation: .left)
        layout.prepare(for: CollectionContext(bounds: CGRect(origin: .zero, size: pizzaViewport), numberOfItems: items))
        let h = layout.configuration.itemSize
        let first = layout.contentOffset(for: 0).y, span = layout.contentOffset(for: items - 1).y - first
        var frames: [CGRect] = []
        return { k in
            let bounds = CGRect(origin: CGPoint(x: 0, y: first + fraction(k) * span), size: pizzaViewport)
            layout.prepare(for: CollectionContext(bounds: bounds, numberOfItems: items))
            frames = (0..<items).map { CGRect(x: 0, y: h * CGFloat($0), width: bounds.width, height: h) }
            let rows = frames.indices.filter { frames[$0].intersects(bounds) }
            let cells = rows.compactMap { layout.layoutAttributesForItem(at: .item($0)) }
            let captions = rows.compactMap {
                layout.layoutAttributesForSupplementaryView(ofKind: PizzaHalfSelectorLayout.captionKind, at: .item($0))
            }
            return cells.count + captions.count
        }
    }
}
