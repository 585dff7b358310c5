import CodeFixtures
import FrameCore
import Testing

@testable import CodeReading

/// zxing-cpp's second look at zbar's QR and 1D reads (see `EngineAgreement`).
@Suite struct EngineAgreementTests {
    static let picture = EAN13.scene("400638133393", width: 500, height: 240)

    /// zbar's read of the picture's EAN-13, saying `digits`.
    func zbarRead(saying digits: String) throws -> SymbolsFound {
        let read = try #require(ZbarEngine().decode(Self.picture).codes.first)
        var found = SymbolsFound()
        found.codes = [DetectedCode(symbology: .ean13, bytes: Array(digits.utf8), corners: read.corners)]
        return found
    }

    @Test func aReadBothLibrariesMakeIsSeenByBoth() throws {
        let checked = EngineAgreement.checked(try zbarRead(saying: "4006381333931"), in: Self.picture)
        #expect(checked.codes.map(\.text) == ["4006381333931"] && checked.codes[0].seenByBoth)
        #expect(checked.withheld == 0)
    }

    @Test func aReadZxingReadsOtherwiseIsWithheld() throws {
        let checked = EngineAgreement.checked(try zbarRead(saying: "4006381333948"), in: Self.picture)
        #expect(checked.codes.isEmpty && checked.withheld == 1)
    }

    /// Nothing to compare with: the read stands, unmarked (a Data Matrix beside it is not
    /// an EAN-13's second look).
    @Test func aReadZxingCannotSeeStands() throws {
        var found = try zbarRead(saying: "4006381333948")
        let blank = Frame.filled(width: 500, height: 240, value: 235)
        let checked = EngineAgreement.checked(found, in: blank)
        #expect(checked.codes.count == 1 && !checked.codes[0].seenByBoth && checked.withheld == 0)
        found.codes = []
        #expect(EngineAgreement.checked(found, in: Self.picture).codes.isEmpty)
    }

    /// Through the still path: the EAN-13 is read, and seen by both libraries.
    @Test func theStillPathReadsWithBoth() throws {
        let code = try #require(CodeReader().read(Self.picture).codes.first)
        #expect(code.text == "4006381333931" && code.seenByBoth)
    }

    @Test func aUPCEIsComparedAsTheUPCAItStandsFor() {
        #expect(UPCE.expanded(Array("01234565".utf8)) == Array("012345000065".utf8))
    }
}

/// zxing-cpp as a QR engine of its own on stills, beside zbar: a code read by one only is
/// read; one place read otherwise by the two is withheld. Test engines stand in for zbar.
@Suite struct QREngineAgreementTests {
    static let picture = CodeFixtures.qrScene("both engines", width: 400, height: 400, moduleSize: 5)

    /// An engine that answers `answer` for every picture.
    final class Answering: CodeEngine {
        let answer: [DetectedCode]
        let symbologies: Set<Symbology>? = [.qr]
        var density = 1
        init(_ answer: [DetectedCode]) { self.answer = answer }
        func decode(_ picture: Frame) -> SymbolsFound {
            var found = SymbolsFound()
            found.codes = answer
            return found
        }
        func narrowed(to family: Set<Symbology>) -> any CodeEngine { self }
    }

    func paired(zbar answer: [DetectedCode]) -> PairedEngine {
        PairedEngine(zbar: Answering(answer), zxing: ZxingEngine(symbologies: [.qr], readsQR: true))
    }

    func zbarsCorners() throws -> [PixelPoint] {
        try #require(ZbarEngine().decode(Self.picture).codes.first?.corners)
    }

    @Test func aQRCodeZbarMissesIsReadByZxing() throws {
        let found = paired(zbar: []).decode(Self.picture)
        #expect(found.codes.map(\.text) == ["both engines"] && found.withheld == 0)
    }

    @Test func aQRCodeBothReadAlikeIsOneCodeSeenByBoth() throws {
        let same = DetectedCode(symbology: .qr, bytes: Array("both engines".utf8), corners: try zbarsCorners())
        let found = paired(zbar: [same]).decode(Self.picture)
        #expect(found.codes.map(\.text) == ["both engines"] && found.codes.first?.seenByBoth == true)
    }

    @Test func aQRCodeTheTwoReadOtherwiseIsWithheld() throws {
        let other = DetectedCode(symbology: .qr, bytes: Array("another text".utf8), corners: try zbarsCorners())
        let found = paired(zbar: [other]).decode(Self.picture)
        #expect(found.codes.isEmpty && found.withheld == 1)
    }

    /// zbar's read elsewhere in the picture does not stand against zxing-cpp's read here.
    @Test func readsOfTwoPlacesAreBothKept() throws {
        let far = DetectedCode(
            symbology: .qr, bytes: Array("far away".utf8),
            corners: [
                PixelPoint(x: 0, y: 0), PixelPoint(x: 0, y: 20), PixelPoint(x: 20, y: 20), PixelPoint(x: 20, y: 0),
            ])
        let found = paired(zbar: [far]).decode(Self.picture)
        #expect(Set(found.codes.map(\.text)) == ["both engines", "far away"])
    }
}
