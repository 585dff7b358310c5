import FrameCore
import Glibc

/// What a picture holds, block by block, measured in one pass at full resolution: the mean
/// grey (does the scene change?), how much edge there is (is there a code?) and which way
/// the edges run (bars of a 1D code all run one way; a QR code's run both ways).
public struct BlockStatistics: Sendable {
    /// Where the blocks lie in the frame, and their side in pixels.
    public let area: PixelRect
    public let blockSize: Int
    public let columns: Int
    public let rows: Int
    /// Per block, row-major.
    public var mean: [Float]
    /// The mean of |dx| + |dy| over the block: edge strength.
    public var energy: [Float]
    /// The structure tensor's sums (dx², dy², dx·dy): the edges' direction.
    public var xx: [Float]
    public var yy: [Float]
    public var xy: [Float]
    /// The median |dx| over the whole area: the sensor's noise, as the grey steps between
    /// neighbours that carry no picture (for uniform noise about its standard deviation).
    public let noise: Float
    /// Pixels measured in a whole block (every `rowStep`th row of it).
    public let samplesPerBlock: Int

    public func index(column: Int, row: Int) -> Int { row * columns + column }

    /// The pixels of block (column, row) in the frame, the last ones clipped to the area.
    public func rect(column: Int, row: Int) -> PixelRect {
        PixelRect(x: area.x + column * blockSize, y: area.y + row * blockSize, width: blockSize, height: blockSize)
            .clamped(to: area)
    }

    /// These statistics with the `marked` blocks taken from `other` (same grid).
    public func adopting(_ other: BlockStatistics, where marked: [Bool]) -> BlockStatistics {
        guard other.area == area, other.blockSize == blockSize, marked.contains(true) else { return self }
        var result = self
        for index in marked.indices where marked[index] {
            result.mean[index] = other.mean[index]
            result.energy[index] = other.energy[index]
            result.xx[index] = other.xx[index]
            result.yy[index] = other.yy[index]
            result.xy[index] = other.xy[index]
        }
        return result
    }

    /// How much the edges in a block agree on one direction: 1 for parallel bars, 0 for a
    /// checkerboard or noise.
    public func coherence(_ index: Int) -> Float {
        let trace = xx[index] + yy[index]
        guard trace > 0 else { return 0 }
        let difference = xx[index] - yy[index]
        return (difference * difference + 4 * xy[index] * xy[index]).squareRoot() / trace
    }

    /// The direction the edges' gradient points in a block, in degrees (0: bars standing
    /// upright, their gradient across the picture).
    public func gradientAngle(_ index: Int) -> Double {
        0.5 * Double(atan2f(2 * xy[index], xx[index] - yy[index])) * 180 / .pi
    }
}

