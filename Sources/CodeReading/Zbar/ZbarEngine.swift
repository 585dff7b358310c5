import CZbar
import FrameCore
import PictureOps

/// zbar as a `CodeEngine`. zbar documents no thread safety: one engine per thread.
public final class ZbarEngine: CodeEngine {
    private let image: OpaquePointer
    public let symbologies: Set<Symbology>?
    /// What the types were asked as (`symbologies` before narrowing) and narrowed to.
    private let requested: Set<Symbology>?
    private let narrowed: Set<Symbology>?
    /// Scan every Nth row and column (see `ScanDensity`).
    public var density: Int
    public var lines = ScanLines.both
    /// What the user set of zbar's scanner (densities win over `density`).
    public let settings: ScannerSettings
    /// `symbologies` nil keeps zbar's defaults (everything zbar enables by default).
    /// `density` N scans every Nth row and column: 2 costs about half of 1 and still reads
    /// codes of 2 or more pixels per module. `narrowedTo` then turns off every type outside
    /// it, keeping how the rest are configured (UPC-A still reported as EAN-13), so a code
    /// followed by a narrow scanner reads exactly as the general one read it.
    public init(
        symbologies: Set<Symbology>? = nil, density: Int = 1, narrowedTo only: Set<Symbology>? = nil,
        settings: ScannerSettings = ScannerSettings()
    ) {
        self.settings = settings
        image = zbar_image_create()
        requested = symbologies
        narrowed = only
        self.symbologies = only.map { only in symbologies.map { $0.intersection(only) } ?? only } ?? symbologies
        self.density = density
        zbar_image_set_format(image, zbar_fourcc_parse("Y800"))
    }

