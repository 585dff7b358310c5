import CaptureKit
import CodeFixtures
import FrameCore
import PictureFiles
import SystemCalls
import Testing

/// Inputs opened by their first bytes: pictures, Y4M video, and what is neither.
@Suite struct InputOpenerTests {
    /// A file that declares 100,000 x 100,000 pixels (JPEG: 65,000, its most is 65,535) is
    /// refused from its first bytes, before the rest is read (there is no rest here: nothing
    /// else could be the reason).
    @Test(arguments: ["png", "jpeg", "pgm"])
    func hugeDeclaredSizesAreRefusedFromTheHeader(kind: String) throws {
        let directory = TemporaryDirectory("huge")
        let header: [UInt8]
        switch kind {
        case "png":
            header =
                [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
                + [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0, 8, 0, 0, 0, 0]
        case "jpeg":
            header = [
                0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x0B, 0x08, 0xFD, 0xE8, 0xFD, 0xE8,
                0x01,
            ]
        default:
            header = Array("P5\n# a comment\n100000 100000\n255\n".utf8)
        }
        let path = directory.write("huge.\(kind)", header)
        let side = kind == "jpeg" ? 65_000 : 100_000
        #expect(throws: CaptureError.picture(.tooLarge(path: path, width: side, height: side, limit: 100_000_000))) {
            _ = try InputOpener.open(path: path)
        }
        // A lower limit of one's own choosing (`--max-pixels`).
        let small = directory.write("small.pgm", NetpbmCodec.encode(Frame.filled(width: 100, height: 100, value: 1)))
        #expect(throws: CaptureError.picture(.tooLarge(path: small, width: 100, height: 100, limit: 5_000))) {
            _ = try InputOpener.open(path: small, limits: PictureLimits(maxPixels: 5_000))
        }
    }

    @Test func y4mIsVideoAndTheRestIsRefused() throws {
        let directory = TemporaryDirectory("opener")
        let clip = directory.write("clip.y4m", Y4MEncoder.encode([Frame.filled(width: 8, height: 8, value: 9)]))
        #expect(try InputOpener.open(path: clip).kind == .recorded)
        let pdf = directory.write("doc.png", Array("%PDF-1.7".utf8))
        #expect(
            throws: CaptureError.unsupported(
                path: pdf,
                detail: "not a PNG, JPEG, PGM/PPM, WebP, GIF, BMP, TIFF image or Y4M stream (by its first bytes)")
        ) {
            _ = try InputOpener.open(path: pdf)
        }
    }

    @Test func missingFilesAndDirectoriesAreClearErrors() {
        #expect(throws: CaptureError.system(operation: "open", path: "/no/such.png", errno: .noSuchFile)) {
            _ = try InputOpener.picture(path: "/no/such.png")
        }
        #expect(throws: CaptureError.notAFile(path: "/tmp", kind: "directory")) {
            _ = try InputOpener.picture(path: "/tmp")
        }
        #expect(
            CaptureError.system(operation: "open", path: "/no/such.png", errno: .noSuchFile).description
                == "cannot open /no/such.png: No such file or directory")
    }
}
