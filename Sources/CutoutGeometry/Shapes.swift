import Foundation

/// Parameterised outlines: each is a function of a rect, so it looks right at any size.
/// SPEC §3's recipes live here; the catalogue grows in `Shapes+*.swift` files.
public enum Shapes {}
