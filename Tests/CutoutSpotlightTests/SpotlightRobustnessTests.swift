import CutoutTestSupport
import CutoutGeometry
import CutoutLayers
import CutoutRaster
import Foundation
import Testing
@testable import CutoutSpotlight

/// Seeded fuzzing of spotlight geometry: viewports, targets, paddings, callout sizes, metrics,
/// transitions and touches with NaN, infinite and huge values. Every case must finish quickly
/// and give finite frames (or leave the broken target out), and the overlay must render.
@Suite struct SpotlightRobustnessTests {
    typealias SplitMix64 = FuzzRandom

    static let extremes: [CGFloat] = [0, -0.0, -1, 1e-300, 1e300, -1e300, .greatestFiniteMagnitude,
                                      -.greatestFiniteMagnitude, 1e9, .nan, .infinity, -.infinity]

    static func value(_ rng: inout SplitMix64, _ range: ClosedRange<Double>) -> CGFloat {
        rng.below(6) == 0 ? rng.pick(extremes) : CGFloat(range.lowerBound + rng.unit() * (range.upperBound - range.lowerBound))
    }

    static func rect(_ rng: inout SplitMix64) -> CGRect {
        CGRect(x: value(&rng, -20...300), y: value(&rng, -20...500), width: value(&rng, 0...200), height: value(&rng, 0...120))
    }

    static func finite(_ r: CGRect) -> Bool {
        r.isNull || (r.minX.isFinite && r.minY.isFinite && r.width.isFinite && r.height.isFinite)
    }

    static func shape(_ rng: inout SplitMix64) -> SpotlightShape {
        switch rng.below(5) {
        case 0: return .rect
        case 1: return .roundedRect(radius: value(&rng, 0...30))
        case 2: return .circle
        case 3: return .capsule
        default:
            var p = Path()
            p.addEllipse(in: rect(&rng))
            return .path(p)
        }
    }

    static func viewport(_ rng: inout SplitMix64) -> SpotlightViewport {
        SpotlightViewport(bounds: rng.below(4) == 0 ? rect(&rng) : CGRect(x: 0, y: 0, width: 320, height: 568),
                          safeAreaInsets: SpotlightInsets(top: value(&rng, 0...50), left: value(&rng, 0...10),
                                                          bottom: value(&rng, 0...40), right: value(&rng, 0...10)),
                          topBarHeight: value(&rng, 0...60), bottomBarHeight: value(&rng, 0...60),
                          layoutDirection: rng.below(2) == 0 ? .leftToRight : .rightToLeft)
    }

    static func metrics(_ rng: inout SplitMix64) -> CalloutMetrics {
        var m = CalloutMetrics()
        if rng.below(3) == 0 {
            m.margin = value(&rng, 0...20); m.gap = value(&rng, 0...10); m.cornerRadius = value(&rng, 0...20)
            m.arrowWidth = value(&rng, 0...30); m.arrowLength = value(&rng, 0...15); m.sheetCornerRadius = value(&rng, 0...20)
        }
        return m
    }

