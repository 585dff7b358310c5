/// Everything qrtui knows of one symbology, in one place: every set of symbologies that the
/// engines, the checks, the follower and the front ends use is derived from these descriptors
/// (`SymbologyCatalog`), so a new symbology is one descriptor and its decoder.
public struct SymbologyDescriptor: Sendable, Equatable {
    public enum Family: Sendable, Equatable {
        /// Modules in two dimensions, with error correction (QR, Data Matrix...).
        case matrix
        /// Bars (EAN, Code 128...), checked by a digit at most.
        case linear
    }

    /// zbar's number for it, or one after zbar's (`Symbology`'s raw value).
    public let id: Int32
    /// The names `-S` takes, the shortest first (help lists it), lower case.
    public let names: [String]
    /// Its name in text, JSON and XML: zbar's own ("QR-Code", "EAN-13"), zxing-cpp's for the rest.
    public let displayName: String
    /// The library that reads it.
    public let engine: EngineKind
    public let family: Family
    /// One read in one frame of a stream is proof: it is followed and announced at once.
    public var oneReadIsProof: Bool
    /// EAN and UPC: one zbar decoder reads them all and reports them as each other.
    public var productFamily = false
    /// An EAN add-on (two or five digits beside a product number): no number of its own.
    public var addOn = false
    /// zbar decodes its two halves apart (guards in the middle).
    public var readInHalves = false
    /// zxing-cpp reads it as zbar does: its read in the same picture is a second look.
    public var secondLook = false
    /// Bars spelt across it (`BarsAcross`) must get guards, quiet zones and its check right:
    /// such a reading counts as a look of its own.
    public var barsAcrossIsALook = false
    /// Its text is made of parts that recur inside longer codes (ITF's digit pairs), with no
    /// check: two libraries reading it alike is no look of its own.
    public var recursInLonger = false
    /// zxing-cpp 1.4 finds one of these near the middle of a picture only: a still's other
    /// ones are read in windows around bull's-eyes and code texture (`MatrixWindows`).
    public var readInWindows = false
    /// zbar reads it only as an EAN-13 of a kind: asking for it asks for that too.
    public var needsAlso: Int32?
}

/// The descriptors, and the sets derived from them.
public struct SymbologyCatalog: Sendable {
    public let descriptors: [SymbologyDescriptor]

    public init(_ descriptors: [SymbologyDescriptor]) { self.descriptors = descriptors }

    /// The ids whose descriptor `holds`.
    public func ids(where holds: (SymbologyDescriptor) -> Bool) -> Set<Int32> {
        Set(descriptors.filter(holds).map(\.id))
    }

    public var productFamily: Set<Int32> { ids { $0.productFamily } }
    /// Product numbers (the family without its add-ons): what a code's meaning reads as a product.
    public var productNumbers: Set<Int32> { ids { $0.productFamily && !$0.addOn } }
    public var readInHalves: Set<Int32> { ids { $0.readInHalves } }
    public var secondLook: Set<Int32> { ids { $0.secondLook } }
    public var barsAcrossIsALook: Set<Int32> { ids { $0.barsAcrossIsALook } }
    public var readInWindows: Set<Int32> { ids { $0.readInWindows } }
    public var matrix: Set<Int32> { ids { $0.family == .matrix } }
    public var readByZxing: Set<Int32> { ids { $0.engine == .zxing } }

    /// Every symbology qrtui reads.
    public static let standard = SymbologyCatalog(linear + matrix)
}

extension SymbologyCatalog {
    private static func code(
        _ id: Int32, _ names: [String], _ displayName: String, _ engine: EngineKind = .zbar,
        _ family: SymbologyDescriptor.Family = .linear, proof: Bool? = nil
    ) -> SymbologyDescriptor {
        SymbologyDescriptor(
            id: id, names: names, displayName: displayName, engine: engine, family: family,
            oneReadIsProof: proof ?? (family == .matrix))
    }

    private static func product(_ descriptor: SymbologyDescriptor, halves: Bool, zxing: Bool) -> SymbologyDescriptor {
        var product = zxing ? checked(descriptor) : descriptor
        product.productFamily = true
        product.readInHalves = halves
        return product
    }

    /// Read alike by zxing-cpp, and spelt across its bars by qrtui with its check.
    private static func checked(_ descriptor: SymbologyDescriptor) -> SymbologyDescriptor {
        var checked = descriptor
        (checked.secondLook, checked.barsAcrossIsALook) = (true, true)
        return checked
    }

    private static var linear: [SymbologyDescriptor] {
        var addOns = [code(2, ["ean2"], "EAN-2"), code(5, ["ean5"], "EAN-5")].map {
            product($0, halves: false, zxing: false)
        }
        for index in addOns.indices { addOns[index].addOn = true }
        var isbn = [code(10, ["isbn10"], "ISBN-10"), code(14, ["isbn13", "isbn"], "ISBN-13")].map {
            product($0, halves: true, zxing: false)
        }
        for index in isbn.indices { isbn[index].needsAlso = 13 }
        let code128 = checked(code(128, ["code128"], "CODE-128"))
        let code39 = checked(code(39, ["code39"], "CODE-39"))
        var itf = code(25, ["i25", "itf", "interleaved2of5"], "I2/5")
        (itf.secondLook, itf.recursInLonger) = (true, true)
        return addOns + isbn + [
            product(code(8, ["ean8"], "EAN-8"), halves: true, zxing: true),
            product(code(9, ["upce"], "UPC-E"), halves: false, zxing: true),
            product(code(12, ["upca"], "UPC-A"), halves: true, zxing: true),
            product(code(13, ["ean13", "ean"], "EAN-13"), halves: true, zxing: true),
            code(15, ["composite"], "COMPOSITE"), itf, code(34, ["databar", "rss14"], "DataBar"),
            code(35, ["databarexp", "databarexpanded", "rssexpanded"], "DataBar-Exp"),
            code(38, ["codabar"], "Codabar"), code39, code(93, ["code93"], "CODE-93"), code128,
        ]
    }

    private static var matrix: [SymbologyDescriptor] {
        var qr = code(64, ["qr", "qrcode"], "QR-Code", .zbar, .matrix)
        qr.secondLook = true
        // zbar's PDF417 decoder is unfinished (partial reads only): PDF417 is zxing-cpp's. As
        // libzxing 1.4 reads it, one read is no proof: its decoder can take a length derived
        // from misread row indicators into the error correction, which then "corrects" noise
        // into a text that another frame does not read alike.
        let pdf417 = code(57, ["pdf417"], "PDF417", .zxing, .matrix, proof: false)
        var dataMatrix = code(201, ["datamatrix", "dm"], "DataMatrix", .zxing, .matrix)
        dataMatrix.readInWindows = true
        var aztec = code(202, ["aztec"], "Aztec", .zxing, .matrix)
        aztec.readInWindows = true
        return [
            pdf417, qr, code(80, ["sq", "sqcode"], "SQ-Code", .zbar, .matrix), dataMatrix, aztec,
            code(203, ["microqr", "mqr"], "MicroQR", .zxing, .matrix),
            code(204, ["maxicode"], "MaxiCode", .zxing, .matrix),
        ]
    }
}
