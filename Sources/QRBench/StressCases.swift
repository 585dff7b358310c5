import CaptureKit
import CodeFixtures
import FrameCore
import Glibc
import PictureFiles
import PictureOps

/// One stress picture: a random code of one symbology under random harm, and what it says.
struct StressCase {
    enum Kind: String, CaseIterable {
        case ean13 = "EAN-13", upca = "UPC-A", ean8 = "EAN-8", upce = "UPC-E", code128 = "Code 128"
        case code39 = "Code 39", itf = "ITF", qr = "QR"
        case dataMatrix = "Data Matrix", aztec = "Aztec", pdf417 = "PDF417"

        var linear: LinearSymbology? {
            switch self {
            case .ean13: .ean13
            case .upca: .upca
            case .ean8: .ean8
            case .upce: .upce
            case .code128: .code128
            case .code39: .code39
            case .itf: .itf
            case .qr, .dataMatrix, .aztec, .pdf417: nil
            }
        }

        /// The matrix codes zint draws for zxing-cpp to read.
        var matrix: MatrixSymbology? {
            switch self {
            case .dataMatrix: .dataMatrix
            case .aztec: .aztec
            case .pdf417: .pdf417
            default: nil
            }
        }
    }

    let picture: Frame
    let expected: String

    static let width = 480, height = 360

    /// The `index`th picture of `kind` for `seed`: the same for the same three on every run.
    init(_ kind: Kind, index: Int, seed: UInt64) {
        var random = SplitMix(
            seed: seed &* 1_000_003 &+ UInt64(index) &* 7919 &+ UInt64(Kind.allCases.firstIndex(of: kind)!))
        func uniform(_ low: Double, _ high: Double) -> Double {
            low + (high - low) * Double(random.next() % 1_000_000) / 1_000_000
        }
        let (grid, rowHeight, quiet, expected) = Self.code(kind, using: &random)
        self.expected = expected
        // Scale: 1.2 to 3.5 pixels per module, kept within the picture.
        let codeWidth = Double(grid.columns) + 2 * quiet
        let codeHeight = Double(grid.rows) * rowHeight + 2 * quiet
        let fit = min(Double(Self.width) * 0.9 / codeWidth, Double(Self.height) * 0.9 / codeHeight)
        let module = min(fit, uniform(1.2, 3.5))
        let angle = uniform(-35, 35) * .pi / 180
        let (halfW, halfH) = (codeWidth * module / 2, codeHeight * module / 2)
        let centre = (Double(Self.width) / 2 + uniform(-20, 20), Double(Self.height) / 2 + uniform(-20, 20))
        // Perspective and shear: each corner moved by up to 12% of the code's size.
        let jitter = uniform(0, 0.12) * max(halfW, halfH)
        let quad = [(-halfW, -halfH), (halfW, -halfH), (halfW, halfH), (-halfW, halfH)].map { corner in
            let x = corner.0 + uniform(-jitter, jitter)
            let y = corner.1 + uniform(-jitter, jitter)
            return (centre.0 + x * cos(angle) - y * sin(angle), centre.1 + x * sin(angle) + y * cos(angle))
        }
        // Contrast: from printed black on white down to grey on grey.
        let dark = UInt8(uniform(10, 110))
        let light = UInt8(uniform(Double(dark) + 50, 245))
        var picture = Frame.filled(width: Self.width, height: Self.height, value: UInt8(uniform(120, 230)))
            .drawingModules(grid, into: quad, quietZone: quiet, rowHeight: rowHeight, dark: dark, light: light)
        if uniform(0, 1) < 0.5 { picture = picture.lit(from: uniform(0.45, 1), to: uniform(0.8, 1.3)) }
        picture = picture.blurred(sigma: uniform(0, 2.5)).withNoise(amplitude: Int(uniform(0, 12)), seed: random.next())
        let quality = Int32(uniform(20, 90))
        self.picture = (try? JPEGCodec.decode(JPEGCodec.encode(picture, quality: quality), path: "stress")) ?? picture
    }

    private static func code(_ kind: Kind, using random: inout SplitMix)
        -> (grid: ModuleGrid, rowHeight: Double, quiet: Double, expected: String)
    {
        if let symbology = kind.linear {
            let barcode = Barcode.random(symbology, using: &random)
            return (barcode.bars, Double(20 + random.next() % 40), 10, barcode.expected)
        }
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 :/.-")
        let text = String(
            (0..<Int(8 + random.next() % 60)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
        if let symbology = kind.matrix, let grid = MatrixCode.grid(symbology, text) {
            // PDF417's rows are three modules high as printed; none of these needs QR's wide
            // quiet zone.
            return (grid, symbology == .pdf417 ? 3 : 1, 2, text)
        }
        let matrix = QRMatrix(text: text)!
        return (matrix.grid, 1, 4, text)
    }
}
