import FrameCore
import Overlay

/// The camera's picture in the terminal's own pixels, by the protocol it answered to (kitty's
/// where it speaks both: one id replaced frame by frame, compressed). Pictures are drawn when
/// the terminal has taken the last one; one that came meanwhile waits (`owed`), and a newer one
/// replaces it: the picture drops frames, it never lags. It also watches the link: pictures
/// that mostly wait say it is too slow for them.
final class TerminalPicture {
    enum Kind { case kitty, sixel }
    let kind: Kind
    let cellWidth: Int
    let cellHeight: Int
    private let limit: PixelSize?
    /// Where kitty pictures are left for a terminal on this machine (nil: in the escapes).
    private var drops: KittyDrops?
    /// The newest picture not yet written (the terminal was still taking the last).
    private(set) var owed: FramePicture?
    /// Whether a picture shows more than the one on screen, beyond noise.
    private var change = PictureChange()
    private let scaling = AreaScaling()
    private(set) var written = 0
    /// Pictures offered in all (those that waited for the terminal included).
    private(set) var offeredCount = 0
    /// The largest picture written, in bytes.
    private(set) var largest = 0
    /// The pictures offered and written of late (monotonic seconds, bytes written).
    private var offers: [Double] = []
    /// Offers made since a picture was last taken (or skipped): those that waited on the terminal.
    private var offersWaiting = 0
    private var writes: [(time: Double, bytes: Int)] = []
    private var since: Double?
    /// The share of a core pictures may take: frames are skipped until a picture's making fits
    /// in it, so on a slow machine, a huge screen or a scene whose reading takes much, the
    /// picture drops frames rather than take the CPU.
    private var budget = PictureBudget()

    /// Nil where the terminal draws no pictures (or did not say its cell's size).
    init?(_ support: GraphicsSupport, budget: PictureBudget = PictureBudget()) {
        guard support.drawsPictures, let cell = support.cellPixels, cell.width > 0, cell.height > 0 else { return nil }
        kind = support.kitty ? .kitty : .sixel
        cellWidth = cell.width
        cellHeight = cell.height
        limit = support.kitty ? nil : support.sixelLimit
        drops = support.kitty ? KittyDrops(support.kittyTransfer) : nil
        self.budget = budget
    }

    /// Why `picture` cannot be drawn as pixels on a screen of `rows` rows (nil: it can).
    func refusal(_ picture: FramePicture, rows: Int) -> String? {
        let cells = picture.cells
        if cells.width < 8 || cells.height < 4 || cells.row + cells.height > rows - 1 {
            return "the terminal is too small for a picture"
        }
        if let limit, cells.width * cellWidth > limit.width || cells.height * cellHeight > limit.height {
            return "the picture is larger than the terminal's sixel limit of \(limit.width)x\(limit.height) px"
        }
        return nil
    }

    /// Offers the picture to draw now (it replaces one still owed); one that differs from the
    /// picture on screen by noise alone is not drawn. `counted`: it was offered while it waited.
    func offer(_ picture: FramePicture, now: Double, counted: Bool = false) {
        guard change.shows(picture) else {
            owed = nil
            return
        }
        owed = picture
        if !counted { offered(now: now) }
    }

    /// A picture was offered (one that waited for the terminal to take the last draw too).
    func offered(now: Double) {
        offeredCount += 1
        since = since ?? now
        offers = offers.filter { now - $0 < Self.window } + [now]
        offersWaiting += 1
    }

    /// The owed picture's bytes, to be written now that the terminal took everything:
    /// `move` places the cursor at its top-left cell. `writing`: the CPU seconds the terminal's
    /// writes have taken in all (counted as the pictures').
    func take(move: (Int, Int) -> [UInt8], now: Double, writing: Double = 0) -> [UInt8]? {
        guard let picture = owed else { return nil }
        owed = nil
        let waited = min(offersWaiting, offers.count)
        offersWaiting = 0
        // Too soon after the last for the CPU's share: this frame is skipped, not drawn late. Nor
        // are the frames that waited on the terminal meanwhile held against the link: the CPU's
        // share would have skipped them too, however fast the terminal had been.
        guard budget.allows(now: now, process: MonotonicClock.processCPU(), writing: writing) else {
            offers.removeLast(waited)
            return nil
        }
        let started = MonotonicClock.threadCPU()
        defer { budget.spent(MonotonicClock.threadCPU() - started, at: now, writing: writing) }
        // Kitty scales a picture to its cells itself: sent at half the screen's pixels, it costs a
        // quarter to make and compress. Sixel is drawn pixel for pixel.
        let half = kind == .kitty && cellWidth >= 8 && cellHeight >= 8
        let pixels = PicturePixels(
            picture, cellWidth: half ? cellWidth / 2 : cellWidth, cellHeight: half ? cellHeight / 2 : cellHeight,
            scaling: scaling)
        guard let encoded = encode(pixels, cells: half ? (picture.cells.width, picture.cells.height) : nil) else {
            return nil
        }
        let bytes = move(picture.cells.column, picture.cells.row) + encoded
        change.drew(picture)
        written += 1
        largest = max(largest, bytes.count)
        writes = writes.filter { now - $0.time < Self.window } + [(now, bytes.count)]
        return bytes
    }

    private func encode(_ pixels: PicturePixels, cells: (Int, Int)?) -> [UInt8]? {
        guard kind == .kitty else { return SixelPicture.encode(pixels) }
        if let drops {
            if let escape = drops.send(pixels, cells: cells) { return escape }
            self.drops = nil  // shared memory or /tmp full or gone: the escapes still work
        }
        return KittyPicture.encode(pixels, cells: cells)
    }

    /// Where kitty's drops lie, for a crash to remove them.
    var dropPaths: [String] { drops?.paths ?? [] }

    /// The screen was repainted or cleared: the next picture is written whatever it shows.
    func forget() {
        change.forget()
    }

    /// What clears the picture from the terminal (kitty keeps pictures apart from the cells; a
    /// sixel picture goes with the cells repainted over it).
    var clear: [UInt8] { kind == .kitty ? KittyPicture.delete : [] }

    /// Stopped drawing pictures: the link's watch starts again next time.
    func stop() {
        drops?.removeAll()
        owed = nil
        change.forget()
        since = nil
        offers = []
        offersWaiting = 0
        writes = []
    }

    /// Over the last few seconds of pictures, the terminal took too few of those offered to
    /// show a moving picture: "the link is too slow for pictures (41 kB/s)".
    func tooSlow(now: Double) -> String? {
        guard let since, now - since >= Self.window else { return nil }
        let recentOffers = offers.filter { now - $0 < Self.window }.count
        let recent = writes.filter { now - $0.time < Self.window }
        guard recentOffers >= Self.offeredAtLeast, Double(recent.count) < Self.fewestPerSecond * Self.window else {
            return nil
        }
        let rate = Double(recent.reduce(0) { $0 + $1.bytes }) / Self.window / 1000
        return "the link is too slow for pictures (\(Int(rate.rounded())) kB/s)"
    }

    static let window = 3.0
    /// A moving picture: frames offered at least this often in a window.
    static let offeredAtLeast = 30
    static let fewestPerSecond = 2.0
}
