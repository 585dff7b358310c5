import Testing

@testable import CodeMeaning

/// IATA boarding passes (BCBP), as PDF417 and Aztec codes carry them.
@Suite struct BoardingPassTests {
    static let pass = "M1DESMARAIS/LUC       EABC123 YULFRAAC 0834 326J001A0025 100"

    @Test func aBoardingPassGivesItsFlight() {
        let meaning = CodeMeaning.of(Self.pass)
        #expect(meaning.kind == .boardingPass)
        #expect(meaning["passenger"] == "DESMARAIS/LUC")
        #expect(meaning["pnr"] == "ABC123")
        #expect(meaning["flight"] == "AC 834")
        #expect(meaning["from"] == "YUL" && meaning["to"] == "FRA")
        #expect(meaning["date"] == "326" && meaning["seat"] == "1A" && meaning["class"] == "J")
        #expect(meaning["legs"] == nil)
        // With conditional items after the mandatory ones, and two legs.
        let longer = "M2" + Self.pass.dropFirst(2) + "31C>5180 MM6326BAC 2A01425000161290 AC AC 12345678"
        #expect(CodeMeaning.of(String(longer))["legs"] == "2")
    }

    @Test(arguments: [
        "Meet me at the station at five, near the clock on platform two, bring the tickets!!",
        "M1DESMARAIS LUC       EABC123 YULFRAAC 0834 326J001A0025 100",  // no surname/given name
        "M1DESMARAIS/LUC       EABC123 YU1FRAAC 0834 326J001A0025 100",  // not an airport
        "M1DESMARAIS/LUC       EABC123 YULFRAAC 0834 400J001A0025 100",  // no 400th day
        "M1DESMARAIS/LUC       EABC123 YULFRAAC 0834 326J001A0025 1",  // cut short
    ])
    func textThatIsNotABoardingPassIsNotTakenForOne(text: String) {
        #expect(CodeMeaning.of(text).kind != .boardingPass)
    }
}
