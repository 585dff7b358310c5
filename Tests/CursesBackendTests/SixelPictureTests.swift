import Overlay
import Testing

@testable import CursesBackend

/// The sixel bytes, read back by a decoder of the tests' own: every pixel in its register.
@Suite struct SixelPictureTests {
    /// A sixel picture decoded: its size, palette (percent) and each pixel's register (-1: none).
    struct Decoded {
        var width = 0
        var height = 0
        var palette: [Int: (Int, Int, Int)] = [:]
        var registers: [Int] = []
    }

    static func decode(_ bytes: [UInt8]) throws -> Decoded {
        let text = String(decoding: bytes, as: UTF8.self)
        try #require(text.hasPrefix("\u{1B}P0;1;0q\"1;1;") && text.hasSuffix("\u{1B}\\"))
        var body = Substring(text.dropFirst("\u{1B}P0;1;0q\"1;1;".count).dropLast(2))
        func number() -> Int {
            let digits = body.prefix { $0.isNumber }
            body = body.dropFirst(digits.count)
            return Int(digits) ?? 0
        }
        var decoded = Decoded()
        decoded.width = number()
        body = body.dropFirst()  // ;
        decoded.height = number()
        decoded.registers = [Int](repeating: -1, count: decoded.width * decoded.height)
        var (x, band, colour) = (0, 0, 0)
        while let character = body.first {
            body = body.dropFirst()
            switch character {
            case "#":
                colour = number()
                if body.hasPrefix(";2;") {
                    body = body.dropFirst(3)
                    let red = number()
                    body = body.dropFirst()
                    let green = number()
                    body = body.dropFirst()
                    decoded.palette[colour] = (red, green, number())
                }
            case "$": x = 0
            case "-": (x, band) = (0, band + 6)
            case "!":
                let count = number()
                let sixel = body.removeFirst()
                for _ in 0..<count { put(sixel, &x) }
            default: put(character, &x)
            }
        }
        func put(_ sixel: Character, _ x: inout Int) {
            let bits = Int(sixel.asciiValue ?? 63) - 63
            for row in 0..<6 where bits & (1 << row) != 0 && band + row < decoded.height && x < decoded.width {
                decoded.registers[(band + row) * decoded.width + x] = colour
            }
            x += 1
        }
        return decoded
    }

    static func pixels() throws -> PicturePixels {
        let values: [UInt8] = (0..<(64 * 40)).map { (index: Int) -> UInt8 in UInt8((index % 64) * 4) }  // a grey ramp
        let transform = ViewTransform.preview(
            frameWidth: 64, frameHeight: 40, columns: 32, rows: 11, cellAspect: 0.5, mode: .fill)
        let scene = Scene(
            image: GreyImage(width: 64, height: 40, pixels: values), transform: transform,
            scanArea: ScanArea(rect: Rect(x: 16, y: 8, width: 32, height: 24)),
            outlines: [[Point(x: 24, y: 14), Point(x: 24, y: 26), Point(x: 40, y: 26), Point(x: 40, y: 14)]],
            info: StatusInfo(source: "t"))
        return PicturePixels(try #require(FramePicture(scene, columns: 32, rows: 11)), cellWidth: 5, cellHeight: 11)
    }

    @Test func everyPixelComesBackInItsRegister() throws {
        let pixels = try Self.pixels()
        let decoded = try Self.decode(SixelPicture.encode(pixels))
        #expect(decoded.width == pixels.width && decoded.height == pixels.height)
        var wrong = 0
        for y in 0..<pixels.height {
            for x in 0..<pixels.width {
                let (r, g, b) = pixels.pixel(x, y)
                if decoded.registers[y * pixels.width + x] != SixelPicture.register(r, g, b) { wrong += 1 }
            }
        }
        #expect(wrong == 0)
        #expect(decoded.registers.contains(SixelPicture.green))  // the outline
    }

    @Test func thePaletteIsFixedGreysFromBlackToWhiteAndGreen() throws {
        let decoded = try Self.decode(SixelPicture.encode(try Self.pixels()))
        #expect(decoded.palette.count == SixelPicture.greys + 1)
        #expect(decoded.palette[0].map { [$0.0, $0.1, $0.2] } == [0, 0, 0])
        #expect(decoded.palette[SixelPicture.greys - 1].map { [$0.0, $0.1, $0.2] } == [100, 100, 100])
        #expect(decoded.palette[SixelPicture.green].map { [$0.0, $0.1, $0.2] } == [0, 78, 0])
        #expect(SixelPicture.register(255, 255, 255) == SixelPicture.greys - 1)
    }
}
