import Foundation

/// Why a boolean operation on paths (``Path/combined(with:operation:using:)``) gave no result:
/// after cutting, two edges of the arrangement still crossed, so any path built from it could
/// cross itself.
///
/// Snap rounding rules this out, so no input is known to produce it; the exact final check
/// exists so that a defect would surface as this error instead of as a path that silently
/// breaks the documented guarantees.
public struct PathBooleanError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A point at the crossing, in the operands' coordinates (within a grid cell).
    public var location: CGPoint

    /// Creates the error for a crossing at `location`.
    public init(location: CGPoint) { self.location = location }

    public var description: String {
        "boolean operation: edges still cross near (\(location.x), \(location.y)); no result returned"
    }
}
