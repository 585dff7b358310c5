/// The terminal as the live screen's loop sees it (ratatui's `Backend`): the ncurses
/// backend draws on a real one, a test backend records grids and scripts keys.
public protocol TerminalBackend: AnyObject {
    /// The terminal shows UTF-8 (box drawing, blocks, braille); else ASCII only.
    var unicode: Bool { get }
    /// Colours can be drawn (not NO_COLOR, `--color none` or a monochrome terminal).
    var colour: Bool { get }
    /// A grey ramp can be drawn (256 colours or more).
    var greys: Bool { get }
    var size: TerminalSize { get }
    /// What the terminal said it draws besides characters, asked once at start.
    var graphics: GraphicsSupport { get }
    /// A descriptor that is readable when input waits, for the loop to poll with its
    /// others; nil when events are only ever asked for (`readEvent`).
    var eventDescriptor: Int32? { get }
    /// Shows `grid`, writing only what changed since the last one. `picture`, when there is
    /// one, is the camera's picture for a rectangle of the grid's cells, for a terminal that
    /// draws pixels; the grid holds cells for it too, which a terminal of characters draws.
    func draw(_ grid: CellGrid, picture: FramePicture?)
    /// The next input event, or nil when none waits (never blocks).
    func readEvent() -> TerminalEvent?
    func bell()
    /// Bytes for the terminal itself, outside the grid (OSC 52).
    func writeControl(_ bytes: [UInt8])
    /// Leaves the screen while `pause` runs (Ctrl-Z), then comes back and repaints.
    func suspend(_ pause: () -> Void)
    /// Restores the terminal as it was; safe to call more than once.
    func end()
    /// `action` runs (on another thread) when the terminal has taken all that was written.
    func onOutputTaken(_ action: @escaping @Sendable () -> Void)
    /// Writes a picture that waited for the terminal to take the last, if it now has.
    func flushOutput()
    /// Why the picture last offered could not be drawn in pixels (too small, too slow a link).
    var pictureProblem: String? { get }
}

extension TerminalBackend {
    public func onOutputTaken(_ action: @escaping @Sendable () -> Void) {}
    public func flushOutput() {}
    public var pictureProblem: String? { nil }
}

/// The screen's size in cells, and a cell's width over its height in screen pixels.
public struct TerminalSize: Equatable, Sendable {
    public var columns: Int
    public var rows: Int
    public var cellAspect: Double

    public init(columns: Int, rows: Int, cellAspect: Double = 0.5) {
        self.columns = columns
        self.rows = rows
        self.cellAspect = cellAspect
    }
}

/// One cell to write.
public struct CellChange: Equatable, Sendable {
    public let column: Int
    public let row: Int
    public let cell: Cell
}

extension CellGrid {
    /// The cells to write to turn `previous` (what the screen shows) into this grid: every
    /// cell when nothing is known or the size changed, else those that differ. A wide
    /// character's continuation is never written: the character covers it.
    public func changes(since previous: CellGrid?) -> [CellChange] {
        let known = previous.flatMap { $0.width == width && $0.height == height ? $0 : nil }
        var result = [CellChange]()
        for row in 0..<height {
            for column in 0..<width {
                let cell = self[column, row]
                if cell.isContinuation { continue }
                if let known, known[column, row] == cell { continue }
                result.append(CellChange(column: column, row: row, cell: cell))
            }
        }
        return result
    }
}

extension TerminalBackend {
    public var graphics: GraphicsSupport { GraphicsSupport() }
    public var colour: Bool { true }
    public var greys: Bool { false }
}
