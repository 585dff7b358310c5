/// Colours a cell can ask for. The backend maps them to what the terminal has (256 colours,
/// 8 colours, or none with NO_COLOR).
public enum Color: Hashable, Sendable {
    case `default`
    /// A grey level 0 (black) ... 255 (white).
    case grey(UInt8)
    case green, red, yellow, white, black
}

public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = Attributes(rawValue: 1)
    public static let dim = Attributes(rawValue: 2)
    public static let reverse = Attributes(rawValue: 4)
    public static let underline = Attributes(rawValue: 8)
}

public struct Style: Hashable, Sendable {
    public var foreground: Color
    public var background: Color
    public var attributes: Attributes

    public init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public static let plain = Style()
}

/// One terminal cell. A wide character occupies its cell and the next, which holds the
/// empty continuation text "".
public struct Cell: Hashable, Sendable {
    public var text: String
    public var style: Style

    public init(_ text: String = " ", style: Style = .plain) {
        self.text = text
        self.style = style
    }

    public static let blank = Cell()
    public var isContinuation: Bool { text.isEmpty }
}

/// The whole screen as cells (ratatui's Buffer): views draw into it; a backend writes it.
public struct CellGrid: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public var cells: [Cell]

    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: fill, count: self.width * self.height)
    }

    public subscript(column: Int, row: Int) -> Cell {
        get { cells[row * width + column] }
        set { cells[row * width + column] = newValue }
    }

    public func contains(column: Int, row: Int) -> Bool {
        column >= 0 && row >= 0 && column < width && row < height
    }

    /// Writes `text` from (`column`, `row`) on, clipped at `limit` columns (default: the
    /// right edge); wide characters take two cells. Returns the column after the text.
    @discardableResult
    public mutating func put(
        _ text: String, column: Int, row: Int, style: Style = .plain,
        limit: Int? = nil
    ) -> Int {
        guard row >= 0, row < height else { return column }
        let end = min(limit ?? width, width)
        var c = column
        for character in text {
            let w = CellWidth.of(character)
            guard w > 0 else { continue }
            if c + w > end { break }
            if c >= 0 {
                self[c, row] = Cell(String(character), style: style)
                if w == 2 { self[c + 1, row] = Cell("", style: style) }
            }
            c += w
        }
        return c
    }

    /// Blanks the cells of `rect` (a picture drawn in pixels covers them).
    public mutating func blank(_ rect: CellRect) {
        let columns = max(0, rect.column)..<max(max(0, rect.column), min(width, rect.column + rect.width))
        for row in max(0, rect.row)..<max(max(0, rect.row), min(height, rect.row + rect.height)) {
            for column in columns { self[column, row] = .blank }
        }
    }

    /// Sets the style of every cell in the row range (for bars and highlights).
    public mutating func fill(row: Int, from: Int = 0, to: Int? = nil, with cell: Cell) {
        guard row >= 0, row < height else { return }
        for c in max(0, from)..<min(to ?? width, width) { self[c, row] = cell }
    }

    /// The characters, one string per row (continuations skipped): what tests compare.
    public var lines: [String] {
        (0..<height).map { row in
            String((0..<width).map { self[$0, row].text }.joined())
        }
    }

    /// One string per row with `mark` where `predicate` holds and "." elsewhere.
    public func mask(_ mark: Character = "#", where predicate: (Cell) -> Bool) -> [String] {
        (0..<height).map { row in
            String((0..<width).map { predicate(self[$0, row]) ? mark : "." })
        }
    }
}
