extension SVGBuilder {
    /// Caps and joins need the stroke module's `LineCap`/`LineJoin`; until it is merged the
    /// shape layer's defaults (butt, miter) apply.
    func applyLineCapAndJoin(_ layer: ShapeLayer, _ style: SVGStyle) {}
}
