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

public extension Frame {
    /// This picture turned by `degrees` (clockwise) on a canvas that holds all of it, white
    /// around it, with the map from the turned picture back to this one.
    func turned(degrees: Double) -> MappedPicture {
        let picture = rotated(degrees: degrees)
        let angle = -degrees * .pi / 180
        let (c, s) = (cos(angle), sin(angle))
        let (cx, cy) = (Double(picture.width) / 2, Double(picture.height) / 2)
        let (ox, oy) = (Double(width) / 2, Double(height) / 2)
        return MappedPicture(picture: picture, back: { point in
            let dx = Double(point.x) - cx, dy = Double(point.y) - cy
            return PixelPoint(x: Int((ox + dx * c - dy * s).rounded()), y: Int((oy + dx * s + dy * c).rounded()))
        })
    }
}
