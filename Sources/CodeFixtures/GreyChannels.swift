import FrameCore

/// Pixel layouts the test encoders write from a grey frame.
enum GreyChannels {
    /// The frame's grey in `count` equal channels a pixel (RGB, RGBA with `alpha`).
    static func channels(_ frame: Frame, _ count: Int, alpha: UInt8? = nil) -> [UInt8] {
        let luma = frame.packed.luma
        var out = [UInt8](repeating: alpha ?? 0, count: luma.count * count)
        out.withUnsafeMutableBufferPointer { out in
            for i in luma.indices {
                for channel in 0..<(alpha == nil ? count : count - 1) { out[count * i + channel] = luma[i] }
            }
        }
        return out
    }
}
