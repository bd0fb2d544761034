/// How a layer's ``Layer/cornerRadius`` rounds its corners (`CALayerCornerCurve`).
public enum CornerCurve: String, Hashable, Sendable, CaseIterable {
    /// Quarter circles of radius ``Layer/cornerRadius`` (Core Animation's default).
    case circular
    /// Continuous corners: the curvature ramps up from the straight edges instead of jumping
    /// to 1/r, the look iOS uses for its own views and that iOS designs ask for
    /// (``Shapes/continuousRoundedRect(in:cornerRadius:corners:)``; each corner starts
    /// ``Shapes/continuousCornerExtent`` × radius from its corner point).
    case continuous
}
