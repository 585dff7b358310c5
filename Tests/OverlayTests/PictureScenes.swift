@testable import Overlay

/// The scene the picture tests draw (FramePictureTests, and PicturePixelsTests in the
/// AddressSanitizer's set, which is compiled without the first).
enum PictureScenes {
    /// A 40x20 white frame, a scan area and one code, as `ScreenTests` draws them.
    static func scene(columns: Int, rows: Int, mode: ViewTransform.Mode) -> Scene {
        let image = GreyImage(width: 40, height: 20, pixels: Array(repeating: 255, count: 800))
        let transform = ViewTransform.preview(
            frameWidth: 40, frameHeight: 20, columns: columns, rows: rows, cellAspect: 0.5, mode: mode)
        let code: [Point] = [Point(x: 16, y: 6), Point(x: 16, y: 14), Point(x: 26, y: 14), Point(x: 26, y: 6)]
        return Scene(
            image: image, transform: transform, scanArea: ScanArea(rect: Rect(x: 10, y: 4, width: 20, height: 12)),
            outlines: [code], status: .scanning, info: StatusInfo(source: "t"), glyphs: .ascii, unicode: true)
    }
}
