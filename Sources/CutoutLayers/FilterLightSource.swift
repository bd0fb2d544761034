import Foundation

/// The light of ``FilterEffect/diffuseLighting(_:surfaceScale:diffuseConstant:color:light:)``
/// and ``FilterEffect/specularLighting(_:surfaceScale:specularConstant:specularExponent:color:light:)``
/// (SVG's `feDistantLight`, `fePointLight` and `feSpotLight`). Positions are in the filter's
/// ``Filter/primitiveUnits``: user space, or fractions of the object bounding box (`z` then
/// scales by the box's normalized diagonal, `√((w² + h²) / 2)`).
public enum FilterLightSource: Hashable, Sendable {
    /// Light from infinitely far in one direction: `azimuth` (degrees, clockwise from the x
    /// axis in the xy plane) and `elevation` (degrees above that plane).
    case distant(azimuth: CGFloat, elevation: CGFloat)
    /// Light from one point; `z` is the height above the image plane.
    case point(x: CGFloat, y: CGFloat, z: CGFloat)
    /// A point light aimed at `(pointsAtX, pointsAtY, pointsAtZ)`: its intensity falls off as
    /// the cosine of the angle to that axis to the power `specularExponent`, and it is dark
    /// beyond `limitingConeAngle` degrees from the axis (nil: no cone). A negative exponent
    /// counts as 1, as resvg draws it.
    case spot(x: CGFloat, y: CGFloat, z: CGFloat, pointsAtX: CGFloat, pointsAtY: CGFloat, pointsAtZ: CGFloat,
              specularExponent: CGFloat, limitingConeAngle: CGFloat?)
}
