/// A `FramePicture` drawn in a terminal's own pixels: the frame scaled to the pixel size of
/// the cells it covers (area-averaged, in grey), outside the scan area dimmed to 0.4, the
/// corner brackets in white (green for a moment after a read) and each code's outline in
/// green. One byte a pixel, rows top to bottom: a grey level, or green (`greenLevel`), so that
/// a sixel picture is made without a colour a pixel, and kitty's RGB in one pass.
public struct PicturePixels: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// Grey levels `0...whiteLevel` (white shown as 255), or `greenLevel`.
    public private(set) var levels: [UInt8]

    public static let white: (UInt8, UInt8, UInt8) = (255, 255, 255)
    public static let green: (UInt8, UInt8, UInt8) = (0, 200, 0)
    public static let whiteLevel: UInt8 = 254
    public static let greenLevel: UInt8 = 255
    /// What is left of a pixel outside the scan area.
    public static let dimmed = 0.4
    /// The brackets' thickness and the outline's, in screen pixels.
    public static let bracketWidth = 6
    public static let outlineWidth = 3

    /// A grey level outside the scan area; one inside (white kept apart from green).
    static let dimTable = (0...255).map { UInt8((Double($0) * dimmed).rounded(.down)) }
    static let brightTable = (0...255).map { min(UInt8($0), whiteLevel) }
    /// Each level's red, green and blue, three bytes a level.
    static let rgbTable = (0...255).flatMap { level -> [UInt8] in
        let (r, g, b) = colour(UInt8(level))
        return [r, g, b]
    }

    /// The colour a level stands for.
    @inline(__always)
    public static func colour(_ level: UInt8) -> (UInt8, UInt8, UInt8) {
        level == greenLevel ? green : level == whiteLevel ? white : (level, level, level)
    }

    /// `picture` at `cellWidth` by `cellHeight` screen pixels a cell; `scaling` keeps its spans
    /// from one picture of a stream to the next.
    public init(_ picture: FramePicture, cellWidth: Int, cellHeight: Int, scaling: AreaScaling = AreaScaling()) {
        width = max(1, picture.cells.width * cellWidth)
        height = max(1, picture.cells.height * cellHeight)
        let toFrame = { (x: Double, y: Double) in
            picture.transform.pixel(
                for: Point(
                    x: Double(picture.cells.column) + x / Double(cellWidth),
                    y: Double(picture.cells.row) + y / Double(cellHeight)))
        }
        let origin = toFrame(0, 0)
        let end = toFrame(Double(width), Double(height))
        let grey = scaling.scaled(
            picture.image, from: Rect(x: origin.x, y: origin.y, width: end.x - origin.x, height: end.y - origin.y),
            toWidth: width, height: height)
        let screen = { (point: Point) in
            picture.screenPixel(for: point, cellWidth: Double(cellWidth), cellHeight: Double(cellHeight))
        }
        let undimmed = picture.undimmed.map {
            Self.box(screen(Point(x: $0.x, y: $0.y)), screen(Point(x: $0.maxX, y: $0.maxY)))
        }
        levels = Self.levels(grey, width: width, height: height, dimmedOutside: undimmed)
        if let area = picture.brackets {
            let box = Self.box(screen(Point(x: area.x, y: area.y)), screen(Point(x: area.maxX, y: area.maxY)))
            drawBrackets(around: box, colour: picture.flash ? Self.greenLevel : Self.whiteLevel)
        }
        for outline in picture.outlines where outline.count >= 2 {
            let corners = outline.map(screen)
            for (index, start) in corners.enumerated() {
                drawLine(from: start, to: corners[(index + 1) % corners.count], colour: Self.greenLevel)
            }
        }
    }

    /// `grey` as levels (taken over, not copied), dimmed outside the box `undimmed` (nil:
    /// nothing is); each row's undimmed pixels are one run.
    private static func levels(
        _ grey: [UInt8], width: Int, height: Int,
        dimmedOutside undimmed: (left: Int, top: Int, right: Int, bottom: Int)?
    ) -> [UInt8] {
        var levels = grey
        let (dim, bright) = (Self.dimTable, Self.brightTable)
        levels.withUnsafeMutableBufferPointer { levels in
            func map(_ table: [UInt8], _ row: Int, _ range: Range<Int>) {
                table.withUnsafeBufferPointer { table in
                    for x in range { levels[row * width + x] = table[Int(levels[row * width + x])] }
                }
            }
            for y in 0..<height {
                guard let box = undimmed else {
                    map(bright, y, 0..<width)
                    continue
                }
                let inside = y >= box.top && y < box.bottom
                let left = inside ? min(width, max(0, box.left)) : width
                let right = inside ? min(width, max(left, box.right)) : width
                map(dim, y, 0..<left)
                map(bright, y, left..<right)
                map(dim, y, right..<width)
            }
        }
        return levels
    }

    /// The colour of pixel (`x`, `y`).
    public func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) { Self.colour(levels[y * width + x]) }

    /// The pixels as RGB, three bytes each.
    public var rgb: [UInt8] {
        let table = Self.rgbTable
        var rgb = [UInt8](repeating: 0, count: levels.count * 3)
        rgb.withUnsafeMutableBufferPointer { rgb in
            levels.withUnsafeBufferPointer { levels in
                table.withUnsafeBufferPointer { table in
                    for index in 0..<levels.count {
                        let entry = Int(levels[index]) * 3
                        rgb[index * 3] = table[entry]
                        rgb[index * 3 + 1] = table[entry + 1]
                        rgb[index * 3 + 2] = table[entry + 2]
                    }
                }
            }
        }
        return rgb
    }

    private mutating func set(_ x: Int, _ y: Int, _ colour: UInt8) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        levels[y * width + x] = colour
    }

    private mutating func fill(_ left: Int, _ top: Int, _ right: Int, _ bottom: Int, _ colour: UInt8) {
        for y in max(0, top)..<max(max(0, top), min(height, bottom)) {
            for x in max(0, left)..<max(max(0, left), min(width, right)) { set(x, y, colour) }
        }
    }

    /// Whole pixels of the rectangle between two corners.
    private static func box(_ a: Point, _ b: Point) -> (left: Int, top: Int, right: Int, bottom: Int) {
        (Int(a.x.rounded()), Int(a.y.rounded()), Int(b.x.rounded()), Int(b.y.rounded()))
    }

    /// Four L-shaped corners just outside `box`, each arm a quarter of its shorter side, as
    /// the characters draw them.
    private mutating func drawBrackets(
        around box: (left: Int, top: Int, right: Int, bottom: Int), colour: UInt8
    ) {
        let thick = Self.bracketWidth
        let arm = max(thick, min(box.right - box.left, box.bottom - box.top) / 4)
        let (left, top, right, bottom) = (box.left - thick, box.top - thick, box.right + thick, box.bottom + thick)
        for (x, across) in [(left, 1), (right, -1)] {
            for (y, down) in [(top, 1), (bottom, -1)] {
                let xs = across > 0 ? (x, x + arm + thick) : (x - arm - thick, x)
                let ys = down > 0 ? (y, y + arm + thick) : (y - arm - thick, y)
                fill(xs.0, down > 0 ? y : y - thick, xs.1, down > 0 ? y + thick : y, colour)
                fill(across > 0 ? x : x - thick, ys.0, across > 0 ? x + thick : x, ys.1, colour)
            }
        }
    }

    /// A line `outlineWidth` pixels thick from `start` to `end`.
    private mutating func drawLine(from start: Point, to end: Point, colour: UInt8) {
        let steps = max(1, Int(max(abs(end.x - start.x), abs(end.y - start.y)).rounded(.up)))
        let half = Self.outlineWidth / 2
        for step in 0...steps {
            let t = Double(step) / Double(steps)
            let x = Int((start.x + (end.x - start.x) * t).rounded())
            let y = Int((start.y + (end.y - start.y) * t).rounded())
            fill(x - half, y - half, x - half + Self.outlineWidth, y - half + Self.outlineWidth, colour)
        }
    }
}
