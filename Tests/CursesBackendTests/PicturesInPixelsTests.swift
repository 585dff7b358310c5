import Foundation
import FrameCore
import Glibc
import Overlay
import SystemCalls
import Testing

@testable import CursesBackend

/// The screen drawn on a real pseudoterminal whose other end answers as a terminal of pixels:
/// the picture goes as sixel or kitty escapes where the characters would be, and a terminal
/// that reads slowly gets fewer pictures, never a growing queue.
@Suite(.serialized) struct PicturesInPixelsTests {
    /// The terminal's side: answers the questions, then reads everything, `pause` seconds
    /// between reads of `chunk` bytes.
    final class FakeTerminal: @unchecked Sendable {  // `heard` behind `lock`
        let pty: Pseudoterminal
        private let lock = NSLock()
        private var heard = [UInt8]()
        private var stopped = false

        init(answer: String, pause: Double = 0, chunk: Int = 65536) throws {
            pty = try Pseudoterminal(columns: 40, rows: 12)
            let master = pty.master
            let thread = Thread { [self] in
                var buffer = [UInt8](repeating: 0, count: chunk)
                var answered = false
                while !lock.withLock({ stopped }) {
                    let count = read(master, &buffer, buffer.count)
                    guard count > 0 else { return }
                    lock.withLock { heard += buffer.prefix(count) }
                    if !answered, lock.withLock({ heard.ends(with: Array("\u{1B}[c".utf8)) }) {
                        answered = true
                        _ = try? Syscall.writeAll(master, Array(answer.utf8))
                    }
                    if pause > 0 { Thread.sleep(forTimeInterval: pause) }
                }
            }
            thread.start()
        }

        var bytes: [UInt8] { lock.withLock { heard } }

        func stop() {
            lock.withLock { stopped = true }
            close(pty.master)
        }
    }

    static let sixel = "\u{1B}[?1;0;256S\u{1B}[6;20;10t\u{1B}[?63;1;2;4c"
    static let kitty = "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c"

    /// A 64x48 frame of `level` (nil: a texture of noise, with a black band at column `band`),
    /// shown on 40x12 cells, and the grid the characters draw for it.
    /// A band at column `band % 58` over a texture that differs for each pass (`band / 58`), so
    /// no two bands show the same picture.
    static func screen(level: UInt8?, band: Int = 0) -> (CellGrid, FramePicture) {
        var state = UInt64(1 + band / 58)
        let pixels = (0..<(64 * 48)).map { index -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let inBand = (band % 58..<(band % 58 + 6)).contains(index % 64)
            return level ?? (inBand ? 0 : UInt8(truncatingIfNeeded: state >> 56))
        }
        let image = GreyImage(width: 64, height: 48, pixels: pixels)
        let transform = ViewTransform.preview(
            frameWidth: 64, frameHeight: 48, columns: 40, rows: 12, cellAspect: 0.5, mode: .fill)
        let scene = Scene(
            image: image, transform: transform, scanArea: ScanArea(rect: Rect(x: 16, y: 12, width: 32, height: 24)),
            outlines: [], status: .scanning, info: StatusInfo(source: "t"), glyphs: .ascii, unicode: true)
        var shader = Shader()
        return (
            Screen.render(scene, columns: 40, rows: 12, shader: &shader), FramePicture(scene, columns: 40, rows: 12)!
        )
    }

    static func terminal(on fake: FakeTerminal) throws -> CursesTerminal {
        let slave = open(fake.pty.slavePath, O_RDWR | O_NOCTTY)
        try #require(slave >= 0)
        defer { close(slave) }
        return try CursesTerminal(input: slave, output: slave, terminalType: "xterm-256color", askingKitty: true)
    }

    /// Lets the terminal take what was drawn (as the screen's loop does when told it took the
    /// last): true once nothing waits.
    static func settled(_ terminal: CursesTerminal) -> Bool {
        eventually {
            terminal.flushOutput()
            return terminal.owedDraw == nil && terminal.sending.idle
        }
    }

