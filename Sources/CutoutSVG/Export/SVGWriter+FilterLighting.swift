import Foundation
import CutoutRaster
import CutoutLayers

extension SVGWriter {
    /// `lighting-color` as an 8-bit hex colour. The light's alpha has no meaning in SVG (the
    /// importer reads it as opaque), so it is not written.
    static func lightingColor(_ c: Color) -> [(String, String)] {
        [("lighting-color", paint(c).rgb)]
    }

    /// The light source element of a lighting primitive (every attribute written).
    static func lightSource(_ light: FilterLightSource) -> String {
        let attrs: [(String, String)]
        let tag: String
        switch light {
        case .distant(let azimuth, let elevation):
            tag = "feDistantLight"
            attrs = [("azimuth", number(azimuth)), ("elevation", number(elevation))]
        case .point(let x, let y, let z):
            tag = "fePointLight"
            attrs = [("x", number(x)), ("y", number(y)), ("z", number(z))]
        case .spot(let x, let y, let z, let px, let py, let pz, let exponent, let cone):
            tag = "feSpotLight"
            attrs = [("x", number(x)), ("y", number(y)), ("z", number(z)), ("pointsAtX", number(px)), ("pointsAtY", number(py)),
                     ("pointsAtZ", number(pz)), ("specularExponent", number(exponent))] + (cone.map { [("limitingConeAngle", number($0))] } ?? [])
        }
        return "<" + tag + attributes(attrs) + "/>"
    }
}
