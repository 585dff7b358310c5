/// Everything one screen shows: the state of the reader as the view needs it.
public struct Scene: Equatable, Sendable {
    public var image: GreyImage?
    public var transform: ViewTransform?
    public var scanArea: ScanArea?
    /// The whole picture is read (a still), whatever part the brackets frame: nothing is dimmed.
    public var readsWhole = false
    /// Corner polygons of the codes found in the current frame, in frame pixels.
    public var outlines: [[Point]]
    public var status: ReaderStatus
    public var info: StatusInfo
    public var glyphs: GlyphSet
    public var showHelp: Bool
    /// The last code's warnings, explained at the top of the help box.
    public var helpNotes: [String] = []
    /// The picture comes from a camera: the help lists its keys.
    public var camera = true
    /// What the terminal said it draws besides characters, told in the help (nil: not asked).
    public var terminalPictures: String?
    /// `h`: this run's codes, one line each, and the chosen one (nil: the box is closed).
    public var historyLines: [String]?
    public var historySelected = 0
    /// A read just happened: brackets turn green for a moment.
    public var flash: Bool
    /// The backend draws the picture in the terminal's pixels (`FramePicture`): its cells are
    /// left blank here.
    public var inPixels = false
    /// The locale can show UTF-8 (box drawing, blocks, braille); else ASCII only.
    public var unicode: Bool
    /// Colours can be drawn; half blocks need them.
    public var colour = true
    /// The terminal has a grey ramp (256 colours or more): ASCII is drawn in the picture's
    /// greys, as chafa does with `--symbols ascii`.
    public var greys = false

    public init(
        image: GreyImage? = nil, transform: ViewTransform? = nil, scanArea: ScanArea? = nil,
        outlines: [[Point]] = [], status: ReaderStatus = .scanning, info: StatusInfo,
        glyphs: GlyphSet = .ascii, showHelp: Bool = false, flash: Bool = false, unicode: Bool = true
    ) {
        self.image = image
        self.transform = transform
        self.scanArea = scanArea
        self.outlines = outlines
        self.status = status
        self.info = info
        self.glyphs = glyphs
        self.showHelp = showHelp
        self.flash = flash
        self.unicode = unicode
    }
}

extension ViewTransform {
    /// The transform for a screen of `columns` x `rows`: the picture takes every row but the
    /// last, which is the status line.
    public static func preview(
        frameWidth: Int, frameHeight: Int, columns: Int, rows: Int,
        cellAspect: Double, mode: Mode
    ) -> ViewTransform {
        ViewTransform(
            frameWidth: frameWidth, frameHeight: frameHeight, columns: columns,
            rows: max(1, rows - 1), cellAspect: cellAspect, mode: mode)
    }
}

public enum Screen {
    public static let bracketStyle = Style(foreground: .white, attributes: [.bold])
    public static let flashStyle = Style(foreground: .green, attributes: [.bold])

    /// Draws the scene into a grid of `columns` x `rows` cells. `shader` keeps the picture
    /// steady between frames.
    public static func render(_ scene: Scene, columns: Int, rows: Int, shader: inout Shader) -> CellGrid {
        var grid = CellGrid(width: columns, height: rows)
        guard columns > 0, rows > 0 else { return grid }
        let glyphs = scene.glyphs.usable(unicode: scene.unicode, colour: scene.colour)
        // In pixels, the picture, its mask, brackets and outlines are the backend's.
        let pixels = scene.inPixels && scene.image != nil && scene.transform != nil
        if let image = scene.image, let transform = scene.transform, rows > 1, !pixels {
            let area = scene.scanArea?.cells(in: transform)
            let toned = glyphs == .ascii && scene.colour && scene.greys
            let samples = shader.sample(image, transform: transform, glyphs: glyphs, toned: toned)
            PictureLayer.draw(
                samples, glyphs: glyphs, toned: toned, undimmed: scene.readsWhole ? nil : area, memo: &shader.memo,
                into: &grid)
            for polygon in scene.outlines {
                Outline.draw(
                    polygon.map { transform.cell(for: $0) }, cellAspect: transform.cellAspect,
                    unicode: scene.unicode, into: &grid)
            }
            if let area {
                Brackets.draw(
                    around: area, cellAspect: transform.cellAspect, unicode: scene.unicode,
                    style: scene.flash ? flashStyle : bracketStyle, into: &grid)
            }
        } else if rows > 1 && !pixels {
            // No picture yet: waiting for one, unless there will be none.
            let message: String
            if case .fail(let reason, _) = scene.status {
                message = "no picture: " + VisibleText.escaping(reason)
            } else {
                message = "waiting for the first picture from \(VisibleText.escaping(scene.info.source))"
            }
            grid.put(message, column: max(0, (columns - CellWidth.of(message)) / 2), row: (rows - 1) / 2)
        }
        if let lines = scene.historyLines {
            HistoryOverlay.draw(
                lines, selected: scene.historySelected, unicode: scene.unicode, into: &grid, rows: max(1, rows - 1))
        }
        if scene.showHelp {
            HelpOverlay.draw(
                unicode: scene.unicode, into: &grid, rows: max(1, rows - 1), notes: scene.helpNotes,
                camera: scene.camera, terminal: scene.terminalPictures)
        }
        StatusBar.draw(scene.status, info: scene.info, unicode: scene.unicode, row: rows - 1, into: &grid)
        return grid
    }
}
