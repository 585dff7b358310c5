import FrameCore
import Glibc

/// A picture made from another (enlarged, turned, straightened), and the map from its
/// pixels back to the original's: what is found in it is located in the original.
public struct MappedPicture {
    public let picture: Frame
    public let back: (PixelPoint) -> PixelPoint

    public init(picture: Frame, back: @escaping (PixelPoint) -> PixelPoint) {
        self.picture = picture
        self.back = back
    }
}

extension Frame {
    /// A view (turned, enlarged...) may take at most this many times the picture's own pixels.
    public static let maxViewGrowth = 4
    /// A turned view holds at most this many pixels (a still of more is read whole only
    /// once, at its size): a larger picture's is its middle, the turned corners cut off
    /// (turned by 45°, a square keeps five sixths of itself and takes half the memory).
    public static let maxTurnedPixels = 4_000_000

    /// How many pixels the canvas that holds all of this picture turned by `degrees` has: a
    /// long thin picture turned a little needs a canvas far larger than itself.
    public func turnedArea(degrees: Double) -> Int {
        let angle = degrees * .pi / 180
        let c = abs(cos(angle))
        let s = abs(sin(angle))
        return Int(Double(width) * c + Double(height) * s + 0.5) * Int(Double(width) * s + Double(height) * c + 0.5)
    }

    /// This picture turned by `degrees` (clockwise) on a canvas that holds all of it (or its
    /// middle, `maxTurnedPixels`), white around it, with the map from the turned picture back
    /// to this one; nil when that canvas would take more than `maxViewGrowth` times this
    /// picture's pixels.
    public func turned(degrees: Double) -> MappedPicture? {
        guard turnedArea(degrees: degrees) <= Self.maxViewGrowth * max(1, width * height) else { return nil }
        let picture = rotated(degrees: degrees, within: Self.maxTurnedPixels)
        let angle = -degrees * .pi / 180
        let (c, s) = (cos(angle), sin(angle))
        let (cx, cy) = (Double(picture.width) / 2, Double(picture.height) / 2)
        let (ox, oy) = (Double(width) / 2, Double(height) / 2)
        return MappedPicture(
            picture: picture,
            back: { point in
                let dx = Double(point.x) - cx
                let dy = Double(point.y) - cy
                return PixelPoint(x: Int((ox + dx * c - dy * s).rounded()), y: Int((oy + dx * s + dy * c).rounded()))
            })
    }
}