    /// A scanner configured as asked, made for each picture. zbar's scanner carries what it
    /// decoded from one picture into the next (a 1D code read again gives other ends) and
    /// keeps about 300 bytes for every QR code it decodes (freed only with the scanner): a
    /// fresh one (about 5 µs) makes a read depend on its picture alone and keeps memory flat
    /// however long a code is followed.
    private func configuredScanner() -> OpaquePointer {
        let scanner = zbar_image_scanner_create()!
        if let requested {
            zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
            for symbology in requested where symbology.engine == .zbar {
                zbar_image_scanner_set_config(scanner, symbology.zbarType, ZBAR_CFG_ENABLE, 1)
                // An ISBN is an EAN-13 to zbar; the EAN-13s that are not ISBNs are dropped.
                if let also = symbology.needsAlso {
                    zbar_image_scanner_set_config(scanner, also.zbarType, ZBAR_CFG_ENABLE, 1)
                }
            }
        }
        for symbology in Symbology.allCases
        where symbology.engine == .zbar && narrowed.map({ !$0.contains(symbology) }) ?? false {
            zbar_image_scanner_set_config(scanner, symbology.zbarType, ZBAR_CFG_ENABLE, 0)
        }
        // zbar's Y density spaces the lines along rows, its X density those along columns (0: none).
        let (alongRows, alongColumns) = (lines != .columns, lines != .rows)
        zbar_image_scanner_set_config(
            scanner, ZBAR_NONE, ZBAR_CFG_X_DENSITY, alongColumns ? Int32(settings.xDensity ?? density) : 0)
        zbar_image_scanner_set_config(
            scanner, ZBAR_NONE, ZBAR_CFG_Y_DENSITY, alongRows ? Int32(settings.yDensity ?? density) : 0)
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_TEST_INVERTED, settings.testInverted ? 1 : 0)
        // Raw bytes instead of zbar's charset guess; PayloadText decides.
        zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_BINARY, 1)
        zbar_image_scanner_set_config(scanner, ZBAR_SQCODE, ZBAR_CFG_BINARY, 1)
        return scanner
    }

    /// The distance between scan lines along rows (horizontal) or columns (vertical).
    private func lineDensity(alongRows: Bool) -> Int {
        max(1, (alongRows ? settings.yDensity : settings.xDensity) ?? density)
    }

    deinit { zbar_image_destroy(image) }

    public func narrowed(to family: Set<Symbology>) -> any CodeEngine {
        ZbarEngine(symbologies: requested, narrowedTo: family, settings: settings)
    }

    /// A scanner of its own, configured as this one is.
    var alike: ZbarEngine {
        ZbarEngine(symbologies: requested, density: density, narrowedTo: narrowed, settings: settings)
    }

    public func twin() -> (any CodeEngine)? { alike }

    /// A whole picture decoded; corners are in its own pixels. Structured-append symbols that
    /// zbar could not join come back as parts.
    public func decode(_ picture: Frame) -> SymbolsFound {
        let frame = picture.packed
        return frame.luma.withUnsafeBytes { raw -> SymbolsFound in
            let scanner = configuredScanner()
            defer {
                zbar_image_set_symbols(image, nil)  // the results belong to the scanner
                zbar_image_scanner_destroy(scanner)
            }
            zbar_image_set_size(image, UInt32(frame.width), UInt32(frame.height))
            zbar_image_set_data(image, raw.baseAddress, UInt(raw.count), nil)
            defer { zbar_image_set_data(image, nil, 0, nil) }
            var output = SymbolsFound()
            guard zbar_scan_image(scanner, image) > 0 else { return output }
            var symbol = zbar_image_first_symbol(image)
            while let current = symbol {
                Self.collect(current, into: &output, width: frame.width, height: frame.height, density: lineDensity)
                symbol = zbar_symbol_next(current)
            }
            if let symbologies { output.codes.removeAll { !symbologies.contains($0.symbology) } }
            output.codes = output.codes.withoutConflictingReads()
            return output
        }
    }

    private static func collect(
        _ symbol: OpaquePointer, into output: inout SymbolsFound, width: Int, height: Int,
        density: (_ alongRows: Bool) -> Int
    ) {
        let type = zbar_symbol_get_type(symbol)
        let length = Int(zbar_symbol_get_data_length(symbol))
        let bytes: [UInt8] =
            zbar_symbol_get_data(symbol).map { pointer in
                pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
                    Array(UnsafeBufferPointer(start: $0, count: length))
                }
            } ?? []
        let points = (0..<zbar_symbol_get_loc_size(symbol)).map {
            PixelPoint(x: Int(zbar_symbol_get_loc_x(symbol, $0)), y: Int(zbar_symbol_get_loc_y(symbol, $0)))
        }
        if type == ZBAR_PARTIAL {
            // zbar reports the symbols of a structured-append message it could not join.
            if !bytes.isEmpty && points.count == 4 { output.parts.append(SymbolPart(bytes: bytes, corners: points)) }
            return
        }
        guard let symbology = Symbology(rawValue: Int32(type.rawValue)) else { return }
        let orientation = zbar_symbol_get_orientation(symbol)
        let alongRows = orientation != ZBAR_ORIENT_LEFT && orientation != ZBAR_ORIENT_RIGHT
        guard
            symbology.isTwoDimensional
                || LocationSanity.accepts(
                    points, width: width, height: height, symbology: symbology,
                    characters: bytes.count, upceNumber: UPCE.couldSpell(bytes),
                    alongRows: alongRows)
        else {
            output.withheld += 1
            return
        }
        let corners = symbology == .qr || symbology == .sq ? points : boundingBox(of: points)
        // Code 39 may spell a pharmacode (Code 32) or, in pairs, all of ASCII (Full ASCII).
        let decoded = symbology == .code39 ? Code32.pharmacode(from: bytes) ?? Code39FullASCII.decoded(bytes) : nil
        var code = DetectedCode(
            symbology: symbology, bytes: decoded ?? bytes, corners: corners,
            quality: Int(zbar_symbol_get_quality(symbol)), raw: decoded.map { _ in bytes })
        // Read along rows (up or down) the picture's height counts the lines, else its width.
        code.scanLines = alongRows ? height : width
        code.gs1 = zbar_symbol_get_modifiers(symbol) & (1 << ZBAR_MOD_GS1.rawValue) != 0
        if !symbology.isTwoDimensional {
            code.ends = lineEnds(
                points, alongRows: alongRows, density: density(alongRows), lines: alongRows ? height : width)
        }
        output.codes.append(code)
    }

    /// zbar scans the first line (at `border`) forward, the next backward, and so on, and marks
    /// a read where the decoder finished: on a forward line at the code's far end, on a
    /// backward line at its near end. Which way is out of the code follows from the line's parity.
    static func lineEnds(_ points: [PixelPoint], alongRows: Bool, density: Int, lines: Int) -> [LineEnd] {
        let density = max(1, density)
        let border = min(((lines - 1) % density + 1) / 2, lines / 2)
        return points.map { point in
            let line = alongRows ? point.y : point.x
            let out = ((line - border) / density) % 2 == 0 ? 32 : -32
            let beyond = alongRows ? PixelPoint(x: point.x + out, y: point.y) : PixelPoint(x: point.x, y: point.y + out)
            return LineEnd(at: point, beyond: beyond)
        }
    }

    /// zbar locates 1D codes by the points where scan lines crossed them; the box around
    /// those points (in QR corner order) is what the outline shows.
    static func boundingBox(of points: [PixelPoint]) -> [PixelPoint] {
        guard let box = points.boundingRect else { return [] }
        return [
            PixelPoint(x: box.minX, y: box.minY), PixelPoint(x: box.minX, y: box.maxY),
            PixelPoint(x: box.maxX, y: box.maxY), PixelPoint(x: box.maxX, y: box.minY),
        ]
    }
}

extension ZbarEngine {
    /// The linked zbar library's version, e.g. "0.23.92".
    public static var zbarVersion: String {
        var major: UInt32 = 0
        var minor: UInt32 = 0
        var patch: UInt32 = 0
        zbar_version(&major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }
}
