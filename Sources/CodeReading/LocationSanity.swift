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
    static func accepts(_ points: [PixelPoint], width: Int, height: Int, symbology: Symbology = .code128,
                        characters: Int = 0, upceNumber: Bool = false, alongRows: Bool = true) -> Bool {
        guard let box = points.boundingRect else { return false }
        let collapsed = box.maxX - box.minX <= 1 && box.maxY - box.minY <= 1
        let atEdge = box.minX <= 0 || box.minY <= 0 || box.maxX >= width - 1 || box.maxY >= height - 1
        // A code photographed up to the picture's edge is read on many lines; a fragment
        // that ran off the edge, on one or two.
        guard !collapsed && !(atEdge && points.count <= 2) else { return false }
        let along = points.map { alongRows ? $0.x : $0.y }
        let length = zip(along, along.dropFirst()).map { abs($0 - $1) }.max() ?? 0
        let modules = minimumModules(symbology, length: characters)
        let apart = fewestBetweenMarks(symbology, modules: modules, upceNumber: upceNumber)
        return Double(length) < 0.3 * Double(modules) || Double(length) >= 0.9 * Double(apart)
    }

    /// The fewest modules a code of this kind and payload length can have.
    static func minimumModules(_ symbology: Symbology, length: Int) -> Int {
        switch symbology {
        case .ean13, .upca, .isbn13, .isbn10: 95
        case .ean8: 67
        case .upce: 51
        case .i25: 7 * length + 6  // narrow-to-wide 1:2 at the least
        case .code39: 13 * (length + 2) - 1
        case .code128: 11 * ((length + 1) / 2) + 24  // digits in pairs (code set C), start, check, stop
        default: 0
        }
    }

    /// The fewest modules between two of zbar's marks of a whole read. zbar reads an EAN-13,
    /// UPC-A or EAN-8 in halves, each maybe on its own scan line and marked at its own ends, so
    /// two marks may lie a half apart (a guard, the half's digits, the middle guard). A UPC-E
    /// (an EAN-13 to zbar) is read whole: a number it could spell needs its 51 modules, for a
    /// UPC-E read out of an EAN-13's half is the misread to catch (see `QuietZone`).
    static func fewestBetweenMarks(_ symbology: Symbology, modules: Int, upceNumber: Bool) -> Int {
        switch symbology {
        case .ean13, .upca, .isbn13, .isbn10: upceNumber ? 51 : 3 + 6 * 7 + 2
        case .ean8: 3 + 4 * 7 + 2
        default: modules
        }
    }
}
