import FrameCore
import PictureOps

/// Codes shown one after another at one place, as at a ticket gate, a parcel desk or in a
/// video of labels: each code a stretch of frames, maybe with the empty scene between, under
/// fresh sensor noise in every frame. For the tests and `qrtui-bench --live`'s swap rows.
public struct SwapClip: Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        case qr, ean13, code128, dataMatrix
        /// 1D codes are announced once two frames agree.
        public var isLinear: Bool { self == .ean13 || self == .code128 }
    }

    public var kind: Kind
    public var moduleSize: Double
    /// Codes in turn, frames each shows, and frames of the empty scene after each.
    public var codes = 3
    public var framesEach = 20
    public var blankBetween = 0
    /// Standard deviation of the sensor noise, grey levels.
    public var sigma = 6.0
    public var width = 640
    public var height = 480
    /// The code fills the frame (its quiet zone at the edges; the frame as large as the code at
    /// its module size) rather than lying on a backdrop of `width` x `height`.
    public var filling = false

    public init(_ kind: Kind, moduleSize: Double) {
        self.kind = kind
        self.moduleSize = moduleSize
    }

    public var name: String {
        let size = moduleSize == moduleSize.rounded() ? "\(Int(moduleSize))" : "\(moduleSize)"
        return "\(kind.rawValue) \(size)px σ\(Int(sigma))" + (filling ? " filling" : "")
            + (blankBetween > 0 ? " blank \(blankBetween)" : "")
    }

    /// What each code says, as a correct read gives it (EAN-13's check digit included).
    public var payloads: [String] { (0..<codes).map(symbol).map(\.expected) }

    /// The frame each code appears in.
    public var appearances: [Int] { (0..<codes).map { $0 * (framesEach + blankBetween) } }

    /// The pictures without noise: each code's, then the empty scene (for the fake camera's
    /// sequence, which adds its own noise).
    public func pictures() -> (codes: [Frame], blank: Frame) {
        let grids = (0..<codes).map { symbol($0).grid }
        let quietZone = kind.isLinear ? 10.0 : 4
        // Bars a third of the frame high, or as high as the code is long when it fills the frame.
        let barHeight = filling ? Double(grids[0].columns) * moduleSize * 0.6 : Double(height) / 3
        let rowHeight = kind.isLinear ? barHeight / moduleSize : 1
        let backdrop: Frame
        if filling {
            let side = { (modules: Double) in Int(((modules + 2 * quietZone) * moduleSize).rounded(.up)) }
            backdrop = Frame.filled(
                width: side(Double(grids[0].columns)), height: side(Double(grids[0].rows) * rowHeight), value: 235)
        } else {
            backdrop = Frame.plasma(width: width, height: height, seed: 3)
        }
        let place = ModulePlacement(
            centreX: Double(backdrop.width) / 2, centreY: Double(backdrop.height) / 2, moduleSize: moduleSize,
            rowHeight: rowHeight, quietZone: quietZone)
        return (grids.map { backdrop.drawingModules($0, at: place) }, backdrop)
    }

    /// Every frame of the clip, fresh noise in each, numbered and timed at 30 fps.
    public func frames(seed: UInt64 = 1) -> [Frame] {
        let pictures = pictures()
        var noise = SensorNoise(sigma: sigma, seed: seed)
        var frames = [Frame]()
        for picture in pictures.codes {
            frames +=
                Array(repeating: picture, count: framesEach) + Array(repeating: pictures.blank, count: blankBetween)
        }
        return frames.enumerated().map { index, picture in
            noise.applied(to: picture.renumbered(sequence: index, timestamp: Double(index) / 30))
        }
    }

    /// The `index`th code: its modules and what it says. QR and Data Matrix codes of one clip
    /// are alike in size and texture, as tickets of one gate are; a filling code is as large
    /// as the frame allows at its module size.
    private func symbol(_ index: Int) -> (grid: ModuleGrid, expected: String) {
        let letter = String(UnicodeScalar(UInt8(65 + index % 26)))
        switch kind {
        case .qr:
            let text = "TICKET \(letter)\(1000 + 7 * index)"
            return (QRMatrix(bytes: Array(text.utf8), level: .medium)!.grid, text)
        case .dataMatrix:
            let text = "PARCEL \(letter)\(20_000 + 13 * index)"
            return (MatrixCode.grid(.dataMatrix, text)!, text)
        case .ean13:
            let code = Barcode(.ean13, String(400_638_133_390 + 17 * index))!
            return (code.bars, code.expected)
        case .code128:
            let code = Barcode(.code128, "LABEL-\(letter)\(300 + index)")!
            return (code.bars, code.expected)
        }
    }
}
