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

    /// The palette as sixel defines it, the same in every picture.
    static let paletteBytes = Array(
        palette.enumerated().map { "#\($0.offset);2;\($0.element.red);\($0.element.green);\($0.element.blue)" }
            .joined().utf8)

    /// Each picture level's register.
    static let registers: [UInt8] = (0...255).map {
        let (r, g, b) = PicturePixels.colour(UInt8($0))
        return UInt8(register(r, g, b))
    }

    /// `pixels` as one sixel picture (DCS ... ST), to be written at the cursor.
    static func encode(_ pixels: PicturePixels) -> [UInt8] {
        // Pixel aspect 1:1, bits of 0 leave the screen as it is; the raster's size; the palette.
        let header = Array("\u{1B}P0;1;0q\"1;1;\(pixels.width);\(pixels.height)".utf8) + paletteBytes
        let width = pixels.width
        let count = greys + 1
        let bands = (pixels.height + 5) / 6
        // At most: every register in every band, a byte a column, its number and "$"; "-" a band.
        let bound = header.count + bands * (count * (width + 8) + 1) + 2
        return [UInt8](unsafeUninitializedCapacity: bound) { buffer, initialized in
            var out = SixelWriter(buffer.baseAddress!)
            for byte in header { out.put(byte) }
            // Each band: every register's sixels across it, made in one pass over its pixels.
            var planes = [UInt8](repeating: 0, count: width * count)
            var present = [Bool](repeating: false, count: count)
            pixels.levels.withUnsafeBufferPointer { levels in
                registers.withUnsafeBufferPointer { registers in
                    planes.withUnsafeMutableBufferPointer { planes in
                        for top in stride(from: 0, to: pixels.height, by: 6) {
                            for row in 0..<min(6, pixels.height - top) {
                                let base = (top + row) * width
                                let bit = UInt8(1) << row
                                for x in 0..<width {
                                    let register = Int(registers[Int(levels[base + x])])
                                    planes[register * width + x] |= bit
                                    present[register] = true
                                }
                            }
                            for register in 0..<count where present[register] {
                                present[register] = false
                                out.put(UInt8(ascii: "#"))
                                out.decimal(register)
                                let row = UnsafeMutableBufferPointer(
                                    rebasing: planes[(register * width)..<((register + 1) * width)])
                                out.runs(UnsafeBufferPointer(row))
                                row.update(repeating: 0)
                                out.put(UInt8(ascii: "$"))
                            }
                            out.put(UInt8(ascii: "-"))
                        }
                    }
                }
            }
            out.put(0x1B)
            out.put(UInt8(ascii: "\\"))
            initialized = out.count
        }
    }
}

/// Writes a sixel picture into memory made for its largest size: no checks a byte.
private struct SixelWriter {
    let base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0

    init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    mutating func decimal(_ value: Int) {
        if value >= 10 { decimal(value / 10) }
        put(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// One colour's sixels across a band, runs counted, the empty columns at its end left out.
    mutating func runs(_ bits: UnsafeBufferPointer<UInt8>) {
        var end = bits.count
        while end > 0 && bits[end - 1] == 0 { end -= 1 }
        let raw = UnsafeRawPointer(bits.baseAddress!)
        var x = 0
        while x < end {
            var run = 1
            if bits[x] == 0 {
                // A register is absent from most of a band: its empty columns, eight at a time.
                while x + run + 8 <= end && raw.loadUnaligned(fromByteOffset: x + run, as: UInt64.self) == 0 {
                    run += 8
                }
            }
            while x + run < end && bits[x + run] == bits[x] { run += 1 }
            let character = 63 + bits[x]
            if run >= SixelPicture.shortestRun {
                put(UInt8(ascii: "!"))
                decimal(run)
                put(character)
            } else {
                for _ in 0..<run { put(character) }
            }
            x += run
        }
    }
}
