/// A grey picture as the Overlay sees it (CaptureKit's frames convert without copying).
public struct GreyImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let stride: Int
    public let pixels: [UInt8]

    public init(width: Int, height: Int, stride: Int? = nil, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.stride = stride ?? width
        self.pixels = pixels
        precondition(pixels.count >= self.stride * max(0, height - 1) + width, "grey image too small")
    }
}
