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

extension Frame {
    /// The pixels of `rect`, which may reach past the picture's edges: what lies beyond them
    /// is `value` (a window centred on a code near the edge keeps the code in its middle). No
    /// window takes more than four times the picture's pixels: a larger one is cut round its
    /// middle to that.
    public func window(_ asked: PixelRect, beyond value: UInt8) -> Frame {
        let most = 4 * width * height
        var rect = asked
        if rect.width * rect.height > most {
            let shrink = (Double(most) / Double(rect.width * rect.height)).squareRoot()
            let (w, h) = (max(1, Int(Double(rect.width) * shrink)), max(1, Int(Double(rect.height) * shrink)))
            rect = PixelRect(x: rect.x + (rect.width - w) / 2, y: rect.y + (rect.height - h) / 2, width: w, height: h)
        }
        let inside = rect.clamped(to: bounds)
        guard inside != rect else { return cropped(to: rect) }
        var out = [UInt8](repeating: value, count: max(0, rect.width) * max(0, rect.height))
        guard !inside.isEmpty else { return Frame(width: rect.width, height: rect.height, luma: out) }
        luma.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in inside.y..<inside.maxY {
                    dst.baseAddress!.advanced(by: (y - rect.y) * rect.width + inside.x - rect.x)
                        .update(from: src.baseAddress!.advanced(by: y * stride + inside.x), count: inside.width)
                }
            }
        }
        return Frame(width: rect.width, height: rect.height, sequence: sequence, timestamp: timestamp, luma: out)
    }
}
