import FrameCore
import PictureFiles

/// A screenshot's pixels, RGB.
struct RGBPicture {
    let width: Int
    let height: Int
    let rgb: [UInt8]

    /// A binary PPM (P6, 8 bits).
    init?(ppm: [UInt8]) {
        var fields = [String]()
        var index = 0
        while fields.count < 4, index < ppm.count {
            while index < ppm.count, ppm[index] == 0x20 || ppm[index] == 0x0A { index += 1 }
            let start = index
            while index < ppm.count, ppm[index] != 0x20, ppm[index] != 0x0A { index += 1 }
            fields.append(String(decoding: ppm[start..<index], as: UTF8.self))
        }
        index += 1
        guard fields.count == 4, fields[0] == "P6", let width = Int(fields[1]), let height = Int(fields[2]),
            fields[3] == "255", ppm.count - index >= width * height * 3
        else { return nil }
        (self.width, self.height) = (width, height)
        rgb = Array(ppm[index..<(index + width * height * 3)])
    }

    func isGreen(_ x: Int, _ y: Int) -> Bool {
        guard x >= 0, y >= 0, x < width, y < height else { return false }
        let i = (y * width + x) * 3
        return rgb[i + 1] > 150 && rgb[i] < 80 && rgb[i + 2] < 80
    }

    /// Rows in `y` with a green pixel somewhere in `x`.
    func greenRows(x: ClosedRange<Int>, y: ClosedRange<Int>) -> Int {
        y.filter { row in x.contains { isGreen($0, row) } }.count
    }

    /// Columns in `x` with a green pixel somewhere in `y`.
    func greenColumns(y: ClosedRange<Int>, x: ClosedRange<Int>) -> Int {
        x.filter { column in y.contains { isGreen(column, $0) } }.count
    }

    /// As a colour PNG, for zbarimg and qrtui.
    var png: [UInt8] {
        var grey = [UInt8](repeating: 0, count: width * height)
        for index in 0..<(width * height) {
            let i = index * 3
            let red = Int(rgb[i]) * 299
            let green = Int(rgb[i + 1]) * 587
            let blue = Int(rgb[i + 2]) * 114
            grey[index] = UInt8((red + green + blue) / 1000)
        }
        return PNGCodec.encode(Frame(width: width, height: height, luma: grey))
    }

    /// The grey level of a pixel (0 outside the picture).
    func grey(_ x: Int, _ y: Int) -> Int {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        let i = (y * width + x) * 3
        return (Int(rgb[i]) + Int(rgb[i + 1]) + Int(rgb[i + 2])) / 3
    }
}

/// The scan area as a screenshot shows it: the light scene left as it is inside, dimmed
/// outside, and whether white corner brackets stand at its four corners (and nowhere else
/// along its sides).
struct ScanAreaSeen: CustomStringConvertible {
    let left: Int
    let top: Int
    let right: Int
    let bottom: Int
    let bracketed: Bool

    /// Walks out from a code's `box` (inside the area) until the scene turns dim.
    init?(_ shot: RGBPicture, around box: (left: Int, top: Int, right: Int, bottom: Int)) {
        let (midX, midY) = ((box.left + box.right) / 2, (box.top + box.bottom) / 2)
        let light = shot.grey(box.right + 20, midY)
        guard light > 150 else { return nil }
        let dim = { (x: Int, y: Int) in shot.grey(x, y) < light * 7 / 10 }
        func edge(from start: Int, step: Int, along: (Int) -> (Int, Int)) -> Int? {
            var position = start
            while !dim(along(position).0, along(position).1) {
                position += step
                if abs(position - start) > 2000 { return nil }
            }
            return position
        }
        guard let right = edge(from: box.right + 20, step: 1, along: { ($0, midY) }),
            let left = edge(from: box.left - 20, step: -1, along: { ($0, midY) }),
            let bottom = edge(from: box.bottom + 20, step: 1, along: { (midX, $0) }),
            let top = edge(from: box.top - 20, step: -1, along: { (midX, $0) })
        else { return nil }
        // Edges as the first dim pixel on each side: the area is [left + 1, right).
        (self.left, self.top, self.right, self.bottom) = (left + 1, top + 1, right, bottom)
        let arm = max(6, min(right - left, bottom - top) / 4)
        let white = { (x: Int, y: Int) in shot.grey(x, y) > 200 }
        var corners = true
        for (x, outX) in [(self.left, -1), (right, 1)] {
            for (y, outY) in [(self.top, -1), (bottom, 1)] {
                // Just outside the corner, and halfway along each arm.
                let (cornerX, cornerY) = (outX < 0 ? x - 3 : x + 2, outY < 0 ? y - 3 : y + 2)
                let atCorner = white(cornerX, cornerY)
                let alongX = white(x - outX * arm / 2, cornerY)
                let alongY = white(cornerX, y - outY * arm / 2)
                corners = corners && atCorner && alongX && alongY
            }
        }
        // The middle of each side is no bracket: dim.
        let (centreX, centreY) = ((self.left + right) / 2, (self.top + bottom) / 2)
        let sides: [Bool] = [
            dim(centreX, self.top - 3), dim(centreX, bottom + 2), dim(self.left - 3, centreY), dim(right + 2, centreY),
        ]
        bracketed = corners && !sides.contains(false)
    }

    var description: String { "(\(left), \(top))-(\(right), \(bottom)), brackets: \(bracketed)" }
}
