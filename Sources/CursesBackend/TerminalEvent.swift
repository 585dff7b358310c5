/// What the terminal reports: keys, a new size, mouse clicks.
public enum TerminalEvent: Equatable, Sendable {
    case key(Key)
    case resize
    case click(column: Int, row: Int)
}

public enum Key: Equatable, Sendable {
    case up, down, left, right
    case shiftUp, shiftDown, shiftLeft, shiftRight
    case enter, escape, space, tab
    case character(Character)
    case other(Int32)
}
