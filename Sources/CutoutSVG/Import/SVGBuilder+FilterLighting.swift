import Foundation
import CutoutRaster
import CutoutLayers

extension SVGBuilder {
    /// `feDiffuseLighting` and `feSpecularLighting`: `surfaceScale` (default 1),
    /// `diffuseConstant` or `specularConstant` and `specularExponent` (default 1 each),
    /// `lighting-color` (default white) and the first light source child (`feDistantLight`,
    /// `fePointLight`, `feSpotLight`; other children are skipped, as resvg). Without a light
    /// source the primitive gives transparent black, with a warning. `kernelUnitLength` is
    /// not read: the normals are taken on device pixels, as resvg does.
    func lighting(_ fe: SVGNode, in filter: SVGNode, style: SVGStyle) throws(SVGError) -> FilterEffect {
        var light: FilterLightSource?
        for child in fe.children {
            try visit(child)
            if let l = lightSource(child) {
                light = l
                break
            }
        }
        guard let light else {
            warn(fe.line, "<\(fe.name)> has no light source; it gives transparent black")
            return .flood(color: .clear)
        }
        let color = try lightingColor(fe, filter: filter, style: style)
        let scale = number(fe, "surfaceScale", default: 1)
        if fe.name == "feDiffuseLighting" {
            return .diffuseLighting(input(fe, "in"), surfaceScale: scale, diffuseConstant: number(fe, "diffuseConstant", default: 1),
                                    color: color, light: light)
        }
        return .specularLighting(input(fe, "in"), surfaceScale: scale, specularConstant: number(fe, "specularConstant", default: 1),
                                 specularExponent: number(fe, "specularExponent", default: 1), color: color, light: light)
    }

    /// A light source element, or nil for any other element.
    private func lightSource(_ node: SVGNode) -> FilterLightSource? {
        func n(_ name: String, _ def: CGFloat = 0) -> CGFloat { number(node, name, default: def) }
        switch node.name {
        case "feDistantLight":
            return .distant(azimuth: n("azimuth"), elevation: n("elevation"))
        case "fePointLight":
            return .point(x: n("x"), y: n("y"), z: n("z"))
        case "feSpotLight":
            let cone = node.attributes["limitingConeAngle"] == nil ? nil : n("limitingConeAngle")
            return .spot(x: n("x"), y: n("y"), z: n("z"), pointsAtX: n("pointsAtX"), pointsAtY: n("pointsAtY"), pointsAtZ: n("pointsAtZ"),
                         specularExponent: n("specularExponent", 1), limitingConeAngle: cone)
        default:
            return nil
        }
    }

    /// `lighting-color` through the CSS cascade; `inherit` takes the `<filter>`'s value and
    /// `currentColor` the `color` of the primitive, else of the `<filter>`, else the element's.
    /// A light has no alpha: the colour's is dropped (opaque), as resvg draws it.
    private func lightingColor(_ fe: SVGNode, filter: SVGNode, style: SVGStyle) throws(SVGError) -> Color {
        var value = try property(fe, "lighting-color")
        if value == "inherit" { value = try property(filter, "lighting-color") }
        guard let v = value else { return .white }
        if v.lowercased() == "currentcolor" { return try currentColor(fe, filter: filter, style: style).withAlphaComponent(1) }
        guard let c = CSSColor.parse(v) else {
            warn(fe.line, "invalid lighting-color '\(v.prefix(40))'; white used")
            return .white
        }
        return c.withAlphaComponent(1)
    }
}
