/// One picture as the scanner sees it: an 8-bit luma (grey) plane.
public struct Frame: Sendable {
    public let width: Int
    public let height: Int
    /// Bytes from the start of one row to the next (at least `width`).
    public let stride: Int
    /// Counts frames from 0 within one source.
    public let sequence: Int
    /// Seconds, monotonic clock for live sources, presentation time for files.
    public let timestamp: Double
    public let luma: [UInt8]
    /// A pooled plane's way back to its pool (a camera's), shared by every copy.
    private let lease: PlaneLease?

    public init(
        width: Int, height: Int, stride: Int? = nil, sequence: Int = 0,
        timestamp: Double = 0, luma: [UInt8]
    ) {
        self.init(
            width: width, height: height, stride: stride, sequence: sequence, timestamp: timestamp,
            luma: luma, lease: nil)
    }

    /// A frame whose plane goes back to `recycler` once the last copy of the frame is gone.
    public init(width: Int, height: Int, sequence: Int, timestamp: Double, luma: [UInt8], recycler: any PlaneRecycler) {
        self.init(
            width: width, height: height, sequence: sequence, timestamp: timestamp, luma: luma,
            lease: PlaneLease(recycler: recycler, plane: luma))
    }

    private init(
        width: Int, height: Int, stride: Int? = nil, sequence: Int, timestamp: Double, luma: [UInt8],
        lease: PlaneLease?
    ) {
        let stride = stride ?? width
        precondition(width > 0 && height > 0 && stride >= width, "bad frame geometry")
        precondition(luma.count >= stride * (height - 1) + width, "luma plane too small")
        self.width = width
        self.height = height
        self.stride = stride
        self.sequence = sequence
        self.timestamp = timestamp
        self.luma = luma
        self.lease = lease
    }

    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    @inlinable public subscript(x: Int, y: Int) -> UInt8 { luma[y * stride + x] }

    /// The same picture with another sequence number and time (stills shown repeatedly).
    public func renumbered(sequence: Int, timestamp: Double) -> Frame {
        Frame(
            width: width, height: height, stride: stride, sequence: sequence,
            timestamp: timestamp, luma: luma, lease: lease)
    }

    /// The very same pixels in memory (a still repeated by a loop), not merely equal ones.
    public func sharesPixels(with other: Frame) -> Bool {
        luma.withUnsafeBufferPointer { a in other.luma.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
            && width == other.width && height == other.height && stride == other.stride
    }

    /// This frame with stride equal to width (what zbar and the pixel loops expect).
    public var packed: Frame { stride == width ? self : cropped(to: bounds) }

    /// The pixels of `rect` (clamped to the frame) as a tightly packed plane.
    public func cropped(to rect: PixelRect) -> Frame {
        let r = rect.clamped(to: bounds)
        if r == bounds && stride == width { return self }
        var out = [UInt8](repeating: 0, count: max(r.width * r.height, 1))
        luma.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for row in 0..<r.height {
                    let from = (r.y + row) * stride + r.x
                    let to = row * r.width
                    dst.baseAddress!.advanced(by: to)
                        .update(from: src.baseAddress!.advanced(by: from), count: r.width)
                }
            }
        }
        return Frame(
            width: max(r.width, 1), height: max(r.height, 1), sequence: sequence,
            timestamp: timestamp, luma: out)
    }
}

/// A rectangle in frame pixels.
public struct PixelRect: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    public func clamped(to outer: PixelRect) -> PixelRect {
        let x0 = min(max(x, outer.x), outer.maxX)
        let y0 = min(max(y, outer.y), outer.maxY)
        let x1 = min(max(maxX, outer.x), outer.maxX)
        let y1 = min(max(maxY, outer.y), outer.maxY)
        return PixelRect(x: x0, y: y0, width: max(x1 - x0, 0), height: max(y1 - y0, 0))
    }

    /// The smallest rectangle holding this one and `other`.
    public func union(_ other: PixelRect) -> PixelRect {
        let x0 = min(x, other.x)
        let y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// This rectangle grown by `margin` on every side.
    public func grown(by margin: Int) -> PixelRect {
        PixelRect(x: x - margin, y: y - margin, width: width + 2 * margin, height: height + 2 * margin)
    }

    /// A centred square whose side is `fraction` of the shorter side of `width` x `height`.
    public static func centredSquare(fraction: Double, width: Int, height: Int) -> PixelRect {
        let side = max(1, Int((Double(min(width, height)) * fraction).rounded()))
        return PixelRect(x: (width - side) / 2, y: (height - side) / 2, width: side, height: side)
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

/// A point in frame pixels (corners of a detected code).
public struct PixelPoint: Equatable, Hashable, Sendable {
    public var x: Int
    public var y: Int
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

extension [PixelPoint] {
    /// The smallest and largest coordinates (nil when empty).
    public var boundingRect: (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        guard let first else { return nil }
        return dropFirst().reduce((first.x, first.y, first.x, first.y)) {
            (Swift.min($0.0, $1.x), Swift.min($0.1, $1.y), Swift.max($0.2, $1.x), Swift.max($0.3, $1.y))
        }
    }
}

/// Takes planes back for reuse (a camera's pool of frame planes).
public protocol PlaneRecycler: AnyObject, Sendable {
    func recycle(_ plane: [UInt8])
}

/// Held by every copy of a pooled frame; the last copy gone gives the plane back.
final class PlaneLease: Sendable {
    private let recycler: any PlaneRecycler
    private let plane: [UInt8]

    init(recycler: any PlaneRecycler, plane: [UInt8]) {
        self.recycler = recycler
        self.plane = plane
    }

    deinit { recycler.recycle(plane) }
}
