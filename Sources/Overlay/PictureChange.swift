/// Whether a picture in pixels shows more than the one last drawn, beyond sensor noise: as the
/// characters' shader holds a sample until it moves beyond the noise, a picture is drawn again
/// only when one of its cells' means moved beyond it (`NoiseFloor`, from frame to frame), or
/// what the overlay draws changed. A still scene's noise draws no picture; a real change is
/// drawn in the next frame.
public struct PictureChange {
    private var noise = NoiseFloor()
    /// The cells' means (two a cell, one above the other) of the picture last drawn.
    private var drawn: [Int16] = []
    /// What the overlay drew over the picture last drawn (not its frame, which is let go).
    private var drawnMarks: PictureMarks?
    private let scaling = AreaScaling()
    /// The samples of the picture last looked at (the one drawn next, if any is).
    private var looked: [Int16] = []
    /// Grey levels a mean may drift at the least before the picture is drawn again.
    static let tolerance = 6

    public init() {}

    /// Looks at `picture`, a new frame's: true when it must be drawn.
    public mutating func shows(_ picture: FramePicture) -> Bool {
        let samples = samples(picture)
        looked = samples
        noise.observe(samples)
        guard drawnMarks == PictureMarks(picture), drawn.count == samples.count else { return true }
        let tolerance = noise.tolerance(minimum: Self.tolerance)
        for index in samples.indices where abs(Int(samples[index]) - Int(drawn[index])) > tolerance { return true }
        return false
    }

    /// `picture`, the one last looked at, was drawn.
    public mutating func drew(_ picture: FramePicture) {
        drawn = looked.isEmpty ? samples(picture) : looked
        drawnMarks = PictureMarks(picture)
    }

    /// Nothing is known to be on screen (a repaint): the next picture is drawn.
    public mutating func forget() {
        drawn = []
        drawnMarks = nil
    }

    private func samples(_ picture: FramePicture) -> [Int16] {
        let visible = picture.transform.visiblePixels
        return scaling.scaled(
            picture.image, from: visible, toWidth: max(1, picture.cells.width), height: max(1, picture.cells.height * 2)
        ).map { Int16($0) }
    }
}

/// A picture's cells, scale and marks (the area, brackets, outlines, flash): all but its frame.
struct PictureMarks: Equatable {
    let cells: CellRect
    let transform: ViewTransform
    let undimmed: Rect?
    let brackets: Rect?
    let outlines: [[Point]]
    let flash: Bool

    init(_ picture: FramePicture) {
        (cells, transform, undimmed) = (picture.cells, picture.transform, picture.undimmed)
        (brackets, outlines, flash) = (picture.brackets, picture.outlines, picture.flash)
    }
}
