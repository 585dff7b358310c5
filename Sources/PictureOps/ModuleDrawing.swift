import FrameCore
import Glibc

/// A code as modules: a QR code's matrix, or a 1D code's bars (one row).
public struct ModuleGrid: Sendable {
    public let columns: Int
    public let rows: Int
    /// Row-major, true = dark.
    public let dark: [Bool]

    public init(columns: Int, rows: Int, dark: [Bool]) {
        precondition(dark.count == columns * rows, "module count does not match the grid")
        self.columns = columns
        self.rows = rows
        self.dark = dark
    }

    public subscript(column: Int, row: Int) -> Bool { dark[row * columns + column] }
}

/// How a code is laid into a scene: where, how large, how turned.
public struct ModulePlacement: Sendable {
    public var centreX: Double
    public var centreY: Double
    /// Pixels per module (fractional: 1.5 is a common camera case).
    public var moduleSize: Double
    /// Modules per grid row down the picture (1D bars are one row drawn this many modules tall).
    public var rowHeight: Double
    public var degrees: Double
    /// Light modules around the code.
    public var quietZone: Double

    public init(
        centreX: Double, centreY: Double, moduleSize: Double, rowHeight: Double = 1, degrees: Double = 0,
        quietZone: Double = 4
    ) {
        self.centreX = centreX
        self.centreY = centreY
        self.moduleSize = moduleSize
        self.rowHeight = rowHeight
        self.degrees = degrees
        self.quietZone = quietZone
    }
}

extension Frame {
    /// `grid` drawn in as a camera sees it: each pixel is the mean of 4x4 samples of the
    /// code (dark, light, or this frame's own pixel outside the quiet zone), so module edges
    /// that fall inside a pixel are grey, as with fractional module sizes they are.
    public func drawingModules(_ grid: ModuleGrid, at place: ModulePlacement, dark: UInt8 = 20, light: UInt8 = 235)
        -> Frame
    {
        let zone = place.quietZone
        let codeWidth = Double(grid.columns) + 2 * zone
        let codeHeight = Double(grid.rows) * place.rowHeight + 2 * zone
        let angle = place.degrees * .pi / 180
        let c = cos(angle)
        let s = sin(angle)
        guard place.moduleSize > 0 else { return self }
        let reach = hypot(codeWidth, codeHeight) * place.moduleSize / 2 + 2
        let x0 = max(0, Int(place.centreX - reach))
        let x1 = min(width - 1, Int(place.centreX + reach))
        let y0 = max(0, Int(place.centreY - reach))
        let y1 = min(height - 1, Int(place.centreY + reach))
        guard x0 <= x1, y0 <= y1 else { return self }
        let code = CodeArea(
            grid: grid, width: codeWidth, height: codeHeight, quietZone: zone, rowHeight: place.rowHeight)
        return drawing(code, xs: x0...x1, ys: y0...y1, dark: dark, light: light) { x, y in
            let dx = x - place.centreX
            let dy = y - place.centreY
            // Inverse turn and scale: where in the code (modules, quiet zone included) this is.
            return (
                (dx * c + dy * s) / place.moduleSize + codeWidth / 2,
                (-dx * s + dy * c) / place.moduleSize + codeHeight / 2
            )
        }
    }

    /// `code` drawn over the pixels in `xs` x `ys`, each the mean of 4x4 samples: dark or
    /// light where a sample falls on a module or the quiet zone (`toCode` maps a point of
    /// the frame into the code), this frame's own pixel elsewhere.
    internal func drawing(
        _ code: CodeArea, xs: ClosedRange<Int>, ys: ClosedRange<Int>, dark: UInt8, light: UInt8,
        toCode: (Double, Double) -> (Double, Double)
    ) -> Frame {
        var out = packed.luma
        let w = width
        out.withUnsafeMutableBufferPointer { pixels in
            for y in ys {
                for x in xs {
                    var inside = 0
                    var darkCount = 0
                    for sy in 0..<4 {
                        for sx in 0..<4 {
                            let (u, v) = toCode(Double(x) + (Double(sx) + 0.5) / 4, Double(y) + (Double(sy) + 0.5) / 4)
                            guard u >= 0, v >= 0, u < code.width, v < code.height else { continue }
                            inside += 1
                            if code.isDark(u, v) { darkCount += 1 }
                        }
                    }
                    guard inside > 0 else { continue }
                    let background = Int(pixels[y * w + x])
                    let total = background * (16 - inside) + Int(dark) * darkCount + Int(light) * (inside - darkCount)
                    pixels[y * w + x] = UInt8((total + 8) / 16)
                }
            }
        }
        return Frame(width: width, height: height, sequence: sequence, timestamp: timestamp, luma: out)
    }

    /// Softened by a Gaussian of `sigma` pixels (separable, 3 sigma each side): focus blur.
    public func blurred(sigma: Double) -> Frame {
        guard sigma > 0.05 else { return self }
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        let weights = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = weights.reduce(0, +)
        let kernel = weights.map { Float($0 / total) }
        let source = packed.luma
        let w = width
        let h = height
        var across = [Float](repeating: 0, count: w * h)
        var out = [UInt8](repeating: 0, count: w * h)
        source.withUnsafeBufferPointer { p in
            across.withUnsafeMutableBufferPointer { a in
                for y in 0..<h {
                    for x in 0..<w {
                        var sum: Float = 0
                        for k in -radius...radius {
                            sum += kernel[k + radius] * Float(p[y * w + min(max(x + k, 0), w - 1)])
                        }
                        a[y * w + x] = sum
                    }
                }
            }
            across.withUnsafeBufferPointer { a in
                out.withUnsafeMutableBufferPointer { o in
                    for y in 0..<h {
                        for x in 0..<w {
                            var sum: Float = 0
                            for k in -radius...radius {
                                sum += kernel[k + radius] * a[min(max(y + k, 0), h - 1) * w + x]
                            }
                            o[y * w + x] = UInt8(max(0, min(255, sum + 0.5)))
                        }
                    }
                }
            }
        }
        return Frame(width: w, height: h, sequence: sequence, timestamp: timestamp, luma: out)
    }

    /// A smooth random backdrop of soft light and shade (a few long waves in random
    /// directions, grey levels about 60 to 200): what lies behind a code in a room.
    public static func plasma(width: Int, height: Int, seed: UInt64, phase: Double = 0) -> Frame {
        var random = SplitMix(seed: seed)
        func unit() -> Double { Double(random.next() % 10_000) / 10_000 }
        let waves = (0..<4).map { _ in
            (angle: unit() * 2 * .pi, length: 150 + unit() * 500, offset: unit() * 2 * .pi, amplitude: 15 + unit() * 20)
        }
        var out = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                var value = 130.0
                for wave in waves {
                    let along = Double(x) * cos(wave.angle) + Double(y) * sin(wave.angle)
                    value += wave.amplitude * sin(along / wave.length * 2 * .pi + wave.offset + phase)
                }
                out[y * width + x] = UInt8(max(0, min(255, value)))
            }
        }
        return Frame(width: width, height: height, luma: out)
    }
}

/// A module grid laid out in module units, quiet zone included: which points are dark.
struct CodeArea {
    let grid: ModuleGrid
    let width: Double, height: Double
    let quietZone: Double, rowHeight: Double

    func isDark(_ u: Double, _ v: Double) -> Bool {
        guard u >= quietZone, v >= quietZone else { return false }
        let column = Int(u - quietZone)
        let row = Int((v - quietZone) / rowHeight)
        return column < grid.columns && row < grid.rows && grid[column, row]
    }
}
