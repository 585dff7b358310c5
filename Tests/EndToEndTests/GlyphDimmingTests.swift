import CaptureKit
import CodeFixtures
import FrameCore
import Overlay
import PictureFiles
import Testing

/// Every glyph set dims the picture outside the scan area as a black mask at 0.6 would: a
/// white picture drawn by the real program keeps 40% of its ink outside (shades, braille dots,
/// half blocks' greys), or, for ASCII characters chosen by the picture's level, is marked dim.
@Suite struct GlyphDimmingTests {
    let directory = TemporaryDirectory("glyph-dimming")

    /// The pane of qrtui drawing a white picture with `glyphs`, once the picture is drawn.
    func pane(_ glyphs: String, drawn: @escaping (Pane) -> Bool) throws -> (Pane, TmuxSession) {
        let white = Frame(width: 640, height: 480, luma: Array(repeating: 255, count: 640 * 480))
        let path = directory.write("white.y4m", Y4MEncoder.encode([white, white]))
        let session = try TmuxSession(
            width: 100, height: 30, command: "\(QRTUIProcess.executable) --input \(path) --loop --glyphs \(glyphs)")
        let pane = try session.waitFor("the picture in \(glyphs)") { $0.brackets != nil && drawn($0) }
        return (pane, session)
    }

    /// A cell in the middle of the scan area and one of the picture left of it.
    func insideAndOutside(_ pane: Pane) throws -> (inside: Pane.Cell, outside: Pane.Cell) {
        let brackets = try #require(pane.brackets)
        let middle = (brackets.top + brackets.bottom) / 2
        return (pane[(brackets.left + brackets.right) / 2, middle], pane[brackets.left - 3, middle])
    }

    @Test func shadesKeepTwoFifthsOutside() throws {
        let ramp = PictureLayer.blockRamp
        let (pane, session) = try pane("blocks") { $0.text.contains("█") }
        let (inside, outside) = try insideAndOutside(pane)
        #expect(inside.character == "█")
        let ink = try #require(ramp.firstIndex(of: outside.character))
        // 40% of white falls between the two lightest shades of five.
        #expect((1...2).contains(ink), "outside drawn as \(outside.character)")
        try session.send("q")
    }

    @Test func brailleKeepsAboutTwoFifthsOfItsDotsOutside() throws {
        func dots(_ cell: Pane.Cell) -> Int {
            guard let scalar = cell.character.unicodeScalars.first, (0x2800...0x28FF).contains(scalar.value) else {
                return -1
            }
            return (scalar.value - 0x2800).nonzeroBitCount
        }
        let (pane, session) = try pane("braille") { $0.text.contains("⣿") }
        let (inside, outside) = try insideAndOutside(pane)
        #expect(dots(inside) == 8)
        #expect((2...4).contains(dots(outside)), "outside drawn as \(outside.character)")
        try session.send("q")
    }

    @Test func halfBlocksKeepTwoFifthsOfTheirGreyOutside() throws {
        let (pane, session) = try pane("half") { $0.text.contains("▀") }
        let (inside, outside) = try insideAndOutside(pane)
        #expect(inside.character == "▀" && outside.character == "▀")
        let shown = try #require(outside.foreground)
        // 232-255: greys 8, 18...238; 40% of white is about 102.
        #expect((232...255).contains(shown) && abs(8 + 10 * (shown - 232) - 102) <= 10)
        #expect(inside.foreground == 231 || inside.foreground == 15)
        try session.send("q")
    }

    @Test func asciiIsMarkedDimOutsideOnly() throws {
        let (pane, session) = try pane("ascii") { _ in true }
        let (inside, outside) = try insideAndOutside(pane)
        #expect(!inside.dim && outside.dim)
        try session.send("q")
    }

    /// A still is read whole: the picture's rows under the brackets (kept on screen) are not
    /// dimmed, so no grey bar lies between the bracket arms.
    @Test func aStillReadWholeShowsNoBarBetweenItsBrackets() throws {
        let white = Frame(width: 200, height: 200, luma: Array(repeating: 255, count: 200 * 200))
        let path = directory.write("white.png", PNGCodec.encode(white))
        let session = try TmuxSession(width: 100, height: 30, command: "\(QRTUIProcess.executable) -i \(path)")
        let pane = try session.waitFor("the still's brackets") {
            $0.brackets != nil && $0.lines[29].contains("no code")
        }
        let brackets = try #require(pane.brackets)
        let middle = (brackets.left + brackets.right) / 2
        for row in [brackets.top, brackets.bottom] {
            let between = pane[middle, row]
            #expect(!"━-".contains(between.character), "the arms meet at row \(row)")
            let inside = pane[middle, (brackets.top + brackets.bottom) / 2]
            #expect(!between.dim && between.background == inside.background, "row \(row): \(between)")
        }
        try session.send("q")
    }
}
