import FrameCore

/// Where zbar says a 1D code lies tells a real read from a fragment. zbar marks a 1D read
/// by the points where each scan line finished decoding it: a real code read across its
/// bars leaves points at its two ends, on several lines. A fragment (some digit pairs of
/// an ITF, a scan line that crossed part of the bars at an angle and ran off the picture)
/// leaves one point, or a point on the picture's edge, where the line ended and zbar
/// flushed its decoder as if a quiet zone were there.
enum LocationSanity {
    static func accepts(_ points: [PixelPoint], width: Int, height: Int) -> Bool {
        guard let box = points.boundingRect else { return false }
        let collapsed = box.maxX - box.minX <= 1 && box.maxY - box.minY <= 1
        let atEdge = box.minX <= 0 || box.minY <= 0 || box.maxX >= width - 1 || box.maxY >= height - 1
        // A code photographed up to the picture's edge is read on many lines; a fragment
        // that ran off the edge, on one or two.
        return !collapsed && !(atEdge && points.count <= 2)
    }
}