    /// Polls until `condition` holds, for 10 s at most.
    static func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = MonotonicClock.now() + 10
        while MonotonicClock.now() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return condition()
    }

    @Test func sixelGoesWhereThePictureIsAndNoCharacterUnderIt() throws {
        let fake = try FakeTerminal(answer: Self.sixel)
        defer { fake.stop() }
        let terminal = try Self.terminal(on: fake)
        defer { terminal.end() }
        let (grid, picture) = Self.screen(level: 200)
        let before = fake.bytes.count
        terminal.draw(grid, picture: picture)
        #expect(Self.settled(terminal))
        #expect(terminal.pictureProblem == nil)
        #expect(Self.eventually { Array(fake.bytes[before...]).ends(with: Array("\u{1B}\\".utf8)) })
        let written = Array(fake.bytes[before...])
        let start = try #require(written.firstRange(of: Array("\u{1B}P0;1;0q".utf8)))
        let cup = Array("\u{1B}[\(picture.cells.row + 1);\(picture.cells.column + 1)H".utf8)
        #expect(Array(written[..<start.lowerBound]).ends(with: cup))
        // The characters' picture of a light frame is '@', '%' and '#': none was sent.
        #expect(!written[..<start.lowerBound].contains(UInt8(ascii: "@")))
        #expect(Array(written[start.lowerBound...]).ends(with: Array("\u{1B}\\".utf8)))
    }

    @Test func kittyReplacesItsPictureAndDeletesItWhenCharactersComeBack() throws {
        let fake = try FakeTerminal(answer: Self.kitty)
        defer { fake.stop() }
        let terminal = try Self.terminal(on: fake)
        defer { terminal.end() }
        let (grid, picture) = Self.screen(level: 90)
        let before = fake.bytes.count
        terminal.draw(grid, picture: picture)
        #expect(Self.settled(terminal))
        terminal.draw(grid, picture: nil)
        #expect(Self.settled(terminal))
        let delete = "\u{1B}_Ga=d,d=I,i=\(KittyPicture.id)"
        #expect(
            Self.eventually {
                let text = String(decoding: fake.bytes[before...], as: UTF8.self)
                return text.range(of: delete).map { text[$0.upperBound...].contains("Scanning") } ?? false
            })
        let text = String(decoding: fake.bytes[before...], as: UTF8.self)
        // Sent at half the screen's pixels, scaled by the terminal to the picture's cells.
        let (columns, rows) = (picture.cells.width, picture.cells.height)
        #expect(text.contains("\u{1B}_Ga=T,f=24,o=z,s=\(columns * 5),v=\(rows * 10),i=\(KittyPicture.id)"))
        #expect(text.contains(",c=\(columns),r=\(rows),m="))
        // After the delete, the cells are repainted whole: the characters are back.
        let deleted = try #require(text.range(of: delete))
        #expect(text[deleted.upperBound...].contains("\u{1B}[2J"))
    }

    /// Leaving the screen (the end, Ctrl-Z) and a new size clear kitty's picture: it is kept
    /// apart from the cells, and would stay on the shell.
    @Test func kittysPictureIsDeletedOnResizeSuspendAndEnd() throws {
        let fake = try FakeTerminal(answer: Self.kitty)
        defer { fake.stop() }
        let terminal = try Self.terminal(on: fake)
        let (grid, picture) = Self.screen(level: 90)
        let delete = Array("\u{1B}_Ga=d,d=I,i=\(KittyPicture.id),q=2\u{1B}\\".utf8)
        func deletes() -> Int { fake.bytes.ranges(of: delete).count }
        terminal.draw(grid, picture: picture)
        #expect(Self.settled(terminal))
        terminal.draw(CellGrid(width: 39, height: 12), picture: nil)  // a new size, characters
        #expect(Self.settled(terminal))
        #expect(Self.eventually { deletes() == 1 })
        terminal.draw(grid, picture: picture)
        #expect(Self.settled(terminal))
        terminal.suspend {}
        #expect(Self.eventually { deletes() == 2 })
        terminal.draw(grid, picture: picture)
        #expect(Self.settled(terminal))
        terminal.end()
        #expect(Self.eventually { deletes() == 3 })
    }

    /// A link that takes few of the pictures offered (a slow SSH link) is told, with its rate;
    /// one that keeps up, or a still scene offering few pictures, is not.
    @Test func aLinkThatTakesFewPicturesIsTooSlow() throws {
        var support = GraphicsSupport()
        (support.answered, support.sixel, support.cellPixels) = (true, true, PixelSize(width: 10, height: 20))
        let slow = try #require(TerminalPicture(support))
        let fast = try #require(TerminalPicture(support))
        for frame in 0..<120 {
            let now = Double(frame) / 30
            let (_, picture) = Self.screen(level: nil, band: frame % 58)
            slow.offer(picture, now: now)
            fast.offer(picture, now: now)
            if frame % 30 == 0 { _ = slow.take(move: { _, _ in [] }, now: now) }
            _ = fast.take(move: { _, _ in [] }, now: now)
        }
        let verdict = try #require(slow.tooSlow(now: 4))
        #expect(verdict.hasPrefix("the link is too slow for pictures (") && verdict.hasSuffix(" kB/s)"))
        #expect(fast.tooSlow(now: 4) == nil)
    }

    /// Sixel pictures whose CPU share is spent for long (a picture that cost ten seconds).
    static func picturesOverTheirShare() throws -> TerminalPicture {
        var support = GraphicsSupport()
        (support.answered, support.sixel, support.cellPixels) = (true, true, PixelSize(width: 10, height: 20))
        var budget = PictureBudget()
        budget.spent(10, at: 0)
        return try #require(TerminalPicture(support, budget: budget))
    }

    /// Frames the pictures' CPU share skips (each picture here costing ten seconds of it) are no
    /// fault of the link: a terminal that took every picture written is not called too slow.
    @Test func framesSkippedForTheCPUAreNotHeldAgainstTheLink() throws {
        let pictures = try Self.picturesOverTheirShare()
        for frame in 0..<120 {
            let (_, picture) = Self.screen(level: nil, band: frame % 58)
            pictures.offer(picture, now: 0.1 + Double(frame) / 30)
            #expect(pictures.take(move: { _, _ in [] }, now: 0.1 + Double(frame) / 30) == nil)
        }
        #expect(pictures.written == 0 && pictures.offeredCount == 120)
        #expect(pictures.tooSlow(now: 4.1) == nil)
    }

    /// Nor are the frames that waited on the terminal while the CPU's share skips: they would
    /// have been skipped however fast it took them (a busy machine's pictures, not a slow link).
    @Test func framesThatWaitedWhileTheCPUSkipsAreNotHeldAgainstTheLink() throws {
        let pictures = try Self.picturesOverTheirShare()
        for frame in 0..<120 {
            let now = 0.1 + Double(frame) / 30
            // Three frames of four come while the terminal still takes the last draw.
            guard frame % 4 == 3 else {
                pictures.offered(now: now)
                continue
            }
            let (_, picture) = Self.screen(level: nil, band: frame % 58)
            pictures.offer(picture, now: now, counted: true)
            #expect(pictures.take(move: { _, _ in [] }, now: now) == nil)
        }
        #expect(pictures.written == 0 && pictures.offeredCount == 90)
        #expect(pictures.tooSlow(now: 4.1) == nil)
    }

    /// A terminal that takes 4 kB every 20 ms (200 kB/s) shown pictures as fast as they come:
    /// most are dropped, and what waits never exceeds a picture and the cells around it. The
    /// pictures come for less than the link's judging window (on a slow or loaded machine a
    /// longer run is rightly judged too slow for pictures, and drawn in characters).
    @Test func aSlowTerminalGetsFewerPicturesNeverAQueue() throws {
        let fake = try FakeTerminal(answer: Self.sixel, pause: 0.02, chunk: 4096)
        defer { fake.stop() }
        let terminal = try Self.terminal(on: fake)
        defer { terminal.end() }
        let until = MonotonicClock.now() + TerminalPicture.window * 0.6
        var drawn = 0
        while drawn < 200 && MonotonicClock.now() < until {
            // A band moving over a texture: every frame shows a change beyond the noise, even
            // from one drawn many frames before (the pictures' CPU share may skip many).
            let (grid, picture) = Self.screen(level: nil, band: drawn)
            terminal.draw(grid, picture: picture)
            terminal.flushOutput()
            drawn += 1
            Thread.sleep(forTimeInterval: 0.005)
        }
        let pictures = try #require(terminal.pictures)
        #expect(drawn >= 30 && pictures.offeredCount == drawn && pictures.written * 2 < drawn)
        #expect(pictures.largest > 8192)  // each picture takes the terminal a while
        #expect(terminal.sending.mostWaiting <= pictures.largest + 4096)
    }

    /// Characters too: a terminal that takes 200 kB/s shown 200 screens that each change
    /// whole gets the newest when it has taken the last, never a queue of them.
    @Test func aSlowTerminalGetsFewerScreensOfCharactersNeverAQueue() throws {
        let fake = try FakeTerminal(answer: "\u{1B}[?62;c", pause: 0.02, chunk: 4096)
        defer { fake.stop() }
        let terminal = try Self.terminal(on: fake)
        defer { terminal.end() }
        for index in 0..<200 {
            var grid = CellGrid(width: 40, height: 12)
            let letter = String(UnicodeScalar(UInt8(65 + index % 26)))
            for row in 0..<12 { grid.put(String(repeating: letter, count: 40), column: 0, row: row) }
            terminal.draw(grid, picture: nil)
            terminal.flushOutput()
            Thread.sleep(forTimeInterval: 0.002)
        }
        // A whole screen is under 1 kB: what waited never came near 200 of them.
        #expect(terminal.sending.mostWaiting < 2048)
        #expect(Self.settled(terminal))
        // The newest screen is the one the terminal shows at the end (the 200th: R).
        #expect(Self.eventually { Self.lastRow(in: fake.bytes) == UInt8(ascii: "R") })
    }

    /// The letter of the last row of one letter (30 of them at least) in `bytes`.
    static func lastRow(in bytes: [UInt8]) -> UInt8? {
        var run = (letter: UInt8(0), count: 0)
        var last: UInt8?
        for byte in bytes {
            run = byte == run.letter ? (byte, run.count + 1) : (byte, 1)
            if run.count == 30, (65..<91).contains(byte) { last = byte }
        }
        return last
    }
}
