import CutoutGeometry
import CutoutHoles
import CutoutRaster
import Foundation

/// Issue 6's list bench: a 1,000-cell list on a 390×844 pt screen at 3x (1170×2532 px, the
/// size of the `holes` scene), each cell cutting a rounded hole onto one shared gradient
/// background. Every frame scrolls the list, recomputes the visible holes from the cells'
/// layout (the component's own work) and renders background plus the white cut overlay.
///
/// Returns milliseconds per frame and the last frame.
func runListHolesBench(frames: Int) throws -> (ms: [Double], last: Pixmap) {
    let scale: CGFloat = 3
    let screen = CGRect(x: 0, y: 0, width: 390, height: 844)
    let cells = (0..<1000).map { i -> HoleList.Cell in
        let height = CGFloat(88 + (i % 5) * 24)
        return HoleList.Cell(height: height, hole: CGRect(x: 16, y: 12, width: 358, height: height - 24), cornerRadius: 14)
    }
    var list = HoleList(cells: cells, frame: screen)
    let gradient = Paint.linearGradient(LinearGradient(
        gradient: Gradient(colors: [Color(r8: 0xFF, g8: 0x7A, b8: 0x00), Color(r8: 0x7A, g8: 0x00, b8: 0xFF)]),
        start: .zero, end: CGPoint(x: 0, y: screen.height)))
    var ctx = try DrawingContext(width: Int(screen.width * scale), height: Int(screen.height * scale), scale: scale)
    func render(offset: CGFloat) {
        list.setContentOffset(offset)
        var overlay = Path(rect: screen)
        for cell in list.visibleCells {
            guard let hole = cell.hole else { continue }
            overlay.addRoundedRect(in: hole, cornerWidth: cell.cornerRadius, cornerHeight: cell.cornerRadius)
        }
        ctx.clear()
        ctx.setFillPaint(gradient)
        ctx.fill(screen)
        ctx.setFillColor(.white)
        // Cells never overlap, so their holes never do: even-odd cuts each once.
        ctx.fill(overlay, using: .evenOdd)
    }
    let step: CGFloat = 37
    let range = list.maximumContentOffset
    for k in 0..<3 { render(offset: CGFloat(k) * step) }
    var ms: [Double] = []
    for k in 0..<max(frames, 1) {
        let offset = (CGFloat(k) * step).truncatingRemainder(dividingBy: max(range, 1))
        let start = DispatchTime.now().uptimeNanoseconds
        render(offset: offset)
        ms.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    return (ms, ctx.pixmap)
}
