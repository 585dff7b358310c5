/// `?`: a box in the middle of the screen listing every key. Lines are broken between words
/// to fit; when the box cannot hold them all, the last key (`q`, the way out) is always shown
/// and a line says how many others a larger window would show.
public enum HelpOverlay {
    /// The key table's lines: the keys and what they do (`camera`: its keys too).
    public static func entries(camera: Bool = true) -> [(key: String, action: String)] {
        KeyBindings.table.filter { camera || !$0.cameraOnly }.map { ($0.label, $0.help) }
    }

    /// `notes`: what the last code's warnings mean, listed first (they are why `?` was asked).
    /// `camera`: the picture comes from a camera, whose keys are listed.
    public static func draw(
        unicode: Bool, into grid: inout CellGrid, rows: Int, notes: [String] = [], camera: Bool = true,
        terminal: String? = nil
    ) {
        let inner = max(8, grid.width - 4)  // inside the border, a column of room each side
        let warnings =
            notes.isEmpty
            ? []
            : ["this code"]
                + notes.flatMap {
                    wrapped((unicode ? "⚠ " : "! ") + VisibleText.escaping($0), width: inner, continuation: "  ")
                }
                + [""]
        let keys = keyLines(entries(camera: camera), width: inner)
        // What the terminal said it draws (`qrtui --probe-terminal` tells the same), below the keys.
        let told = terminal.map { ["", String(("pictures: " + $0).prefix(inner))] } ?? []
        // The border, the warnings, the title and its blank, what the terminal draws.
        let room = max(0, rows - 2 - warnings.count - 2 - told.count)
        let lines = warnings + ["qrtui keys", ""] + fitted(keys, into: room, width: inner, unicode: unicode) + told
        let width = min(grid.width, (lines.map { CellWidth.of($0) }.max() ?? 0) + 4)
        let height = min(rows, lines.count + 2)
        guard width >= 8, height >= 3 else { return }
        let left = (grid.width - width) / 2
        let top = max(0, (rows - height) / 2)
        let box = Style(foreground: .white, background: .black)
        Box.draw(left: left, top: top, width: width, height: height, style: box, unicode: unicode, into: &grid)
        for (i, line) in lines.prefix(height - 2).enumerated() {
            let heading = line == "qrtui keys" || line == "this code"
            let style = heading ? Style(foreground: .white, background: .black, attributes: .bold) : box
            grid.put(line, column: left + 2, row: top + 1 + i, style: style, limit: left + width - 1)
        }
    }

    /// Each key's lines: its label, then what it does broken between words, continued under it.
    static func keyLines(_ entries: [(key: String, action: String)], width: Int) -> [[String]] {
        let keyWidth = entries.map { $0.key.count }.max() ?? 0
        let fitsBeside = width - keyWidth - 2 >= 12
        return entries.map { entry in
            guard fitsBeside else { return [entry.key] + wrapped(entry.action, width: width - 2).map { "  " + $0 } }
            let body = wrapped(entry.action, width: width - keyWidth - 2)
            return [entry.key.padding(to: keyWidth) + "  " + body[0]]
                + body.dropFirst().map { String(repeating: " ", count: keyWidth + 2) + $0 }
        }
    }

    /// As many keys as `room` lines hold, the last one always among them (its first line at
    /// least): the others that do not fit are counted on a line of their own.
    static func fitted(_ keys: [[String]], into room: Int, width: Int, unicode: Bool) -> [String] {
        let all = keys.flatMap { $0 }
        guard all.count > room, let last = keys.last else { return all }
        let tail = Array(last.prefix(max(1, room - 1)))
        var shown = [String]()
        var count = 0
        for key in keys.dropLast() where shown.count + key.count + 1 + tail.count <= room {
            shown += key
            count += 1
        }
        let missing = "\(unicode ? "…" : "...") \(keys.count - 1 - count) more"
        let note = missing.count + 18 <= width ? missing + ": a larger window" : missing
        return shown + [note] + tail
    }
}

/// `text` in lines of at most `width` characters, broken between words (a longer word
/// stands alone); lines after the first start with `continuation`.
func wrapped(_ text: String, width: Int, continuation: String = "") -> [String] {
    var lines = [String]()
    var line = ""
    for word in text.split(separator: " ") {
        if !line.isEmpty && line != continuation && line.count + 1 + word.count > width {
            lines.append(line)
            line = continuation
        }
        line += (line.isEmpty || line == continuation ? "" : " ") + word
    }
    return lines + [line]
}

extension String {
    func padding(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
