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
