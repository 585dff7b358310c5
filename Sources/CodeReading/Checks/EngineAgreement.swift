import FrameCore

/// zxing-cpp's second look at what zbar read: where zbar reads a QR or 1D code, zxing-cpp
/// reads the same picture for those types only (so a picture without a read costs nothing
/// more). A zbar read that zxing-cpp reads otherwise in the same place, and never as zbar
/// does, is withheld, as two passes that disagree are; one it reads alike is marked as
/// seen by both.
enum EngineAgreement {
    /// The types zxing-cpp gives a second look: those both libraries read, written alike.
    static let looked = Symbology.secondLook

    /// `qrReads`: zxing-cpp's QR reads of the same picture when it reads QR as an engine of its
    /// own (stills): each zbar's read claims its twin; the rest are codes too. Either way a QR
    /// read that the other reads otherwise in its place, at any length, withholds both (a QR
    /// misread is rare, not impossible).
    /// `lookAtQR` false: zxing-cpp gives zbar's QR reads no second look (a crowded picture's,
    /// whose finder patterns its QR search could not afford).
    static func checked(_ found: SymbolsFound, in picture: Frame, qrReads: [DetectedCode]? = nil, lookAtQR: Bool = true)
        -> SymbolsFound
    {
        let second = secondLook(at: found, in: picture, qrReads: qrReads, lookAtQR: lookAtQR)
        guard !second.isEmpty else { return found }
        var checked = found
        checked.codes = []
        var claimed = Set<Int>()
        for code in found.codes {
            guard looked.contains(code.symbology) else {
                checked.codes.append(code)
                continue
            }
            let near = second.indices.filter { sameFamily(second[$0], code) && overlaps(second[$0], code) }
            let twin =
                near.first { alike(second[$0], code) }
                ?? declaredTwin(of: code, among: near.map { second[$0] })
                .flatMap { match in near.first { second[$0] == match } }
            if let twin {
                claimed.insert(twin)
                // zbar drops a QR's ECI designators (and gives the segments in the sets it
                // knows as UTF-8): the symbol's bytes and text are zxing-cpp's.
                var seen = second[twin].eciContent.map { code.saying($0) } ?? code
                seen.seenByBoth = true
                checked.codes.append(seen)
            } else if code.symbology == .qr, !code.gs1,
                case let rivals = near.filter({ !second[$0].gs1 && samePlace(second[$0], code) }), !rivals.isEmpty
            {
                claimed.formUnion(rivals)
                checked.withheld += 1
            } else if near.contains(where: { comparable(second[$0], code) }) {
                checked.withheld += 1
            } else {
                checked.codes.append(code)
            }
        }
        if qrReads != nil {
            // zxing-cpp's QR reads that no zbar read claimed, one for each place.
            for index in second.indices where second[index].symbology == .qr && !claimed.contains(index) {
                let code = second[index]
                let zbarHere = found.codes.contains { $0.symbology == .qr && samePlace($0, code) }
                if !zbarHere { checked.codes.append(code) }
            }
        }
        return checked
    }

    /// zxing-cpp's reads of `picture` for the types zbar `found` (QR: `qrReads`, when it read as
    /// an engine of its own, or nothing when it may not look at QR).
    private static func secondLook(
        at found: SymbolsFound, in picture: Frame, qrReads: [DetectedCode]?, lookAtQR: Bool
    ) -> [DetectedCode] {
        var types = Set(found.codes.map(\.symbology)).intersection(looked)
        if qrReads != nil || !lookAtQR { types.remove(.qr) }
        guard !types.isEmpty else { return qrReads ?? [] }
        let products = types.contains { Symbology.productCodes.contains($0) } ? Symbology.productCodes : []
        return (qrReads ?? []) + ZxingEngine.read(picture, formats: ZxingEngine.formats(of: types.union(products)))
    }

    /// Their boxes overlap by at least half their union: one symbol's place.
    static func samePlace(_ a: DetectedCode, _ b: DetectedCode) -> Bool {
        guard let box = a.corners.boundingRect, let other = b.corners.boundingRect else { return false }
        let width = min(box.maxX, other.maxX) - max(box.minX, other.minX)
        let height = min(box.maxY, other.maxY) - max(box.minY, other.minY)
        guard width > 0, height > 0 else { return false }
        let area = { (r: (minX: Int, minY: Int, maxX: Int, maxY: Int)) in (r.maxX - r.minX) * (r.maxY - r.minY) }
        return 2 * width * height >= area(box) + area(other) - width * height
    }

    /// zxing-cpp's read of the same QR symbol, in the same place, whose ECIs explain why zbar's
    /// bytes differ.
    private static func declaredTwin(of code: DetectedCode, among near: [DetectedCode]) -> DetectedCode? {
        guard code.symbology == .qr else { return nil }
        return near.first { twin in
            twin.symbology == .qr && twin.eciContent?.isDeclared == true && samePlace(twin, code)
        }
    }

    private static func sameFamily(_ a: DetectedCode, _ b: DetectedCode) -> Bool {
        a.symbology == b.symbology
            || Symbology.productCodes.contains(a.symbology) && Symbology.productCodes.contains(b.symbology)
    }

    /// Their boxes, widened by a tenth of the picture's reach, meet: zbar's box of a 1D code is
    /// the stretch its scan lines crossed, zxing-cpp's a line across it.
    private static func overlaps(_ a: DetectedCode, _ b: DetectedCode) -> Bool {
        guard let boxA = a.corners.boundingRect, let boxB = b.corners.boundingRect else { return false }
        let margin = max(8, max(boxA.maxX - boxA.minX, boxA.maxY - boxA.minY) / 4)
        return boxA.minX - margin <= boxB.maxX && boxB.minX <= boxA.maxX + margin
            && boxA.minY - margin <= boxB.maxY && boxB.minY <= boxA.maxY + margin
    }

    /// The same content, written as each library writes it.
    private static func alike(_ zxing: DetectedCode, _ zbar: DetectedCode) -> Bool {
        guard let a = written(zxing), let b = written(zbar) else { return false }
        return a == b
    }

    /// Both can be compared: neither is GS1 (the libraries write its separators differently),
    /// and both are written at the same length (a product number as 13 digits, EAN-8 as 8).
    private static func comparable(_ zxing: DetectedCode, _ zbar: DetectedCode) -> Bool {
        guard let a = written(zxing), let b = written(zbar) else { return false }
        return a.count == b.count
    }

    private static func written(_ code: DetectedCode) -> [UInt8]? {
        guard !code.gs1 else { return nil }
        if Symbology.productCodes.contains(code.symbology) {
            let digits = code.bytes.filter { (0x30...0x39).contains($0) }
            guard digits.count == code.bytes.count else { return nil }
            if digits.count == 12 { return [0x30] + digits }  // UPC-A as the EAN-13 it is
            if code.symbology == .upce, digits.count == 8 { return [0x30] + UPCE.expanded(digits) }
            return digits
        }
        if code.symbology == .code39 { return code.raw ?? code.bytes }
        // zbar drops Code 128's FNC4 (the checks restore it: `Code128Extended`): its
        // extended characters are compared without their high bit.
        if code.symbology == .code128 { return code.bytes.map { $0 & 0x7F } }
        return code.bytes
    }
}
