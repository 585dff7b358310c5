import CodeFixtures
import Foundation
import FrameCore
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

    /// Parts of one message in several files of one run are joined, as zbarimg users expect:
    /// the last file gives the whole message (a part alone is no code to print).
    @Test func partsInSeparateFilesAreJoined() throws {
        let files = try ["ALPHA-1|", "ALPHA-2|"].enumerated().map { index, text in
            let grid = try #require(MatrixCode.grid(.dataMatrix, text, part: (index + 1, 2)))
            return directory.write("part-\(index).png", PNGCodec.encode(MatrixCode.scene(side: [grid])))
        }
        let run = try QRTUIProcess.run(["--no-preview"] + files)
        #expect(run.status == 0 && run.stdoutText == "ALPHA-1|ALPHA-2|\n", "\(run.stdoutText) \(run.stderr)")
    }

    /// A lone QR part in a file is no code to print (it may hold a piece of a secret): it is
    /// said to have been read, and JSON lists it as a part, as lone Data Matrix, Aztec and
    /// PDF417 parts are.
    @Test func aLoneQRPartInAFileIsSaidAndListedInJSON() throws {
        let symbol = try #require(QRMatrix.structured(parts: ["first part, ", "second part"], version: 2).first)
        let picture = Frame.filled(width: 300, height: 300, value: 230)
            .drawing(symbol.render(moduleSize: 4), centreX: 150, centreY: 150)
        let path = directory.write("qr-part.png", PNGCodec.encode(picture))
        let run = try QRTUIProcess.run(["--no-preview", path])
        #expect(run.status == 4 && run.stdout.isEmpty, "\(run.stdoutText)")
        #expect(
            run.stderrLines.first
                == "qrtui: part 1 of 2 of a QR-Code message was read, never the whole: nothing of it is printed (--format json lists the parts)",
            "\(run.stderr)")
        let json = try QRTUIProcess.run(["--no-preview", "--format", "json", path])
        #expect(json.status == 0 && json.stdoutText.contains("\"text\":\"first part, \""), "\(json.stderr)")
        #expect(json.stdoutText.contains("\"part\":{\"index\":1,\"count\":2"), "\(json.stdoutText)")
    }

    /// Text in a set the symbol names by ECI is printed in that set, and JSON names it; a pipe
    /// given `--raw` gets the symbol's own bytes.
    @Test func textInAnECIsSetIsPrinted() throws {
        for (kind, eci, name) in [
            (ECICode.Kind.qr, 33, "UTF-16LE"), (.dataMatrix, 32, "GB18030"), (.aztec, 34, "UTF-32BE"),
        ] {
            let picture = try #require(ECICode.picture(kind, [.init(eci: eci, "中文 Zürich")]))
            let path = directory.write("eci-\(eci).png", PNGCodec.encode(picture))
            let plain = try QRTUIProcess.run(["--no-preview", path])
            #expect(plain.status == 0 && plain.stdoutText == "中文 Zürich\n", "\(kind) \(plain.stderr)")
            let json = try QRTUIProcess.run(["--no-preview", "--format", "json", path])
            #expect(json.stdoutText.contains("\"encoding\":\"\(name)\""), "\(json.stdoutText)")
        }
        let binary = try #require(ECICode.picture(.dataMatrix, [.init(eci: 899, "Zürich")]))
        let raw = try QRTUIProcess.run([
            "--no-preview", "--raw", directory.write("eci-899.png", PNGCodec.encode(binary)),
        ])
        #expect(raw.stdout == Array("Zürich\n".utf8))
    }
}
