import FrameCore

extension Frame {
    /// The lightest and darkest pixel of the picture's outermost rows and columns.
    public var edgeRange: (darkest: UInt8, lightest: UInt8) {
        var (darkest, lightest) = (UInt8.max, UInt8.min)
        func take(_ value: UInt8) {
            darkest = Swift.min(darkest, value)
            lightest = Swift.max(lightest, value)
        }
        for x in 0..<width {
            take(self[x, 0])
            take(self[x, height - 1])
        }
        for y in 0..<height {
            take(self[0, y])
            take(self[width - 1, y])
        }
        return (darkest, lightest)
    }

    /// The picture inside a `margin` of pixels of `value` on every side.
    public func bordered(by margin: Int, value: UInt8) -> Frame {
        let outWidth = width + 2 * margin
        var out = [UInt8](repeating: value, count: outWidth * (height + 2 * margin))
        luma.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for row in 0..<height {
                    dst.baseAddress!.advanced(by: (row + margin) * outWidth + margin)
                        .update(from: src.baseAddress!.advanced(by: row * stride), count: width)
                }
            }
        }
        return Frame(
            width: outWidth, height: height + 2 * margin, sequence: sequence, timestamp: timestamp, luma: out)
    }
}
