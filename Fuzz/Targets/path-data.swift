import CutoutGeometry

// SVG path data. Invariants: a parsed path holds only finite coordinates; written back as
// path data and parsed again it is the same path; an error's offset lies inside the input.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPathData(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: fuzzBytes(data, size), as: UTF8.self)
    let path: Path
    do {
        path = try Path(svgPathData: text)
    } catch {
        require(error.offset >= 0 && error.offset <= text.utf8.count, "error offset \(error.offset) outside \(text.utf8.count) bytes")
        return 0
    }
    for element in path.elements {
        switch element {
        case .moveTo(let p), .lineTo(let p):
            require(p.x.isFinite && p.y.isFinite, "non-finite point in \(element)")
        case .quadCurveTo(let p, let c):
            require([p.x, p.y, c.x, c.y].allSatisfy(\.isFinite), "non-finite point in \(element)")
        case .curveTo(let p, let c1, let c2):
            require([p.x, p.y, c1.x, c1.y, c2.x, c2.y].allSatisfy(\.isFinite), "non-finite point in \(element)")
        case .closeSubpath:
            break
        }
    }
    let written = path.svgPathData
    do {
        let again = try Path(svgPathData: written)
        require(again == path, "round trip changed the path:\n\(written)\n\(again.svgPathData)")
    } catch {
        require(false, "written path data does not parse: \(error)\n\(written)")
    }
    return 0
}
