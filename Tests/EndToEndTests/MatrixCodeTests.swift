import CodeFixtures
import Foundation
import PictureFiles
import Testing

/// The real binary reads the codes zbar cannot: a Data Matrix picture headless, its JSON
/// type, and `-S` choosing it or leaving it out.
@Suite struct MatrixCodeTests {
    let directory = TemporaryDirectory("matrix-codes")

    func picture(_ kind: MatrixSymbology, _ payload: String) throws -> String {
        directory.write("\(kind.rawValue).png", PNGCodec.encode(try #require(MatrixCode.scene(kind, payload))))
    }

    @Test func aDataMatrixIsReadHeadless() throws {
        let path = try picture(.dataMatrix, "parts bag 4711")
        let plain = try QRTUIProcess.run(["--no-preview", path])
        #expect(plain.status == 0 && plain.stdoutText == "parts bag 4711\n")
        let json = try QRTUIProcess.run(["--no-preview", "--format", "json", path])
        #expect(json.stdoutText.contains("\"type\":\"DataMatrix\""))
        let left = try QRTUIProcess.run(["--no-preview", "-Sdatamatrix.disable", path])
        #expect(left.status == 4 && left.stdoutText.isEmpty)
        let only = try QRTUIProcess.run(["--no-preview", "-S", "dm", path])
        #expect(only.stdoutText == "parts bag 4711\n")
    }
}
