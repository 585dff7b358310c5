import FrameCore

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
