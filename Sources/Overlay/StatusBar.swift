/// The bottom line: the status first (it matters most and is never cut before the rest),
/// then source, size, fps and key hints as far as they fit. Payloads are shown with every
/// control character made visible.
public enum StatusBar {
    public static func draw(
        _ status: ReaderStatus, info: StatusInfo, unicode: Bool, row: Int,
        into grid: inout CellGrid
    ) {
        guard row >= 0, row < grid.height, grid.width > 0 else { return }
        grid.fill(row: row, with: Cell(" ", style: barStyle))
        var parts = statusParts(status, info: info, unicode: unicode)
        var details = detailParts(info, unicode: unicode)
        // What a user must read whole and does not fit beside the status goes on lines of its
        // own above it: a failure's advice, and a notice (for the few seconds it is shown).
        var above = [String]()
        let help = KeyBindings.shortHint
        if case .fail(_, let hint?) = status, width(of: parts) > grid.width, row > 0 {
            parts.removeLast()
            above.append(hint)
        }
        if info.notice != nil, row > 0,
            width(of: parts) + CellWidth.of(details[0]) + 3 > grid.width - CellWidth.of(help) - 3
        {
            above.append(details.removeFirst())
        }
        drawAbove(above, row: row, into: &grid)
        var column = 0
        for part in parts {
            column = grid.put(part.text, column: column, row: row, style: part.style)
        }
        let ellipsis = unicode ? "…" : "..."
        // Cut a status that does not fit (a long payload: h and q show it whole), leaving room
        // for the ellipsis.
        if column >= grid.width {
            let end = grid.width - CellWidth.of(ellipsis)
            grid.fill(row: row, from: max(0, end), with: Cell(" ", style: barStyle))
            grid.put(ellipsis, column: max(0, end), row: row, style: barStyle)
            return
        }
        // The way to help is always shown when it fits: the key hints in full, or `? help`.
        // The source, size and rate are left out, last first, where they do not fit.
        var remaining = grid.width - column - (CellWidth.of(help) + 3)
        for detail in details where CellWidth.of(detail) + 3 <= remaining {
            column = grid.put(unicode ? " │ " : " | ", column: column, row: row, style: barStyle)
            column = grid.put(detail, column: column, row: row, style: barStyle)
            remaining = grid.width - column - (CellWidth.of(help) + 3)
        }
        let hints = KeyBindings.hints(unicode: unicode)
        for hint in [hints, help] where CellWidth.of(hint) + 3 <= grid.width - column {
            column = grid.put(unicode ? " │ " : " | ", column: column, row: row, style: barStyle)
            grid.put(hint, column: column, row: row, style: barStyle)
            break
        }
    }

    /// Most lines a notice or advice takes above the status line.
    static let mostLinesAbove = 4

    private static func width(of parts: [Part]) -> Int { parts.reduce(0) { $0 + CellWidth.of($1.text) } }

    /// `texts` broken between words onto whole lines just above `row`, the last text lowest.
    private static func drawAbove(_ texts: [String], row: Int, into grid: inout CellGrid) {
        let lines = texts.flatMap { wrapped($0, width: max(8, grid.width - 2)) }.suffix(min(row, mostLinesAbove))
        for (index, line) in lines.enumerated() {
            let lineRow = row - lines.count + index
            grid.fill(row: lineRow, with: Cell(" ", style: barStyle))
            grid.put(" " + line, column: 0, row: lineRow, style: barStyle, limit: grid.width)
        }
    }

    static let barStyle = Style(foreground: .white, background: .grey(40))

    /// Black on a colour, never bold: with 8 colours bold black is drawn dark grey, which
    /// reads as grey on green.
    static func badge(_ background: Color) -> Style { Style(foreground: .black, background: background) }

    struct Part {
        let text: String
        let style: Style
    }

    static func statusParts(_ status: ReaderStatus, info: StatusInfo, unicode: Bool) -> [Part] {
        let demo = info.isDemo ? [Part(text: " DEMO ", style: badge(.yellow))] : []
        let paused = info.paused ? [Part(text: " PAUSED ", style: badge(.white))] : []
        switch status {
        case .scanning where info.paused:
            return demo + paused + [Part(text: " space resumes", style: barStyle)]
        case .scanning:
            return demo + scanningParts(info, unicode: unicode)
        case .success(let code):
            let warning =
                code.warning.map { [Part(text: (unicode ? " ⚠ " : " ! ") + $0 + " ", style: badge(.red))] } ?? []
            let count =
                info.codesInSight > 1
                ? [Part(text: " \(info.codesInSight) codes (h lists them) " + (unicode ? "·" : "-"), style: barStyle)]
                : []
            return demo + paused + [Part(text: (unicode ? " ✔ " : " OK ") + code.type + " ", style: badge(.green))]
                + warning + count + [
                    Part(
                        text: " " + VisibleText.escaping(code.meaning ?? code.text),
                        style: Style(foreground: .green, background: .grey(40), attributes: .bold))
                ]
        case .fail(let reason, let hint):
            var parts =
                demo + [
                    Part(
                        text: unicode ? " ✘ FAIL " : " FAIL ",
                        style: Style(foreground: .white, background: .red, attributes: .bold)),
                    Part(
                        text: " " + VisibleText.escaping(reason),
                        style: Style(foreground: .red, background: .grey(40), attributes: .bold)),
                ]
            if let hint { parts.append(Part(text: " (" + hint + ")", style: barStyle)) }
            return parts
        case .stop(let byUser):
            return demo + [
                Part(text: unicode ? " ■ STOP " : " STOP ", style: badge(.white)),
                Part(text: byUser ? " stopped" : " " + info.ending, style: barStyle),
            ]
        }
    }

    /// While nothing is read: what the scanner is doing, or what was read last.
    static func scanningParts(_ info: StatusInfo, unicode: Bool) -> [Part] {
        var parts = [
            Part(
                text: unicode ? " ◎ Scanning " : " * Scanning ",
                style: Style(foreground: .white, background: .grey(40), attributes: .bold))
        ]
        if info.reachesPast {
            parts.append(Part(text: "a code reaches past the scan area: End widens it", style: barStyle))
        } else if let frames = info.gathering {
            parts.append(Part(text: "gathering frames for a faint code (\(frames)): hold still", style: barStyle))
        } else if let last = info.lastCode {
            parts.append(Part(text: "last: " + VisibleText.escaping(last.meaning ?? last.text), style: barStyle))
        } else if let reason = info.demoReason {
            parts.append(Part(text: reason + ": this is the demo", style: barStyle))
        } else if info.still {
            let only = info.looksFor.map { " for " + $0.joined(separator: ", ") + " only" } ?? ""
            parts.append(Part(text: "reading the picture" + only, style: barStyle))
        } else if let names = info.looksFor {
            parts.append(Part(text: "looking for " + names.joined(separator: ", ") + " only", style: barStyle))
        } else {
            parts.append(Part(text: "aim the code into the brackets", style: barStyle))
        }
        return parts
    }

    /// In the order they are dropped last to first when the line is short.
    static func detailParts(_ info: StatusInfo, unicode: Bool) -> [String] {
        var parts = [String]()
        if let notice = info.notice { parts.append(VisibleText.escaping(notice)) }
        parts.append(VisibleText.escaping(info.source))
        if let size = info.frameSize {
            parts.append((info.format.map { $0 + " " } ?? "") + "\(size.width)x\(size.height)")
        }
        if let fps = info.framesPerSecond { parts.append("\(Int(fps.rounded())) fps") }
        return parts
    }
}
