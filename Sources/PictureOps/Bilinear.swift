import FrameCore

extension Frame {
    /// The grey at (x, y) in pixel-centre coordinates, blended from the four pixels around it;
    /// nil outside the picture.
    public func bilinear(_ x: Double, _ y: Double) -> Double? {
        luma.withUnsafeBufferPointer { Self.bilinear($0, in: self, x, y) }
    }

    /// The same over `frame`'s pixels already in hand (for loops over a whole picture).
    static func bilinear(_ p: UnsafeBufferPointer<UInt8>, in frame: Frame, _ x: Double, _ y: Double) -> Double? {
        guard x >= 0, y >= 0, x < Double(frame.width - 1), y < Double(frame.height - 1) else { return nil }
        let ix = Int(x)
        let iy = Int(y)
        let fx = x - Double(ix)
        let fy = y - Double(iy)
        let row = iy * frame.stride + ix
        let top = Double(p[row]) * (1 - fx) + Double(p[row + 1]) * fx
        let bottom = Double(p[row + frame.stride]) * (1 - fx) + Double(p[row + frame.stride + 1]) * fx
        return top * (1 - fy) + bottom * fy
    }
}
