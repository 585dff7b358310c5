import Foundation
import FrameCore
import PictureOps

/// Pictures of a few kilobytes made to cost a reader dear: every one a finder pattern or a
/// bull's-eye over and over, many small codes, codes cut in part, one huge bull's-eye, and the
/// textures no code lies in (checkerboards, halftone, noise). Drawn here, so the tests and
/// `qrtui-bench --bombs` make them at any size.
public enum Bombs {
    /// A bomb by name, at its full size (`scale` 1) or smaller.
    public struct Bomb: Sendable {
        public let name: String
        public let picture: Frame
        /// The codes it holds (their payloads), which a reader should read.
        public let codes: [String]
    }

    /// Every bomb of the benchmark, `scale` times its full side (1: as the issue measured them).
    public static func all(scale: Double = 1) -> [Bomb] {
        func side(_ full: Int) -> Int { max(64, Int(Double(full) * scale)) }
        let sheet = manyCodes(count: max(4, Int(1024 * scale * scale)))
        return [
            Bomb(name: "bull's-eye grid", picture: bullseyeGrid(side: side(1000)), codes: []),
            Bomb(name: "finder grid", picture: finderGrid(side: side(300)), codes: []),
            Bomb(name: "tiny codes", picture: sheet.picture, codes: sheet.codes),
            Bomb(name: "partial codes", picture: partialCodes(count: max(4, Int(400 * scale * scale))), codes: []),
            Bomb(name: "one bull's-eye", picture: bigBullseye(side: side(4000)), codes: []),
            Bomb(name: "one huge bull's-eye", picture: bigBullseye(side: side(10000)), codes: []),
            withCode(bullseyeGrid(side: side(1000)), "a code beside a bomb"),
            Bomb(name: "checkerboard", picture: checkerboard(side: side(2000), square: 1), codes: []),
            Bomb(name: "checkerboard 4 px", picture: checkerboard(side: side(2000), square: 4), codes: []),
            Bomb(name: "halftone", picture: halftone(side: side(2000)), codes: []),
            Bomb(name: "noise", picture: noise(side: side(2000)), codes: []),
        ]
    }

    /// Aztec-like bull's-eyes (a dark middle, then rings: 9 modules across), `moduleSize` pixels
    /// a module, in rows two light modules apart.
    public static func bullseyeGrid(side: Int, moduleSize: Int = 1) -> Frame {
        tiled(side: side, pitch: 11 * moduleSize) { x, y in
            let (mx, my) = (x / moduleSize, y / moduleSize)
            guard mx < 9, my < 9 else { return false }
            return max(abs(mx - 4), abs(my - 4)) % 2 == 0
        }
    }

    /// QR finder patterns (7 modules across, 1 px a module) side by side, a light module apart.
    public static func finderGrid(side: Int) -> Frame {
        tiled(side: side, pitch: 8) { x, y in
            guard x < 7, y < 7 else { return false }
            let ring = max(abs(x - 3), abs(y - 3))
            return ring != 2
        }
    }

    /// One bull's-eye as large as the picture (a big Aztec core).
    public static func bigBullseye(side: Int) -> Frame {
        let module = max(1, side / 11)
        let centre = side / 2
        var luma = [UInt8](repeating: 235, count: side * side)
        for y in 0..<side {
            for x in 0..<side {
                let ring = max(abs(x - centre), abs(y - centre)) / module
                if ring <= 4 && ring % 2 == 0 { luma[y * side + x] = 20 }
            }
        }
        return Frame(width: side, height: side, luma: luma)
    }

    /// `count` different version-1 QR codes, 2 px a module, in a square sheet (a page of labels).
    public static func manyCodes(count: Int, moduleSize: Int = 2) -> (picture: Frame, codes: [String]) {
        let columns = Int(Double(count).squareRoot().rounded(.up))
        let rows = (count + columns - 1) / columns
        let codes = (0..<count).map { String(format: "L%04d", $0) }
        let cell = 29 * moduleSize
        var sheet = [UInt8](repeating: 235, count: columns * cell * rows * cell)
        for (index, text) in codes.enumerated() {
            guard let matrix = QRMatrix(text: text, level: .low) else { continue }
            let code = matrix.render(moduleSize: moduleSize, dark: 20, light: 235)
            paste(code, into: &sheet, width: columns * cell, x: index % columns * cell, y: index / columns * cell)
        }
        return (Frame(width: columns * cell, height: rows * cell, luma: sheet), codes)
    }

