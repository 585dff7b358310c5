/// A `FramePicture` drawn in a terminal's own pixels: the frame scaled to the pixel size of
/// the cells it covers (area-averaged, in grey), outside the scan area dimmed to 0.4, the
/// corner brackets in white (green for a moment after a read) and each code's outline in
/// green. RGB, three bytes a pixel, rows top to bottom.
public struct PicturePixels: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var rgb: [UInt8]

    public static let white: (UInt8, UInt8, UInt8) = (255, 255, 255)
    public static let green: (UInt8, UInt8, UInt8) = (0, 200, 0)
    /// What is left of a pixel outside the scan area.
    public static let dimmed = 0.4
    /// The brackets' thickness and the outline's, in screen pixels.
    public static let bracketWidth = 6
    public static let outlineWidth = 3

    /// Pixels as they are (`rgb`: three bytes each, `width` by `height`).
    public init?(width: Int, height: Int, rgb: [UInt8]) {
        guard width > 0, height > 0, rgb.count == width * height * 3 else { return nil }
        (self.width, self.height, self.rgb) = (width, height, rgb)
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
        rgb = Self.rgb(grey, width: width, height: height, dimmedOutside: undimmed)
        if let area = picture.brackets {
            let box = Self.box(screen(Point(x: area.x, y: area.y)), screen(Point(x: area.maxX, y: area.maxY)))
            drawBrackets(around: box, colour: picture.flash ? Self.green : Self.white)
        }
        for outline in picture.outlines where outline.count >= 2 {
            let corners = outline.map(screen)
            for (index, start) in corners.enumerated() {
                drawLine(from: start, to: corners[(index + 1) % corners.count], colour: Self.green)
            }
        }
    }

    /// `grey` as RGB, dimmed outside the box `undimmed` (nil: nothing is); each row's undimmed
    /// pixels are one run.
    private static func rgb(
        _ grey: [UInt8], width: Int, height: Int,
        dimmedOutside undimmed: (left: Int, top: Int, right: Int, bottom: Int)?
    ) -> [UInt8] {
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        let dim = (0...255).map { UInt8((Double($0) * Self.dimmed).rounded(.down)) }
        rgb.withUnsafeMutableBufferPointer { rgb in
            for y in 0..<height {
                let bright =
                    undimmed.map {
                        y >= $0.top && y < $0.bottom
                            ? max(0, $0.left)..<max(max(0, $0.left), min(width, $0.right)) : 0..<0
                    }
                    ?? 0..<width
                for x in 0..<width {
                    let value = bright.contains(x) ? grey[y * width + x] : dim[Int(grey[y * width + x])]
                    let index = (y * width + x) * 3
                    rgb[index] = value
                    rgb[index + 1] = value
                    rgb[index + 2] = value
                }
            }
        }
        return rgb
    }

    /// The colour of pixel (`x`, `y`).
    public func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let index = (y * width + x) * 3
        return (rgb[index], rgb[index + 1], rgb[index + 2])
    }

    private mutating func set(_ x: Int, _ y: Int, _ colour: (UInt8, UInt8, UInt8)) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let index = (y * width + x) * 3
        (rgb[index], rgb[index + 1], rgb[index + 2]) = colour
    }

    private mutating func fill(_ left: Int, _ top: Int, _ right: Int, _ bottom: Int, _ colour: (UInt8, UInt8, UInt8)) {
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
        around box: (left: Int, top: Int, right: Int, bottom: Int), colour: (UInt8, UInt8, UInt8)
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
    private mutating func drawLine(from start: Point, to end: Point, colour: (UInt8, UInt8, UInt8)) {
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
