import Overlay
import ScanOptions

/// The camera as a picture in the terminal's own pixels (sixel, kitty graphics), where the
/// terminal draws one: chosen by `--preview` and `g`, given up with a word on the status line
/// where it cannot work.
extension LiveState {
    /// The picture goes to the backend to draw in pixels: chosen, and no box lies over it
    /// (a box is drawn in characters, over the characters' picture).
    var showsPixels: Bool { view.inPixels && !mode.boxOpen }

    /// `--preview`, once the terminal said what it draws.
    mutating func choosePreview(now: Double) {
        switch options.pictures {
        case .characters: view.inPixels = false
        case .auto: view.inPixels = terminal.noPictures == nil
        case .picture:
            view.inPixels = terminal.noPictures == nil
            if let why = terminal.noPictures { notice = ("characters (\(why))", now + Self.noticeTime) }
        }
    }

    /// `g`: the next glyph set; after the last, the picture in pixels where the terminal
    /// draws one; after it, the first glyph set again.
    mutating func nextPreview(now: Double) {
        if view.inPixels {
            view.inPixels = false
            view.glyphs = GlyphSet.allCases[0]
        } else if view.glyphs == GlyphSet.allCases.last, terminal.noPictures == nil {
            view.inPixels = true
        } else {
            view.glyphs = view.glyphs.next
        }
        notice = (view.inPixels ? "glyphs: picture" : "glyphs: \(view.glyphs.rawValue)", now + Self.noticeTime)
    }

    /// At a new size, a picture the backend refused is tried again (it says so again if it
    /// still cannot be drawn).
    mutating func retryPictures(columns: Int, rows: Int) {
        guard let size = terminal.refusedAt, size != CellRect(column: 0, row: 0, width: columns, height: rows) else {
            return
        }
        terminal.noPictures = nil
        terminal.refusedAt = nil
        view.inPixels = view.inPixels || terminal.refusedWhileShown
    }

    /// The backend could not draw the picture in pixels (a terminal too small, too slow a
    /// link): characters from now on, said for a moment, and `g` skips the picture.
    mutating func picturesUnavailable(_ why: String, now: Double) {
        terminal.noPictures = why
        terminal.refusedAt = CellRect(column: 0, row: 0, width: terminal.columns, height: terminal.rows)
        terminal.refusedWhileShown = view.inPixels
        guard view.inPixels else { return }
        view.inPixels = false
        notice = ("characters (\(why))", now + Self.noticeTime)
    }
}