extension Frame {
    /// The statistics of `area` (clamped to the frame) in blocks of `blockSize` pixels,
    /// measured on one row in every `rowStep` (each at full resolution: the step to the right
    /// and to the row below, so fine modules show as strongly as with every row; which row of
    /// the `rowStep` goes round in turn).
    /// Differences to the right and below stay inside the area (the last column and row
    /// repeat themselves).
    public func blockStatistics(in area: PixelRect, blockSize: Int, rowStep: Int = 1) -> BlockStatistics {
        let rect = area.clamped(to: bounds)
        let columns = max(1, (rect.width + blockSize - 1) / blockSize)
        let rows = max(1, (rect.height + blockSize - 1) / blockSize)
        // Per block: sum, energy, pixels, dx², dy², dx·dy, side by side.
        var totals = [Int](repeating: 0, count: columns * rows * 6)
        var histogram = [Int](repeating: 0, count: 256)
        let stride = self.stride
        let width = rect.width
        let step = max(1, rowStep)
        luma.withUnsafeBufferPointer { p in
            histogram.withUnsafeMutableBufferPointer { counted in
                totals.withUnsafeMutableBufferPointer { totals in
                    for y in Swift.stride(from: 0, to: rect.height, by: step) {
                        // With the same row of each step, the edges of modules `rowStep` tall
                        // could all fall between rows never measured: a QR code as bars.
                        let measured = min(y + (y / step) % step, rect.height - 1)
                        let row = p.baseAddress! + (rect.y + measured) * stride + rect.x
                        let below = measured + 1 < rect.height ? row + stride : row
                        let blockRow = (y / blockSize) * columns
                        for column in 0..<columns {
                            accumulate(
                                row, below: below, from: column * blockSize, to: min(width, (column + 1) * blockSize),
                                areaWidth: width, into: totals.baseAddress! + (blockRow + column) * 6)
                        }
                        // The noise histogram needs only some rows.
                        if y % (4 * step) == 0 {
                            for x in 0..<(width - 1) { counted[min(255, abs(Int(row[x + 1]) - Int(row[x])))] += 1 }
                        }
                    }
                }
            }
        }
        func field(_ offset: Int) -> [Int] { Swift.stride(from: offset, to: totals.count, by: 6).map { totals[$0] } }
        let sums = field(0)
        let energies = field(1)
        let counts = field(2)
        let xx = field(3)
        let yy = field(4)
        let xy = field(5)
        let pixels = counts.map { Float(max(1, $0)) }
        return BlockStatistics(
            area: rect, blockSize: blockSize, columns: columns, rows: rows,
            mean: zip(sums, pixels).map { Float($0) / $1 },
            energy: zip(energies, pixels).map { Float($0) / $1 },
            xx: xx.map(Float.init), yy: yy.map(Float.init), xy: xy.map(Float.init),
            noise: Float(Self.median(of: histogram)), samplesPerBlock: blockSize * ((blockSize + step - 1) / step))
    }

    /// The median of the values a histogram counts.
    private static func median(of histogram: [Int]) -> Int {
        var half = histogram.reduce(0, +) / 2
        var median = 0
        while median < histogram.count - 1 && half >= histogram[median] {
            half -= histogram[median]
            median += 1
        }
        return median
    }
}

/// |v| without the trap `abs` keeps for Int32.min (which a difference of bytes never is):
/// lets the loop above be vectorised.
@inline(__always)
private func magnitude(_ value: Int32) -> Int32 {
    let sign = value >> 31
    return (value ^ sign) &- sign
}

/// One block's share of one pixel row: grey sum, edge energy, pixel count and the structure
/// tensor's sums, added to `totals` (six of them, in that order). 32-bit sums with wrapping
/// arithmetic (a block row cannot overflow them) let the compiler vectorise the loop; the
/// area's last column has no right neighbour (its dx is 0).
@inline(__always)
private func accumulate(
    _ row: UnsafePointer<UInt8>, below: UnsafePointer<UInt8>, from start: Int, to end: Int,
    areaWidth: Int, into totals: UnsafeMutablePointer<Int>
) {
    let inner = min(end, areaWidth - 1)
    var sum: Int32 = 0
    var energy: Int32 = 0
    var sxx: Int32 = 0
    var syy: Int32 = 0
    var sxy: Int32 = 0
    for x in start..<inner {
        let value = Int32(row[x])
        let dx = Int32(row[x + 1]) &- value
        let dy = Int32(below[x]) &- value
        sum &+= value
        energy &+= magnitude(dx) &+ magnitude(dy)
        sxx &+= dx &* dx
        syy &+= dy &* dy
        sxy &+= dx &* dy
    }
    for x in max(start, inner)..<end {
        let value = Int32(row[x])
        let dy = Int32(below[x]) &- value
        sum &+= value
        energy &+= magnitude(dy)
        syy &+= dy &* dy
    }
    totals[0] &+= Int(sum)
    totals[1] &+= Int(energy)
    totals[2] &+= end - start
    totals[3] &+= Int(sxx)
    totals[4] &+= Int(syy)
    totals[5] &+= Int(sxy)
}
