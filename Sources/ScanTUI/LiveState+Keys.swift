import CaptureKit
import Overlay
import PictureOps

/// What each key does to the live screen (the bindings themselves are `KeyBindings`).
extension LiveState {
    mutating func handle(_ key: Key) -> [LiveEffect] {
        let action = KeyBindings.action(for: key)
        if mode.selection != nil, let effects = handleInHistory(key, action) { return effects }
        // With help open, any key but `?` and `q` closes it; Esc only closes it.
        if mode.showsHelp && action != .help && (action != .quit || key == .escape) {
            mode = mode.closed
            if key == .escape { return [] }
        }
        switch action {
        case .move(let columns, let rows)?: return move(columns * Self.moveStep.columns, rows * Self.moveStep.rows)
        case .resize(let columns, let rows)?: return resize(columns, rows)
        case .startingArea?: return placeArea(whole: kind == .still)
        case .wholeArea?: return placeArea(whole: true)
        case .copy?:
            guard let lastCode else {
                notice = ("nothing read yet to copy", clock + Self.noticeTime)
                return [.bell]
            }
            copyLabel = nil
            return [.copy(lastCode.bytes)]
        case .copyField?: return copyField()
        case .open?: return open()
        case .reveal?: return toggleReveal()
        case .showCode?: return toggleCode()
        case .join?: return join()
        case .history?:
            openHistory()
            return []
        case .pause?:
            mode = mode.togglingPause
            return mode.paused ? [] : rescan()
        case .nextGlyphs?:
            nextPreview(now: clock)
            return []
        case .camera(let key)?: return cameraControl(key)
        case .mirror?: return toggleMirror()
        case .help?:
            mode = mode.showsHelp ? mode.closed : .help(paused: mode.paused)
            return []
        case .quit?:
            if case .fail = status {} else { status = .stop(byUser: true) }
            return [.quit]
        case nil:
            return []
        }
    }

    /// `h`: after a two-factor export, its accounts; else this run's codes, the newest chosen.
    private mutating func openHistory() {
        mode =
            lastCode?.meaning.kind == .otpExport
            ? .accounts(selection: 0, paused: mode.paused)
            : .history(selection: max(0, history.entries.count - 1), paused: mode.paused)
    }

    /// `m`: the picture shown mirrored, or as taken; the area stays where it is on screen.
    private mutating func toggleMirror() -> [LiveEffect] {
        view.mirrored.toggle()
        let text = mirrored ? "mirrored (codes are read as the camera sees them)" : "not mirrored"
        notice = (text, clock + Self.noticeTime)
        if let frame { pictures.mirroredFrame = mirrored ? frame.mirrored() : nil }
        return rescan()
    }

    /// A camera key: asked of the camera, whose answer comes back as a notice.
    private mutating func cameraControl(_ key: CameraKey) -> [LiveEffect] {
        guard source.isCamera else {
            notice = ("camera controls need a camera", clock + Self.noticeTime)
            return [.bell]
        }
        let change: ControlChange =
            switch key {
            case .focusNearer: .focusNearer
            case .focusFarther: .focusFarther
            case .autoFocus: .toggleAutoFocus
            case .brighter: .brighter
            case .darker: .darker
            case .zoomIn: .zoomIn
            case .zoomOut: .zoomOut
            }
        return [.camera(change)]
    }

    private mutating func move(_ columns: Int, _ rows: Int) -> [LiveEffect] {
        guard let transform else { return [] }
        stillReadWhole = false
        scanArea?.move(columns: columns, rows: rows, in: transform)
        return rescan()
    }

    mutating func click(column: Int, row: Int) -> [LiveEffect] {
        guard let transform, row < rows - 1 else { return [] }
        stillReadWhole = false
        scanArea?.centre(onColumn: column, row: row, in: transform)
        return rescan()
    }

    mutating func resize(columns: Int, rows: Int, cellAspect: Double) -> [LiveEffect] {
        terminal.columns = columns
        terminal.rows = rows
        terminal.cellAspect = cellAspect
        retryPictures(columns: columns, rows: rows)
        if let transform { scanArea?.clamp(to: transform) }
        return rescan()
    }

    /// The scan area as it starts (a still's is the whole picture), or over all the picture shows.
    mutating func placeArea(whole: Bool) -> [LiveEffect] {
        guard let frame, let transform else { return [] }
        stillReadWhole = whole && kind == .still
        var area =
            whole
            ? ScanArea(rect: Rect(x: 0, y: 0, width: Double(frame.width), height: Double(frame.height)))
            : ScanArea.initial(frameWidth: frame.width, frameHeight: frame.height)
        area.clamp(to: transform)
        scanArea = area
        return rescan()
    }

    private mutating func resize(_ columns: Int, _ rows: Int) -> [LiveEffect] {
        guard let transform else { return [] }
        stillReadWhole = false
        scanArea?.resize(columns: columns, rows: rows, in: transform)
        return rescan()
    }
}
