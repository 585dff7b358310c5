import CodeFixtures
import FrameCore
import PictureOps

/// The clips `--live` plays: a code appears in the middle of the default scan area over a
/// soft backdrop with temporal sensor noise, and stays (or slides across) for 45 frames.
struct LiveClip {
    enum Code {
        case qr(version: Int)
        case linear(LinearSymbology)
        case matrix(MatrixSymbology)
    }

    let code: Code
    let moduleSize: Double
    let degrees: Double
    let blur: Double
    let noise: Int
    let sliding: Bool
    let seed: UInt64
    static let width = 1280, height = 720
    static let lead = 15, shown = 45
    static let area = PixelRect.centredSquare(fraction: 0.6, width: width, height: height)

    var frameCount: Int { Self.lead + Self.shown }

    var name: String {
        let kind: String
        switch code {
        case .qr(let version): kind = "QR v\(version)"
        case .linear(let symbology): kind = symbology.rawValue
        case .matrix(let symbology): kind = symbology.rawValue
        }
        let size = moduleSize == moduleSize.rounded() ? "\(Int(moduleSize))" : "\(moduleSize)"
        return "\(kind) \(size)px \(Int(degrees))°" + (blur > 0 ? " blur \(blur)" : "") + " noise \(noise)"
            + (sliding ? " sliding" : "")
    }

    /// The code's modules and the text a correct read gives.
    func symbol() -> (grid: ModuleGrid, rowHeight: Double, quietZone: Double, expected: String) {
        var random = SplitMix(seed: seed)
        switch code {
        case .qr(let version):
            // A payload that fills the version at level M (binary mode: version 1 holds 14 bytes).
            let capacity = [0, 14, 26, 42, 62, 84, 106, 122, 152, 180, 213][version]
            let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
            let text =
                "https://q.example/"
                + String((0..<max(1, capacity - 18)).map { _ in alphabet[Int(random.next() % 36)] })
            let matrix = QRMatrix(bytes: Array(text.utf8), level: .medium, version: version)!
            return (matrix.grid, 1, 4, text)
        case .matrix(let symbology):
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
            let text = "LOT " + String((0..<24).map { _ in alphabet[Int(random.next() % 36)] })
            return (MatrixCode.grid(symbology, text)!, 1, 2, text)
        case .linear(let symbology):
            // A payload short enough that the code and its quiet zones fit in the scan area.
            var barcode = Barcode.random(symbology, using: &random)
            while Double(barcode.bars.columns + 20) * moduleSize > 0.9 * Double(Self.area.width) {
                barcode = Barcode.random(symbology, using: &random)
            }
            return (barcode.bars, 30, 10, barcode.expected)
        }
    }

    /// Every frame of the clip, noise included.
    func frames() -> (frames: [Frame], expected: String) {
        let backdrop = Frame.plasma(width: Self.width, height: Self.height, seed: seed &* 7 &+ 1)
        let symbol = symbol()
        var random = SplitMix(seed: seed &+ 99)
        let table = (0..<(Self.width * Self.height + 4096)).map { _ in UInt8(random.next() % UInt64(2 * noise + 1)) }
        let codeWidth = (Double(symbol.grid.columns) + 2 * symbol.quietZone) * moduleSize
        var still: Frame?
        let frames = (0..<frameCount).map { n -> Frame in
            var scene = backdrop
            if n >= Self.lead {
                if sliding || still == nil {
                    let travel = Double(Self.area.width) - codeWidth
                    let progress = sliding ? Double(n - Self.lead) / Double(Self.shown - 1) - 0.5 : 0
                    let place = ModulePlacement(
                        centreX: Double(Self.area.x + Self.area.width / 2) + progress * max(0, travel),
                        centreY: Double(Self.area.y + Self.area.height / 2), moduleSize: moduleSize,
                        rowHeight: symbol.rowHeight, degrees: degrees, quietZone: symbol.quietZone)
                    let drawn = backdrop.drawingModules(symbol.grid, at: place).blurred(sigma: blur)
                    if !sliding { still = drawn }
                    scene = drawn
                } else if let still {
                    scene = still
                }
            }
            return scene.addingNoise(table, offset: Int(random.next() % 4096), centre: noise)
                .renumbered(sequence: n, timestamp: Double(n) / 30)
        }
        return (frames, symbol.expected)
    }

    /// The clip matrix: QR versions 1 to 10 at 1.5 to 6 pixels per module; EAN-13, UPC-A,
    /// Code 128, ITF and Code 39 at 1.5 to 3; small QR codes blurred or turned; Data Matrix
    /// and Aztec at 3 and 4; turned 0 to 45 degrees, some blurred, two noise levels; and codes
    /// sliding across the area.
    static var all: [LiveClip] {
        var clips = [LiveClip]()
        let turns = [0.0, 20, 45, 10, 33, 0, 5]
        let blurs = [0.0, 0.7, 0.0, 1.0]
        var index = 0
        func next(_ code: Code, _ size: Double, sliding: Bool = false) {
            clips.append(
                LiveClip(
                    code: code, moduleSize: size, degrees: turns[index % turns.count],
                    blur: blurs[index % blurs.count], noise: index % 2 == 0 ? 4 : 10, sliding: sliding,
                    seed: UInt64(index + 1)))
            index += 1
        }
        for version in [1, 2, 4, 7, 10] {
            for size in [1.5, 2, 3, 4, 6] where Double(4 * version + 25) * size < Double(area.width) {
                next(.qr(version: version), size)
            }
        }
        for symbology in [LinearSymbology.ean13, .upca, .code128, .itf, .code39] {
            for size in [1.5, 2, 2.5, 3] { next(.linear(symbology), size) }
        }
        next(.qr(version: 2), 3, sliding: true)
        next(.qr(version: 4), 2, sliding: true)
        next(.linear(.ean13), 2, sliding: true)
        next(.linear(.code128), 2.5, sliding: true)
        // Last, so the clips above keep their turns and blurs (they follow the order): small QR
        // codes plain zbar reads from one frame, blurred and turned; the matrix codes zxing-cpp reads.
        for (degrees, blur) in [(0.0, 1.0), (20.0, 0.0)] {
            clips.append(
                LiveClip(
                    code: .qr(version: 3), moduleSize: 2, degrees: degrees, blur: blur, noise: 6, sliding: false,
                    seed: UInt64(100 + clips.count)))
        }
        for symbology in [MatrixSymbology.dataMatrix, .aztec] {
            for size in [3.0, 4] { next(.matrix(symbology), size) }
        }
        // QR codes at 2 px a module with a long payload and a short one, blurred or turned,
        // at two noise levels: one whole frame is enough for plain zbar.
        for version in [1, 7] {
            for (degrees, blur) in [(0.0, 0.7), (20.0, 0.0)] {
                for noise in [6, 12] {
                    clips.append(
                        LiveClip(
                            code: .qr(version: version), moduleSize: 2, degrees: degrees, blur: blur, noise: noise,
                            sliding: false, seed: UInt64(100 + clips.count)))
                }
            }
        }
        return clips
    }
}
