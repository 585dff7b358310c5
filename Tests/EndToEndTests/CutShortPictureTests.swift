import CodeFixtures
import Foundation
import FrameCore
import PictureFiles
import Testing

/// A picture file cut short (a download that stopped, `head -c`) is read as far as it decodes,
/// the rest grey, as zbarimg reads it: the codes in the part that is there are printed, and
/// stderr says the file was cut short.
@Suite struct CutShortPictureTests {
    let directory = TemporaryDirectory("cut-short")

    /// Two codes, one above the other: the file is cut in its lower half.
    static let picture: Frame = {
        let top = QRMatrix(text: "the top code")!.render(moduleSize: 6, dark: 20, light: 235)
        let bottom = QRMatrix(text: "the bottom code")!.render(moduleSize: 6, dark: 20, light: 235)
        return Frame.filled(width: 480, height: 960, value: 220)
            .drawing(top, centreX: 240, centreY: 200).drawing(bottom, centreX: 240, centreY: 760)
    }()

    /// Every format whose library gives what it decoded of a file cut short, and where to cut
    /// it (a share of its bytes past the top code's rows).
    static let formats: [(name: String, bytes: [UInt8], keep: Double)] = [
        ("JPEG", JPEGCodec.encode(picture, quality: 90), 0.6),
        ("PNG", PNGCodec.encode(picture), 0.6),
        ("WebP", WebPCodec.encode(picture, lossless: false), 0.6),
        ("WebP", WebPCodec.encode(picture, lossless: true), 0.6),
        ("GIF", GIFCodec.encode(picture), 0.6),
        ("PGM/PPM", NetpbmCodec.encode(picture), 0.6),
        ("BMP", BMPCodec.encode(picture), 0.6),
    ]

    @Test(arguments: formats.indices)
    func whatDecodesIsReadAndTheCutIsSaid(index: Int) throws {
        let format = Self.formats[index]
        let cut = Array(format.bytes.prefix(Int(Double(format.bytes.count) * format.keep)))
        let path = directory.write("cut-\(index).picture", cut)
        let run = try QRTUIProcess.run(["--no-preview", path])
        // A BMP keeps its rows bottom up: what comes first is its lower half.
        let code = format.name == "BMP" ? "the bottom code" : "the top code"
        #expect(run.status == 0 && run.stdoutText == code + "\n", "\(format.name): \(run.stderr)")
        #expect(
            run.stderrLines.first?.hasPrefix("qrtui: \(path): cut short or damaged: the \(format.name) decodes")
                == true,
            "\(run.stderr)")
    }

    /// A progressive JPEG cut short has every row, without its later scans' detail.
    @Test func aProgressiveJPEGCutShortIsReadWithoutItsLaterScans() throws {
        let bytes = JPEGCodec.encode(Self.picture, quality: 90, progressive: true)
        let path = directory.write("progressive.jpg", Array(bytes.prefix(bytes.count * 7 / 10)))
        let run = try QRTUIProcess.run(["--no-preview", path])
        #expect(run.status == 0 && run.stdoutText.contains("the top code\n"), "\(run.stderr)")
        #expect(
            run.stderrLines.first == "qrtui: \(path): cut short or damaged: the JPEG decodes in part (its later scans)",
            "\(run.stderr)")
    }

    @Test func aTIFFCutInItsStripsIsReadAsFarAsTheyGo() throws {
        let whole = directory.path + "/whole.tif"
        #expect(TIFFCodec.write(Self.picture, to: whole))
        let bytes = try #require(FileManager.default.contents(atPath: whole))
        // libtiff's directory comes last in a file it writes: the cut keeps it, and loses strips.
        var cut = Array(bytes)
        let strips = cut.count * 6 / 10..<cut.count * 9 / 10
        cut.replaceSubrange(strips, with: [UInt8](repeating: 0, count: strips.count))
        let path = directory.write("cut.tif", cut)
        let run = try QRTUIProcess.run(["--no-preview", path])
        #expect(run.stdoutText.hasPrefix("the top code\n"), "\(run.stderr)")
    }

    /// A file that decodes to nothing at all is refused, as before.
    @Test func aFileCutBeforeAnyRowIsRefused() throws {
        let bytes = JPEGCodec.encode(Self.picture, quality: 90)
        // Cut just past the start of scan's own header (FF DA, then 12 bytes for one component).
        let scan = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        let path = directory.write("header-only.jpg", Array(bytes.prefix(scan + 12)))
        let run = try QRTUIProcess.run(["--no-preview", path])
        #expect(run.status == 1 && run.stdout.isEmpty, "\(run.stderr)")
    }
}
