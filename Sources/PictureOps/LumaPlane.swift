/// Luma out of a camera's frame buffer: every `step`th byte from `offset` on each row (1 for
/// grey and planar formats, 2 for YUYV and UYVY), packed; optimised even in debug builds,
/// as it runs on every frame.
public enum LumaPlane {
    /// Written into a plane of at least `width * height` bytes (a pooled frame's); every byte is set.
    public static func write(
        _ memory: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int, step: Int,
        offset: Int, into out: UnsafeMutableBufferPointer<UInt8>
    ) {
        precondition(out.count >= width * height, "luma plane too small")
        let source = memory.bindMemory(to: UInt8.self)
        for row in 0..<height {
            let input = source.baseAddress! + row * stride + offset
            let output = out.baseAddress! + row * width
            if step == 1 {
                output.update(from: input, count: width)
            } else {
                for x in 0..<width { output[x] = input[step * x] }
            }
        }
    }
}
