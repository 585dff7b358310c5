import FrameCore
import Overlay

/// A terminal for tests (ratatui's TestBackend): it records every grid the real event loop
/// draws and answers with scripted input once the screen shows what each step waits for.
/// If a step is not reached by the deadline, it types `q` and remembers what it waited for.
final class ScriptedTerminal: TerminalBackend {
    enum Input {
        case key(Key)
        case resize(columns: Int, rows: Int)
        case click(column: Int, row: Int)
    }

    struct Step {
        let waitingFor: String
        let condition: (CellGrid) -> Bool
        let input: [Input]
    }

    let unicode = true
    /// What it says it draws besides characters (nothing, unless a test says otherwise).
    var graphics = GraphicsSupport()
    private(set) var size: TerminalSize
    let eventDescriptor: Int32? = nil
    private(set) var grids: [CellGrid] = []
    /// The picture handed with each grid (nil: none).
    private(set) var pictures: [FramePicture?] = []
    private(set) var controls: [[UInt8]] = []
    private(set) var bells = 0
    private(set) var ended = false
    /// The step not reached by the deadline, if any.
    private(set) var missed: String?
    private var steps: [Step]
    private var queue: [Input] = []
    private let deadline: Double

    init(columns: Int, rows: Int, steps: [Step], seconds: Double = 30) {
        size = TerminalSize(columns: columns, rows: rows)
        self.steps = steps
        deadline = MonotonicClock.now() + seconds
    }

    var lastGrid: CellGrid? { grids.last }

    func draw(_ grid: CellGrid, picture: FramePicture?) {
        grids.append(grid)
        pictures.append(picture)
        if let step = steps.first, step.condition(grid) {
            steps.removeFirst()
            queue += step.input
        }
    }

    func readEvent() -> TerminalEvent? {
        if queue.isEmpty, missed == nil, !steps.isEmpty, MonotonicClock.now() > deadline {
            missed = steps[0].waitingFor
            queue.append(.key(.character("q")))
        }
        guard !queue.isEmpty else { return nil }
        switch queue.removeFirst() {
        case .key(let key): return .key(key)
        case .click(let column, let row): return .click(column: column, row: row)
        case .resize(let columns, let rows):
            size = TerminalSize(columns: columns, rows: rows)
            return .resize
        }
    }

    func bell() { bells += 1 }
    func writeControl(_ bytes: [UInt8]) { controls.append(bytes) }
    func suspend(_ pause: () -> Void) { pause() }
    func end() { ended = true }
}

extension CellGrid {
    /// Where the bracket corners are, when all four are drawn.
    var brackets: (left: Int, top: Int, right: Int, bottom: Int)? {
        func find(_ glyph: String) -> (column: Int, row: Int)? {
            for row in 0..<height {
                for column in 0..<width where self[column, row].text == glyph { return (column, row) }
            }
            return nil
        }
        guard let topLeft = find("┏"), let bottomRight = find("┛"), find("┓") != nil, find("┗") != nil else {
            return nil
        }
        return (topLeft.column, topLeft.row, bottomRight.column, bottomRight.row)
    }

    /// The status line's text.
    var statusLine: String { lines[height - 1] }
}