    /// `count` QR codes, 2 px a module, each with one quarter wiped light (a finder or more
    /// gone): nothing to read, every other finder a candidate.
    public static func partialCodes(count: Int) -> Frame {
        let (picture, _) = manyCodes(count: count)
        var luma = picture.luma
        let cell = 58
        let columns = picture.width / cell
        for index in 0..<count {
            let (cx, cy) = (index % columns * cell, index / columns * cell)
            let quarter = index % 4
            let (qx, qy) = (cx + 8 + (quarter % 2) * 21, cy + 8 + (quarter / 2) * 21)
            for y in qy..<(qy + 21) { for x in qx..<(qx + 21) { luma[y * picture.width + x] = 235 } }
        }
        return Frame(width: picture.width, height: picture.height, luma: luma)
    }

    /// `picture` with a QR code of `text` (4 px a module) drawn over its top-left corner.
    public static func withCode(_ picture: Frame, _ text: String) -> Bomb {
        let code = QRMatrix(text: text)!.render(moduleSize: 4, dark: 20, light: 235)
        var luma = picture.luma
        paste(code, into: &luma, width: picture.width, x: 0, y: 0)
        return Bomb(
            name: "bull's-eye grid with a code",
            picture: Frame(width: picture.width, height: picture.height, luma: luma),
            codes: [text])
    }

    /// Squares of `square` pixels, dark and light in turn.
    public static func checkerboard(side: Int, square: Int) -> Frame {
        var luma = [UInt8](repeating: 235, count: side * side)
        for y in 0..<side { for x in 0..<side where (x / square + y / square) % 2 == 0 { luma[y * side + x] = 20 } }
        return Frame(width: side, height: side, luma: luma)
    }

    /// A printed photo's halftone: dots on a 6 px grid, their size following a slow gradient.
    public static func halftone(side: Int) -> Frame {
        var luma = [UInt8](repeating: 235, count: side * side)
        for y in 0..<side {
            for x in 0..<side {
                let tone = Double((x + y) % 600) / 600
                let (dx, dy) = (Double(x % 6) - 2.5, Double(y % 6) - 2.5)
                if (dx * dx + dy * dy).squareRoot() < tone * 3.5 { luma[y * side + x] = 20 }
            }
        }
        return Frame(width: side, height: side, luma: luma)
    }

    /// Every pixel its own random grey.
    public static func noise(side: Int, seed: UInt64 = 7) -> Frame {
        var random = SplitMix(seed: seed)
        return Frame(
            width: side, height: side, luma: (0..<(side * side)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
    }

    /// A picture of `side` whose pixel (x, y) is dark where `dark` says, for (x, y) within one tile.
    static func tiled(side: Int, pitch: Int, dark: (Int, Int) -> Bool) -> Frame {
        let tile = (0..<(pitch * pitch)).map { dark($0 % pitch, $0 / pitch) }
        var luma = [UInt8](repeating: 235, count: side * side)
        for y in 0..<side {
            for x in 0..<side where tile[(y % pitch) * pitch + x % pitch] { luma[y * side + x] = 20 }
        }
        return Frame(width: side, height: side, luma: luma)
    }

    /// `picture` copied into `plane` (rows of `width`) with its top-left corner at (`x`, `y`).
    static func paste(_ picture: Frame, into plane: inout [UInt8], width: Int, x: Int, y: Int) {
        let height = plane.count / width
        for row in 0..<picture.height where y + row < height {
            for column in 0..<picture.width where x + column < width {
                plane[(y + row) * width + x + column] = picture[column, row]
            }
        }
    }
}
