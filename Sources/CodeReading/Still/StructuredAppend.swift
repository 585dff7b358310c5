import FrameCore
import PictureOps

/// Structured append: one message in several QR symbols. zbar joins them only when all are
/// in the same picture; apart, it hands each over as a part it cannot place. So the parts
/// seen (in one frame or many) are cut out and laid side by side in one picture, which zbar
/// then reads as the whole message.
public struct StructuredAppend: Sendable {
    private var pieces: [[UInt8]: Frame] = [:]
    private var order: [[UInt8]] = []
    /// Enough for the longest messages in practice (the standard allows 16 symbols).
    static let capacity = 16

    public init() {}

    public var partCount: Int { pieces.count }

    /// Keeps the picture of each new part; returns true when a part was new.
    @discardableResult
    public mutating func add(_ parts: [SymbolPart], from frame: Frame) -> Bool {
        var added = false
        for part in parts where pieces[part.bytes] == nil {
            guard let piece = Self.cutOut(part, from: frame) else { continue }
            pieces[part.bytes] = piece
            order.append(part.bytes)
            added = true
            if order.count > Self.capacity { pieces[order.removeFirst()] = nil }
        }
        return added
    }

    /// The whole message, once every part has been seen.
    public func assemble(with engine: any CodeEngine) -> DetectedCode? {
        guard pieces.count >= 2 else { return nil }
        let parts = order.compactMap { pieces[$0] }
        let gap = 32
        let width = parts.reduce(gap) { $0 + $1.width + gap }
        let height = (parts.map(\.height).max() ?? 0) + 2 * gap
        var canvas = Frame.filled(width: width, height: height, value: 255)
        var x = gap
        for part in parts {
            canvas = canvas.drawing(part, centreX: Double(x) + Double(part.width) / 2, centreY: Double(height) / 2)
            x += part.width + gap
        }
        engine.density = 1
        // The joined message has no one place in the picture: no corners to outline.
        return engine.decode(canvas).codes.first { $0.symbology == .qr }
            .map { DetectedCode(symbology: $0.symbology, bytes: $0.bytes, corners: [], quality: $0.quality) }
    }

    /// The part's square with a quiet zone around it.
    static func cutOut(_ part: SymbolPart, from frame: Frame) -> Frame? {
        let xs = part.corners.map(\.x)
        let ys = part.corners.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        let margin = max(8, (maxX - minX) / 8)
        let rect = PixelRect(
            x: minX - margin, y: minY - margin, width: maxX - minX + 2 * margin, height: maxY - minY + 2 * margin
        )
        .clamped(to: frame.bounds)
        return rect.isEmpty ? nil : frame.cropped(to: rect)
    }
}
