import Foundation
import CutoutGeometry
import CutoutRaster

/// A node of a Core Animation–style layer tree, with `CALayer`'s vocabulary.
///
/// Geometry follows `CALayer`: a layer has its own coordinate space given by ``bounds``; the
/// point ``anchorPoint`` (unit coordinates of the bounds) sits at ``position`` in the
/// superlayer's space, and ``transform`` (2-D only) is applied about that anchor. Coordinates
/// are points, y grows downward.
///
/// The class is public but not `open`: the module's own ``ShapeLayer``, ``GradientLayer`` and ``TextLayer``
/// are its only subclasses, so the renderer knows every kind of layer it draws.
///
/// Guarantees: the tree never holds a cycle — ``addSublayer(_:)`` and friends first detach the
/// layer from its old superlayer, and adding a layer to itself or to one of its own descendants
/// is ignored. Non-finite geometry is tolerated by the renderer (the layer is skipped).
/// Not thread-safe: build and render a tree on one thread.
public class Layer {
    /// The layer's own coordinate space: its origin is the top-left of the drawing area.
    public var bounds: CGRect = .zero
    /// Where ``anchorPoint`` lies in the superlayer's coordinate space.
    public var position: CGPoint = .zero
    /// The point of ``bounds`` (in unit coordinates) that sits at ``position`` and about which
    /// ``transform`` applies. Default `(0.5, 0.5)`, the centre.
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    /// A 2-D transform applied about ``anchorPoint``.
    public var transform: Transform = .identity
    /// A transform applied to every sublayer, about this layer's ``anchorPoint``.
    public var sublayerTransform: Transform = .identity
    /// Opacity of the whole subtree, `0...1` (clamped when rendered). Below 1 the subtree is
    /// composited once, as a group, like Core Animation does (see ``allowsGroupOpacity``).
    public var opacity: CGFloat = 1
    /// Whether an ``opacity`` below 1 applies to the layer and its sublayers as one group
    /// (default `true`, as on iOS): overlapping sublayers then do not show through one another.
    /// When `false`, the layer's background, contents and each sublayer are drawn with the
    /// opacity folded in separately (cheaper: no offscreen buffer), so overlaps show through.
    /// A layer that goes offscreen anyway (mask, shadow, blur) is still composited as a group.
    public var allowsGroupOpacity = true
    /// A hidden layer and its sublayers are not drawn.
    public var isHidden = false
    /// Fills the (rounded) bounds below contents and sublayers.
    public var backgroundColor: Color?
    /// Radius of the corners of the background, border and `masksToBounds` clip.
    public var cornerRadius: CGFloat = 0
    /// Which corners ``cornerRadius`` rounds (`CACornerMask`). Default: all four.
    public var maskedCorners: RectCorner = .allCorners
    /// The shape of the rounded corners: circular (default, as Core Animation) or continuous.
    public var cornerCurve: CornerCurve = .circular
    /// Width of the border drawn inside the bounds, above contents and sublayers.
    public var borderWidth: CGFloat = 0
    /// Colour of the border. Default opaque black, as in Core Animation.
    public var borderColor: Color? = .black
    /// Clip contents, sublayers and the layer's own shadow to the (rounded) bounds, as Core
    /// Animation does; to show a shadow around clipped content, put the shadow on an
    /// unclipped superlayer (with a `shadowPath`).
    public var masksToBounds = false
    /// Sorts siblings: lower first; equal values keep insertion order.
    public var zPosition: CGFloat = 0
    /// A layer whose alpha multiplies this layer's whole rendering, including its shadow.
    /// It is laid out in this layer's coordinate space and has no superlayer. A mask cycle
    /// (`mask = self`, or a mask whose tree holds this layer) is cut when rendering: a layer
    /// reached again while it is being drawn is not drawn again, so its mask draws nothing
    /// there and the layer does not show.
    public var mask: Layer?
    /// When this layer is used as a ``mask``, its luminance times its alpha is the mask
    /// value instead of its alpha alone (SVG's default `mask-type`). Set by `SVGImporter` (`CutoutSVG`).
    package var isLuminanceMask = false
    /// Colour of the shadow. Default opaque black, as in Core Animation.
    public var shadowColor: Color? = .black
    /// Multiplies the shadow colour's alpha, `0...1`. Default 0 (no shadow).
    public var shadowOpacity: CGFloat = 0
    /// Offset of the shadow, in the layer's own coordinate space: it turns and scales with the
    /// layer's ``transform`` (and its ancestors'), as in Core Animation. Default `(0, -3)` as in
    /// Core Animation.
    public var shadowOffset = CGSize(width: 0, height: -3)
    /// Blur radius of the shadow; see ``Layer/shadowSigma(forRadius:)``. Default 3.
    public var shadowRadius: CGFloat = 3
    /// When set, the shadow is this path filled with the non-zero rule instead of the
    /// rendered alpha of the layer and its sublayers.
    public var shadowPath: Path?
    /// Standard deviation, in points, of a Gaussian blur of the layer's whole rendering
    /// (background, contents, sublayers and shadow), applied before ``mask`` and ``opacity``:
    /// what a blur in `CALayer.filters` or SVG's `feGaussianBlur` does. 0 (default) for none;
    /// negative and non-finite values count as 0. The blur sees only what lies on the canvas.
    public var blurSigma: CGFloat = 0
    /// SVG filter effects run on the layer's rendering (background, contents, sublayers and
    /// shadow), in order, each on the previous one's output, before ``blurSigma``, ``mask``
    /// and ``opacity``: what SVG's `filter` property does. Empty (default) for none. See
    /// ``Filter`` for the region, units, colour spaces and budgets.
    public var filters: [Filter] = []
    /// How the layer's finished rendering (sublayers, shadow, blur, mask and opacity applied)
    /// combines with what lies beneath it: a blend-mode `CALayer.compositingFilter`, or CSS
    /// `mix-blend-mode`. Default ``BlendMode/normal`` (source over). With another mode the
    /// layer is drawn as a group. "Beneath" means within the nearest ancestor drawn as a
    /// group (see ``isolatesBlending``), else the canvas. Porter-Duff operators apply to the
    /// whole group, which is transparent outside the layer's rendering (``BlendMode/copy``
    /// clears the rest of the backdrop, as drawing a canvas-sized image would).
    public var blendMode: BlendMode = .normal
    /// Whether the sublayers' ``blendMode``s blend only with this layer's own rendering rather
    /// than with everything beneath it (CSS `isolation: isolate`). Default false. A layer drawn
    /// as a group — opacity below 1, a mask, a shadow, a blur or a blend mode — isolates anyway.
    public var isolatesBlending = false
    /// An image drawn in the bounds, above the background and below the sublayers.
    public var contents: Pixmap?
    /// The part of ``contents`` to draw, in unit coordinates of the image. Default the whole image.
    public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// The stretchable centre of ``contents`` (nine-slice), in unit coordinates of the image.
    /// Default the whole image, so the image scales as a whole.
    public var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// How ``contents`` is placed in the bounds.
    public var contentsGravity: ContentsGravity = .resize
    /// Pixels of ``contents`` per point, for gravities that keep the natural size and for the
    /// fixed corners of a nine-slice.
    public var contentsScale: CGFloat = 1
    /// How ``contents`` is sampled where it is drawn larger than its pixels. Default linear.
    public var magnificationFilter: ContentsFilter = .linear
    /// How ``contents`` is sampled where it is drawn smaller than its pixels. Default linear.
    public var minificationFilter: ContentsFilter = .linear
    /// A name for debugging and for finding a layer.
    public var name: String?

