import CodeFixtures
import CodeReading
import Testing

@testable import ScanTUI

/// The codes zxing-cpp reads come out as zbar's do: a JSON type, and what they mean.
@Suite struct MatrixCodeOutputTests {
    @Test func aGS1DataMatrixGivesItsElements() throws {
        let picture = try #require(MatrixCode.scene(.dataMatrix, "[01]09501101530003[17]261130[10]AB-12", gs1: true))
        let code = try #require(CodeReader().read(picture).codes.first)
        let json = CodePrinter(format: .json, toTerminal: false).json(for: code, frame: 0, source: "dm.png")
        #expect(json.contains("\"type\":\"DataMatrix\""))
        #expect(json.contains("\"kind\":\"gs1\""), "\(json)")
        #expect(json.contains("\"gtin\":\"09501101530003\""), "\(json)")
        #expect(json.contains("AB-12"))
    }

    @Test func aztecAndPDF417HaveTheirOwnTypes() throws {
        for (kind, type) in [(MatrixSymbology.aztec, "Aztec"), (.pdf417, "PDF417")] {
            let picture = try #require(MatrixCode.scene(kind, "https://example.org/\(type)"))
            let code = try #require(CodeReader().read(picture).codes.first)
            let json = CodePrinter(format: .json, toTerminal: false).json(for: code, frame: 0, source: "x.png")
            #expect(json.contains("\"type\":\"\(type)\"") && json.contains("\"kind\":\"url\""), "\(json)")
        }
    }

    @Test func aBoardingPassInPDF417GivesItsFields() throws {
        let pass = "M1DESMARAIS/LUC       EABC123 YULFRAAC 0834 326J001A0025 100"
        let picture = try #require(MatrixCode.scene(.pdf417, pass))
        let code = try #require(CodeReader().read(picture).codes.first)
        let json = CodePrinter(format: .json, toTerminal: false).json(for: code, frame: 0, source: "pass.png")
        #expect(json.contains("\"kind\":\"boardingpass\""), "\(json)")
        #expect(json.contains("\"flight\":\"AC 834\"") && json.contains("\"seat\":\"1A\""))
        let status = CodePresentation.summary(code, reveal: false).meaning ?? ""
        #expect(status.contains("DESMARAIS/LUC") && status.contains("YUL → FRA") && status.contains("seat 1A"))
    }
}