    @Test func layoutsAreFiniteAndRender() throws {
        var rng = SplitMix64(state: 31)
        var drawn = 0
        for i in 0..<250 {
            let viewport = Self.viewport(&rng)
            var registry = TargetRegistry()
            var ids: [String] = []
            for k in 0..<(1 + rng.below(3)) {
                let id = "t\(k)"
                _ = registry.register(SpotlightTarget(id: id, frame: Self.rect(&rng), shape: Self.shape(&rng), padding: Self.value(&rng, -10...20)))
                ids.append(id)
            }
            if rng.below(4) == 0 { ids.append("missing") }
            let style: CalloutStyle = rng.below(5) == 0 ? .bottomSheet : .bubble(preferredSide: rng.pick([.top, .bottom, .leading, .trailing]))
            let step = TourStep(title: "Step", body: "Body", targetIDs: ids, calloutStyle: style)
            let size = CGSize(width: Self.value(&rng, 10...300), height: Self.value(&rng, 10...200))
            let metrics = Self.metrics(&rng)
            let work = try WorkMeter.measure {
                let frame = SpotlightLayout.frame(for: step, targets: registry, viewport: viewport, calloutSize: size, metrics: metrics)
                for c in frame.visibleCutouts { #expect(Self.finite(c.visibleBounds), "case \(i): \(c)") }
                _ = frame.cutoutPath
                for _ in 0..<4 {
                    _ = frame.hitTest(CGPoint(x: Self.value(&rng, -10...330), y: Self.value(&rng, -10...580)), metrics: metrics)
                }
                let scroll = ScrollGeometry(frame: Self.rect(&rng), contentSize: CGSize(width: Self.value(&rng, 0...2000), height: Self.value(&rng, 0...4000)),
                                            contentOffset: CGPoint(x: Self.value(&rng, -100...100), y: Self.value(&rng, -100...2000)))
                if let request = SpotlightLayout.scrollRequest(for: step, targets: registry, viewport: viewport, scrollView: scroll) {
                    #expect(request.contentOffset.x.isFinite && request.contentOffset.y.isFinite, "case \(i): \(request)")
                }
                let transition = OverlayTransition(from: rng.below(3) == 0 ? nil : frame, to: frame,
                                                   duration: Double(Self.value(&rng, 0...1)), easing: .easeInEaseOut)
                let sampled = transition.sample(at: Double(Self.value(&rng, -1...2)))
                let layer = OverlayLayers.layer(for: sampled, metrics: metrics)
                let pixels = try LayerRenderer.render(layer, size: CGSize(width: 32, height: 56), scale: 0.1)
                #expect(pixels.width == 4 && pixels.height == 6, "case \(i): \(pixels.width)×\(pixels.height)")
                if let bad = pixels.premultipliedViolation { Issue.record("case \(i): channel above alpha at \(bad)") }
                if pixels.data.contains(where: { $0 != 0 }) { drawn += 1 }
            }
            // 32×56 pt at 0.1: a 4×6 pixel canvas.
            let overruns = RenderingBudget(canvasWidth: 4, canvasHeight: 6).overruns(work)
            #expect(overruns.isEmpty, "case \(i): \(overruns)")
        }
        #expect(drawn > 100, "\(drawn) of 250 overlays drew something")
    }

    @Test func calloutPlacementWithAbsurdSizesStaysFinite() {
        var rng = SplitMix64(state: 32)
        for i in 0..<400 {
            let viewport = Self.viewport(&rng)
            let target: CGRect? = rng.below(6) == 0 ? nil : Self.rect(&rng)
            let cutouts = (0..<rng.below(4)).map { _ in Self.rect(&rng) }
            let size = CGSize(width: Self.value(&rng, 0...400), height: Self.value(&rng, 0...400))
            let layout = CalloutPlacement.place(contentSize: size, target: target, cutouts: cutouts, viewport: viewport,
                                                style: .bubble(preferredSide: rng.pick([.top, .bottom, .leading, .trailing])),
                                                metrics: Self.metrics(&rng))
            // Sizes, targets, insets and bars are sanitised whatever they are; a viewport without
            // finite bounds gives an empty sheet at the origin.
            #expect(Self.finite(layout.frame) && Self.finite(layout.contentFrame), "case \(i): \(layout)")
            if viewport.bounds.isNull || !Self.finite(viewport.bounds) {
                #expect(layout == .sheet(frame: .zero, content: .zero), "case \(i): \(layout)")
            }
            let path = layout.path(metrics: CalloutMetrics())
            #expect(path.isEmpty || Self.finite(path.boundingBoxOfPath), "case \(i): outline \(path.boundingBoxOfPath)")
            // A bubble is a rounded rectangle and an arrow; a sheet a rounded rectangle.
            #expect(path.elements.count <= 32, "case \(i): \(path.elements.count) elements")
        }
    }

    @Test func interpolationWithExtremeFractions() {
        var rng = SplitMix64(state: 33)
        for i in 0..<300 {
            let a = Cutout(shape: .roundedRect(Self.rect(&rng), cornerRadius: Self.value(&rng, 0...30)))
            var p = Path()
            p.addRect(Self.rect(&rng))
            let b = rng.below(2) == 0 ? Cutout(shape: .path(p)) : Cutout(shape: .roundedRect(Self.rect(&rng), cornerRadius: Self.value(&rng, 0...30)))
            let f = Self.value(&rng, 0...1)
            let mid = Cutout.interpolated(from: a, to: b, fraction: f)
            func strictlyFinite(_ r: CGRect) -> Bool { r.origin.x.isFinite && r.origin.y.isFinite && r.width.isFinite && r.height.isFinite }
            if strictlyFinite(a.bounds), strictlyFinite(b.bounds) {
                #expect(strictlyFinite(mid.bounds) || mid.bounds.isNull, "case \(i): \(a) → \(b) at \(f)")
            }
            _ = mid.path
        }
    }
}
