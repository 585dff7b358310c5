import Overlay

/// A picture in sixel, with a fixed palette: `greys` even levels of grey from black to white,
/// then green (the outline and the flash). A pixel takes the register of its level, so nothing
/// is quantised per frame beyond one division a pixel.
enum SixelPicture {
    static let greys = 32
    static let green = greys
    /// Runs of at least this many like columns are written as a count.
    static let shortestRun = 4

    /// The register of an RGB pixel: grey when its channels are alike, else green.
    @inline(__always)
    static func register(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        r == g && g == b ? Int(r) * greys / 256 : green
    }

    /// The palette: each register's colour in percent, as sixel defines them.
    static var palette: [(red: Int, green: Int, blue: Int)] {
        (0..<greys).map { level in
            let percent = (level * 100 + (greys - 1) / 2) / (greys - 1)
            return (percent, percent, percent)
        } + [(0, Int((Double(PicturePixels.green.1) * 100 / 255).rounded()), 0)]
    }

    /// `pixels` as one sixel picture (DCS ... ST), to be written at the cursor.
    static func encode(_ pixels: PicturePixels) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(pixels.width * pixels.height / 2)
        // Pixel aspect 1:1, bits of 0 leave the screen as it is; the raster's size.
        out += Array("\u{1B}P0;1;0q\"1;1;\(pixels.width);\(pixels.height)".utf8)
        for (index, colour) in palette.enumerated() {
            out += Array("#\(index);2;\(colour.red);\(colour.green);\(colour.blue)".utf8)
        }
        let width = pixels.width
        let count = greys + 1
        // Each band: every register's sixels across it, made in one pass over its pixels.
        var planes = [UInt8](repeating: 0, count: width * count)
        for top in stride(from: 0, to: pixels.height, by: 6) {
            let rows = min(6, pixels.height - top)
            var present = [Bool](repeating: false, count: count)
            pixels.rgb.withUnsafeBufferPointer { rgb in
                planes.withUnsafeMutableBufferPointer { planes in
                    for row in 0..<rows {
                        let base = (top + row) * width * 3
                        let bit = UInt8(1) << row
                        for x in 0..<width {
                            let register = register(rgb[base + x * 3], rgb[base + x * 3 + 1], rgb[base + x * 3 + 2])
                            planes[register * width + x] |= bit
                            present[register] = true
                        }
                    }
                }
            }
            for register in 0..<count where present[register] {
                out.append(UInt8(ascii: "#"))
                appendDecimal(register, to: &out)
                planes.withUnsafeMutableBufferPointer { planes in
                    let row = UnsafeMutableBufferPointer(
                        rebasing: planes[(register * width)..<((register + 1) * width)])
                    appendRuns(UnsafeBufferPointer(row), to: &out)
                    row.update(repeating: 0)
                }
                out.append(UInt8(ascii: "$"))
            }
            out.append(UInt8(ascii: "-"))
        }
        out += [0x1B, UInt8(ascii: "\\")]
        return out
    }

    /// One colour's sixels across a band, runs counted, the empty columns at its end left out.
    private static func appendRuns(_ bits: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var end = bits.count
        while end > 0 && bits[end - 1] == 0 { end -= 1 }
        var x = 0
        while x < end {
            var run = 1
            while x + run < end && bits[x + run] == bits[x] { run += 1 }
            let character = 63 + bits[x]
            if run >= shortestRun {
                out.append(UInt8(ascii: "!"))
                appendDecimal(run, to: &out)
                out.append(character)
            } else {
                for _ in 0..<run { out.append(character) }
            }
            x += run
        }
    }

    private static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        if value >= 10 { appendDecimal(value / 10, to: &out) }
        out.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
