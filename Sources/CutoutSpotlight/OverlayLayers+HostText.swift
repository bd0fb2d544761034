import CutoutLayers
import CutoutRaster
import Foundation

extension OverlayLayers {
    /// The overlay for `frame` as ``layer(for:style:metrics:snapshot:)`` builds it, without the
    /// placeholder bars inside the callout: for hosts that lay their own labels and buttons out
    /// in ``CalloutLayout/contentFrame`` (the UIKit and SwiftUI adapters).
    public static func layerForHostText(for frame: OverlayFrame, style: OverlayStyle = OverlayStyle(),
                                        metrics: CalloutMetrics = CalloutMetrics(), snapshot: Pixmap? = nil) -> Layer {
        let root = layer(for: frame, style: style, metrics: metrics, snapshot: snapshot)
        for callout in root.sublayers where callout.name == "spotlight.callout" {
            for placeholder in callout.sublayers where placeholder.name?.hasPrefix("spotlight.callout.") == true {
                placeholder.removeFromSuperlayer()
            }
        }
        return root
    }
}
