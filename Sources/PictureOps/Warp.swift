import FrameCore

extension Frame {
    /// `grid` drawn into the quadrilateral `quad` (the code's outer corners, quiet zone
    /// included, clockwise from its top-left) as a camera sees it: perspective and shear
    /// through a homography, each pixel the mean of 4x4 samples. `rowHeight`: modules per
    /// grid row down the code (1D bars are one row drawn this many modules tall).
    public func drawingModules(
        _ grid: ModuleGrid, into quad: [(Double, Double)], quietZone: Double, rowHeight: Double = 1,
        dark: UInt8, light: UInt8
    ) -> Frame {
        let codeWidth = Double(grid.columns) + 2 * quietZone
        let codeHeight = Double(grid.rows) * rowHeight + 2 * quietZone
        guard quad.count == 4,
            let toCode = Homography(from: quad, to: [(0, 0), (codeWidth, 0), (codeWidth, codeHeight), (0, codeHeight)])
        else { return self }
        let xs = quad.map(\.0)
        let ys = quad.map(\.1)
        let x0 = max(0, Int(xs.min()!) - 1)
        let x1 = min(width - 1, Int(xs.max()!) + 1)
        let y0 = max(0, Int(ys.min()!) - 1)
        let y1 = min(height - 1, Int(ys.max()!) + 1)
        guard x0 <= x1, y0 <= y1 else { return self }
        let code = CodeArea(
            grid: grid, width: codeWidth, height: codeHeight, quietZone: quietZone, rowHeight: rowHeight)
        return drawing(code, xs: x0...x1, ys: y0...y1, dark: dark, light: light) { toCode.map($0, $1) }
    }

    /// Light falling unevenly: each pixel scaled by a gradient from `from` on the left edge to
    /// `to` on the right (1 keeps it), as a lamp to one side makes it.
    public func lit(from: Double, to: Double) -> Frame {
        let source = packed.luma
        var out = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let gain = from + (to - from) * Double(x) / Double(max(1, width - 1))
                out[y * width + x] = UInt8(max(0, min(255, Double(source[y * width + x]) * gain)))
            }
        }
        return Frame(width: width, height: height, sequence: sequence, timestamp: timestamp, luma: out)
    }
}
