import CutoutLayers
import CutoutRaster
import Foundation
import Testing
@testable import CutoutHoles

@Suite struct ZZRenderDump {
    @Test func dump() throws {
        let only = ProcessInfo.processInfo.environment["SCENES"].map { Set($0.split(separator: ",").map(String.init)) }
        for s in HolesGallery.scenes() where only?.contains(s.id) ?? true {
            let start = Date()
            for (i, f) in s.frames.enumerated() where i == 0 || i == s.frames.count / 2 {
                let p = try LayerRenderer.render(f, size: s.size, scale: 1)
                try p.pngData().write(to: URL(fileURLWithPath: "/tmp/ho-render/\(s.id)-\(i).png"))
            }
            print("RENDER \(s.id) \(Date().timeIntervalSince(start))")
        }
    }
}
