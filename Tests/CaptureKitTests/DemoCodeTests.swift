import CaptureKit
import CodeFixtures
import FrameCore
import Testing

/// The demo's code is kept as modules so that qrtui links no encoder: they must be what
/// libqrencode makes of its payload, drawn as the fixtures draw a code.
@Suite struct DemoCodeTests {
    @Test func theKeptModulesAreLibqrencodes() throws {
        let matrix = try #require(QRMatrix(text: DemoCode.payload, level: .medium))
        #expect(DemoCode.modules == matrix.modules)
        for height in [240, 720, 1080] {
            let reference = matrix.render(moduleSize: max(2, height / 100), dark: 30, light: 225)
            #expect(DemoCode.picture(forHeight: height).luma == reference.luma)
        }
    }
}
