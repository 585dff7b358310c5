import FrameCore

/// A window's frames on a grid of twice its pixels each way (multi-frame super-resolution by
/// shift and add): a hand that shakes by fractions of a pixel puts each frame's pixels at other
/// places between the mean's, so that modules of 2 px, blurred together in any one frame and in
/// a mean sampled on the frames' own grid, stand apart. A fine pixel no frame fell on takes the
/// mean's grey there.
struct FineStack {
    /// The window's size in frame pixels.
    let width: Int
    let height: Int
    private var sums: [Float]
    private var weights: [Float]
    /// Frames added at a shift other than none.
    private(set) var moved = 0

    init(width: Int, height: Int) {
        (self.width, self.height) = (width, height)
        sums = [Float](repeating: 0, count: 4 * width * height)
        weights = sums
    }

    /// Frames held still, whose sum is `still` (the window's pixels, row by row): each frame's
    /// pixels fall on the same fine ones.
    init(width: Int, height: Int, still: [Float], count: Int) {
        self.init(width: width, height: height)
        for row in 0..<height {
            for column in 0..<width {
                let fine = (2 * row + 1) * 2 * width + 2 * column + 1
                sums[fine] = still[row * width + column]
                weights[fine] = Float(count)
            }
        }
    }

    /// `frame`'s pixels in `window`, moved back by `shift` (where the window's content lies in
    /// the frame), each added to the fine pixel it falls in.
    mutating func add(_ frame: Frame, window: PixelRect, shift: FrameShift) {
        if shift.dx != 0 || shift.dy != 0 { moved += 1 }
        let fineWidth = 2 * width
        frame.luma.withUnsafeBufferPointer { luma in
            for row in 0..<height {
                let y = window.y + row
                // The window pixel this frame pixel shows, and the fine row it falls in.
                let fineRow = Int((2 * (Double(row) - shift.dy) + 1).rounded(.down))
                guard y >= 0, y < frame.height, fineRow >= 0, fineRow < 2 * height else { continue }
                for column in 0..<width {
                    let x = window.x + column
                    let fineColumn = Int((2 * (Double(column) - shift.dx) + 1).rounded(.down))
                    guard x >= 0, x < frame.width, fineColumn >= 0, fineColumn < fineWidth else { continue }
                    sums[fineRow * fineWidth + fineColumn] += Float(luma[y * frame.stride + x])
                    weights[fineRow * fineWidth + fineColumn] += 1
                }
            }
        }
    }

    /// The fine picture; where no frame fell, the grey of `mean` (the window's mean, row by
    /// row) between its pixels.
    func picture(filling mean: [Float]) -> Frame {
        let fineWidth = 2 * width
        var luma = [UInt8](repeating: 0, count: 4 * width * height)
        for fineRow in 0..<(2 * height) {
            for fineColumn in 0..<fineWidth {
                let index = fineRow * fineWidth + fineColumn
                let grey =
                    weights[index] > 0
                    ? sums[index] / weights[index]
                    : Self.between(mean, width: width, height: height, x: (Float(fineColumn) - 0.5) / 2,
                        y: (Float(fineRow) - 0.5) / 2)
                luma[index] = UInt8(max(0, min(255, grey + 0.5)))
            }
        }
        return Frame(width: fineWidth, height: 2 * height, luma: luma)
    }

    /// `mean`'s grey at (`x`, `y`) in its pixels, sampled between them.
    private static func between(_ mean: [Float], width: Int, height: Int, x: Float, y: Float) -> Float {
        let (x, y) = (max(0, min(Float(width - 1), x)), max(0, min(Float(height - 1), y)))
        let (x0, y0) = (Int(x), Int(y))
        let (x1, y1) = (min(width - 1, x0 + 1), min(height - 1, y0 + 1))
        let (fx, fy) = (x - Float(x0), y - Float(y0))
        let top = mean[y0 * width + x0] * (1 - fx) + mean[y0 * width + x1] * fx
        let bottom = mean[y1 * width + x0] * (1 - fx) + mean[y1 * width + x1] * fx
        return top * (1 - fy) + bottom * fy
    }
}
