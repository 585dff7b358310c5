import FrameCore

/// Where zbar says a 1D code lies tells a real read from a fragment. zbar marks a 1D read
/// by the points where each scan line finished decoding it: a real code read across its
/// bars leaves points at its two ends, on several lines. A fragment (some digit pairs of
/// an ITF, a scan line that crossed part of the bars at an angle and ran off the picture)
/// leaves one point, or a point on the picture's edge, where the line ended and zbar
/// flushed its decoder as if a quiet zone were there.
///
/// zbar scans every line both ways in turn, so consecutive points of a code read both ways
/// lie at its two ends, as far apart as the code is long; and no code is read with modules
/// narrower than a pixel. A read whose ends are closer than its module count in pixels is a
/// misread of part of a larger code. (Read one way only, consecutive points lie at one end,
/// a few pixels apart where the code is slanted: then its length cannot be told.)
enum LocationSanity {
    /// `alongRows`: the code was read along rows (its length runs across the picture);
    /// `upceNumber`: an EAN-13 or UPC-A read says a number a UPC-E could spell.
    static func accepts(
        _ points: [PixelPoint], width: Int, height: Int, symbology: Symbology = .code128,
        characters: Int = 0, upceNumber: Bool = false, alongRows: Bool = true
    ) -> Bool {
        guard let box = points.boundingRect else { return false }
        let collapsed = box.maxX - box.minX <= 1 && box.maxY - box.minY <= 1
        let atEdge = box.minX <= 0 || box.minY <= 0 || box.maxX >= width - 1 || box.maxY >= height - 1
        // A code photographed up to the picture's edge is read on many lines; a fragment
        // that ran off the edge, on one or two.
        guard !collapsed && !(atEdge && points.count <= 2) else { return false }
        let along = points.map { alongRows ? $0.x : $0.y }
        let length = zip(along, along.dropFirst()).map { abs($0 - $1) }.max() ?? 0
        guard let linear = LinearCodeSpec.of(symbology) else { return true }
        let modules = linear.fewestMarked(characters: characters)
        let apart = linear.fewestBetweenMarks(characters: characters, upceNumber: upceNumber)
        return Double(length) < 0.3 * Double(modules) || Double(length) >= 0.9 * Double(apart)
    }
}
