import CutoutGeometry
import CutoutLayers
import CutoutRaster
import Foundation

extension Outstretch {
    /// The fast implementation of the seed: a container (frame and bounds = ``bounds``,
    /// clipping to them) with one sublayer per slice, each showing `image` through its
    /// `contentsRect` and stretched to its frame. Only the frames change when
    /// ``fixedCenter`` moves. `image` should have the size and scale of ``image``.
    public func makeLayer(image: Pixmap) -> Layer {
        ImageSlice.makeLayer(slices: slices, image: image, bounds: bounds, name: "outstretch")
    }
}

extension NineSlice {
    /// One sublayer per slice, as ``Outstretch/makeLayer(image:)``.
    public func makeLayer(image: Pixmap) -> Layer {
        ImageSlice.makeLayer(slices: slices, image: image, bounds: bounds, name: "nine-slice")
    }
}

extension ImageSlice {
    static func makeLayer(slices: [ImageSlice], image: Pixmap, bounds: CGRect, name: String) -> Layer {
        let box = bounds.isFiniteRect ? bounds.standardized : .zero
        let container = HoleOverlay.frameLayer(box)
        container.name = name
        container.masksToBounds = true
        for s in slices {
            let layer = Layer(frame: s.viewRect)
            layer.name = "slice-\(s.row)-\(s.column)"
            layer.contents = image
            layer.contentsRect = s.contentsRect
            layer.contentsGravity = .resize
            layer.contentsScale = image.scale
            container.addSublayer(layer)
        }
        return container
    }
}