    /// The sublayers, in insertion order (drawing order is by ``zPosition``, then this order).
    public private(set) var sublayers: [Layer] = []
    /// The layer this one is a sublayer of.
    public private(set) weak var superlayer: Layer?

    public init() {}

    deinit {
        // Releasing sublayers recursively (each layer's array releasing the next layer) takes a
        // stack frame per level and overflowed on a chain of 50 000 layers. Instead the layers
        // that only this tree holds are taken apart here, level by level: each is emptied
        // before it is released, so its own deinit has nothing left to release.
        guard !sublayers.isEmpty || mask != nil else { return }
        var pending = sublayers
        sublayers = []
        if let mask { pending.append(mask) }
        mask = nil
        while var layer = pending.popLast() {
            guard isKnownUniquelyReferenced(&layer) else { continue }
            pending += layer.sublayers
            layer.sublayers = []
            if let mask = layer.mask { pending.append(mask) }
            layer.mask = nil
        }
    }

    /// A layer with the given frame.
    public convenience init(frame: CGRect) {
        self.init()
        self.frame = frame
    }

    /// Appends `layer` to ``sublayers``, detaching it from its previous superlayer first.
    /// Adding `self` or an ancestor of `self` is ignored (it would make a cycle).
    public func addSublayer(_ layer: Layer) {
        insertSublayer(layer, at: sublayers.count)
    }

