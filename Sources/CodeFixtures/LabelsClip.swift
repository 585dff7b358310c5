import FrameCore
import PictureOps

/// Eight seconds of video as someone films labels one after another: a QR code, another, an
/// EAN-13, then a sheet of twelve small QR codes, two seconds each, 1280x720 at 30 fps with
/// fresh sensor noise in every frame. A file or a pipe of it is read whole: every code it
/// holds, each once (the tests and `qrtui-bench --live-photos`' twin for clips).
public enum LabelsClip {
    public static let width = 1280
    public static let height = 720
    public static let framesPerScene = 60

    /// What each code says, in the order the clip shows them.
    public static var payloads: [String] {
        ["https://example.org/first-label", "SECOND LABEL 2041", ean.expected] + sheetTexts
    }

    static let ean = Barcode(.ean13, "400638133393")!
    static let sheetTexts = (1...12).map { "https://example.org/labels/sheet/\($0)?lot=2026-12&shelf=\(40 + $0)" }

    /// The four scenes without noise.
    public static func scenes() -> [Frame] {
        let backdrop = Frame.plasma(width: width, height: height, seed: 11).lit(from: 0.7, to: 1.0)
        func qr(_ text: String) -> ModuleGrid {
            let matrix = QRMatrix(text: text, level: .medium)!
            return ModuleGrid(columns: matrix.size, rows: matrix.size, dark: matrix.modules)
        }
        let centre = { (size: Double, degrees: Double) in
            ModulePlacement(centreX: 640, centreY: 360, moduleSize: size, degrees: degrees)
        }
        let sheet = Self.sheet(sheetTexts, on: backdrop, moduleSize: 2.5, dark: 70, light: 190)
        return [
            backdrop.drawingModules(qr(payloads[0]), at: centre(6, 4), dark: 35, light: 220),
            backdrop.drawingModules(qr(payloads[1]), at: centre(7, -8), dark: 35, light: 220),
            backdrop.drawingModules(
                ean.bars,
                at: ModulePlacement(centreX: 640, centreY: 360, moduleSize: 4, rowHeight: 60, quietZone: 10),
                dark: 30, light: 225),
            sheet,
        ].map { $0.blurred(sigma: 0.8) }
    }

    /// `texts` as QR codes on `backdrop` (720p), as labels on a sheet: four to a row, 313 px
    /// apart, each turned a little (-6 to 6 degrees).
    public static func sheet(
        _ texts: [String], on backdrop: Frame, moduleSize: Double, dark: UInt8, light: UInt8
    ) -> Frame {
        var sheet = backdrop
        for (index, text) in texts.enumerated() {
            let matrix = QRMatrix(text: text, level: .medium)!
            sheet = sheet.drawingModules(
                ModuleGrid(columns: matrix.size, rows: matrix.size, dark: matrix.modules),
                at: ModulePlacement(
                    centreX: 170 + Double(index % 4) * 313, centreY: 130 + Double(index / 4) * 230,
                    moduleSize: moduleSize, degrees: Double(index % 5) * 3 - 6),
                dark: dark, light: light)
        }
        return sheet
    }

    /// Every frame, numbered and timed at 30 fps, noise of `sigma` fresh in each.
    public static func frames(sigma: Double = 3, seed: UInt64 = 1) -> [Frame] {
        var noise = SensorNoise(sigma: sigma, seed: seed)
        var frames = [Frame]()
        for scene in scenes() {
            for _ in 0..<framesPerScene {
                let index = frames.count
                frames.append(noise.applied(to: scene.renumbered(sequence: index, timestamp: Double(index) / 30)))
            }
        }
        return frames
    }
}
