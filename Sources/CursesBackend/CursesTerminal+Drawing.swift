import FrameCore
import Overlay

/// Drawing: the grid's changes, and the camera's picture in pixels where the terminal draws
/// them (`TerminalPicture`), all through `sending`, which never blocks.
extension CursesTerminal {
    /// Writes the cells that differ from the last grid drawn, in one write (a grid of another
    /// size, or after `invalidate`, repaints the cleared screen whole). A terminal of
    /// characters draws the picture as the grid's cells for it. A draw that comes before the
    /// terminal took the last waits, and a newer one replaces it: the screen drops frames
    /// rather than queue them.
    public func draw(_ grid: CellGrid, picture: FramePicture? = nil) {
        draw(grid, picture: picture, counted: false)
    }

    /// `counted`: the picture was offered already, while it waited for the terminal.
    private func draw(_ grid: CellGrid, picture: FramePicture?, counted: Bool) {
        let now = MonotonicClock.now()
        guard sending.idle else {
            if picture != nil && !counted { pictures?.offered(now: now) }
            owedDraw = (grid, picture)
            return
        }
        owedDraw = nil
        let drawn = picture.flatMap { inPixels($0, rows: grid.height, now: now) }
        var grid = grid
        if let drawn { grid.blank(drawn.cells) }
        var fresh = previous?.width != grid.width || previous?.height != grid.height
        // A picture in pixels leaves with the screen it was on: kitty's is deleted, and the
        // cells are repainted over sixel's.
        if pictureOnScreen && (fresh || drawn == nil) {
            leavePicture()
            fresh = true
        }
        if fresh {
            previous = nil
            pictures?.forget()
        }
        let changes = grid.changes(since: previous)
        previous = grid
        if let writer, !changes.isEmpty || fresh {
            sending.send(writer.output(for: changes, width: grid.width, height: grid.height, fresh: fresh))
        }
        guard let drawn, let pictures else { return }
        pictureOnScreen = true
        pictures.offer(drawn, now: now, counted: counted)
        sendOwedPicture(now: now, behindCells: true)
    }

    /// `picture` if it is drawn in pixels (nil: as characters, and `pictureProblem` says why
    /// where the terminal could draw pixels).
    private func inPixels(_ picture: FramePicture, rows: Int, now: Double) -> FramePicture? {
        guard let pictures else { return nil }
        pictureProblem = pictures.refusal(picture, rows: rows) ?? pictures.tooSlow(now: now)
        return pictureProblem == nil ? picture : nil
    }

    /// The picture owed, once the terminal has taken everything before it.
    private func sendOwedPicture(now: Double, behindCells: Bool = false) {
        guard behindCells || sending.idle, let writer,
            let bytes = pictures?.take(move: writer.moving, now: now, writing: sending.writingCPU)
        else {
            return
        }
        sending.send(bytes)
    }

    /// Clears the picture in pixels from the terminal.
    func leavePicture() {
        guard pictureOnScreen, let pictures else { return }
        pictureOnScreen = false
        sending.send(pictures.clear)
        pictures.stop()
    }

    public func onOutputTaken(_ action: @escaping @Sendable () -> Void) { sending.onTaken(action) }

    public func flushOutput() {
        if let owed = owedDraw {
            if sending.idle { draw(owed.grid, picture: owed.picture, counted: true) }
        } else if pictureOnScreen {
            sendOwedPicture(now: MonotonicClock.now())
        }
    }

}