    /// Inserts `layer` into ``sublayers`` at `index` (clamped to `0...count`), detaching it
    /// from its previous superlayer first. Adding `self` or an ancestor is ignored.
    public func insertSublayer(_ layer: Layer, at index: Int) {
        guard !layer.isAncestor(of: self) else { return }
        layer.removeFromSuperlayer()
        let i = min(max(index, 0), sublayers.count)
        sublayers.insert(layer, at: i)
        layer.superlayer = self
    }

    /// Inserts `layer` just above `sibling` (appends if `sibling` is not a sublayer).
    public func insertSublayer(_ layer: Layer, above sibling: Layer) {
        guard let i = sublayers.firstIndex(where: { $0 === sibling }) else { return addSublayer(layer) }
        let target = layer.superlayer === self && (sublayers.firstIndex { $0 === layer } ?? .max) < i ? i : i + 1
        insertSublayer(layer, at: target)
    }

    /// Inserts `layer` just below `sibling` (at the start if `sibling` is not a sublayer).
    public func insertSublayer(_ layer: Layer, below sibling: Layer) {
        guard let i = sublayers.firstIndex(where: { $0 === sibling }) else { return insertSublayer(layer, at: 0) }
        let target = layer.superlayer === self && (sublayers.firstIndex { $0 === layer } ?? .max) < i ? i - 1 : i
        insertSublayer(layer, at: target)
    }

    /// Detaches the layer from its superlayer (no effect without one).
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayers.removeAll { $0 === self }
        superlayer = nil
    }

    /// Whether `self` is `layer` or one of its ancestors.
    ///
    /// Complexity: O(1) when `self` has no sublayers (a leaf is nobody's ancestor but its
    /// own), else O(depth of `layer`). A tree built top-down adds leaves, one built bottom-up
    /// adds to roots, so building a chain of n layers either way costs O(n), not O(n²).
    func isAncestor(of layer: Layer) -> Bool {
        if sublayers.isEmpty { return self === layer }
        var node: Layer? = layer
        while let n = node {
            if n === self { return true }
            node = n.superlayer
        }
        return false
    }

    /// The sublayers in drawing order: ascending ``zPosition``, ties in insertion order.
    public var sublayersInDrawingOrder: [Layer] {
        sublayers.enumerated()
            .sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }
            .map(\.element)
    }

    /// The Gaussian standard deviation used for a shadow of blur radius `radius`:
    /// sigma = radius / 2, the common reading of Core Animation's behaviour. This is the one
    /// place that constant lives; negative and non-finite radii give 0.
    public static func shadowSigma(forRadius radius: CGFloat) -> CGFloat {
        radius.isFinite && radius > 0 ? radius / 2 : 0
    }
}
