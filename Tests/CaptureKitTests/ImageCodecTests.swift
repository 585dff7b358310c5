import CaptureKit
import CodeFixtures
import FrameCore
import SystemCalls
import Testing

@Suite struct ImageCodecTests {
    let picture = CodeFixtures.qrScene("codec", width: 120, height: 90, moduleSize: 2, noise: 3)

    @Test func pngRoundTripKeepsEveryPixel() throws {
        let decoded = try ImageDecoder.decode(PNGCodec.encode(picture), path: "t.png")
        #expect(decoded.width == 120 && decoded.height == 90)
        #expect(decoded.luma == picture.luma)
    }

    /// `qrencode --background=FFFFFF00`: black modules on a transparent background (whose
    /// colour is black too) are laid over white, as a viewer shows them.
    @Test func aTransparentPNGIsLaidOverWhite() throws {
        let opaque = Frame.filled(width: 3, height: 1, value: 0)
        let decoded = try ImageDecoder.decode(PNGCodec.encode(opaque, alpha: [255, 0, 128]), path: "t.png")
        #expect(decoded.luma[0] == 0 && decoded.luma[1] == 255)
        #expect((60...200).contains(decoded.luma[2]))  // half covered: between the two (in linear light)
        let transparent = PictureFixtures.transparentQR("over white")
        let code = try ImageDecoder.decode(PNGCodec.encode(transparent.colour, alpha: transparent.alpha), path: "qr.png")
        #expect(code.luma.filter { $0 == 255 }.count > code.luma.count / 2)
    }

    @Test func pgmRoundTripKeepsEveryPixel() throws {
        let decoded = try ImageDecoder.decode(NetpbmCodec.encode(picture), path: "t.pgm")
        #expect(decoded.luma == picture.luma)
    }

    @Test func jpegRoundTripIsClose() throws {
        let decoded = try ImageDecoder.decode(JPEGCodec.encode(picture, quality: 95), path: "t.jpg")
        #expect(decoded.width == 120 && decoded.height == 90)
        let worst = zip(decoded.luma, picture.luma).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst < 40)
    }

    @Test func ppmIsConvertedWithZxingWeights() throws {
        let ppm = Array("P6\n# a comment\n2 1\n255\n".utf8) + [255, 0, 0, 10, 20, 30]
        let frame = try ImageDecoder.decode(ppm, path: "t.ppm")
        let red: Int = (306 * 255 + 512) >> 10
        let mixed: Int = (306 * 10 + 601 * 20 + 117 * 30 + 512) >> 10
        #expect(frame.luma == [UInt8(red), UInt8(mixed)])
    }

    @Test func sixteenBitPGMIsScaled() throws {
        let pgm = Array("P5 2 1 65535\n".utf8) + [0xFF, 0xFF, 0x80, 0x00]
        #expect(try ImageDecoder.decode(pgm, path: "t.pgm").luma == [255, 128])
    }

    @Test(arguments: ["png", "jpeg", "pgm"])
    func truncatedImagesAreMalformed(kind: String) {
        let whole = kind == "png" ? PNGCodec.encode(picture)
            : kind == "jpeg" ? JPEGCodec.encode(picture) : NetpbmCodec.encode(picture)
        let cut = Array(whole.prefix(whole.count / 2))
        #expect {
            _ = try ImageDecoder.decode(cut, path: "cut")
        } throws: { error in
            guard case .malformed(let path, let detail) = error as? CaptureError else { return false }
            return path == "cut" && detail.contains("truncated")
        }
    }

    @Test func unknownBytesAreRejected() {
        #expect(throws: CaptureError.unsupported(path: "x", detail: "not a PNG, JPEG, PGM/PPM, WebP, GIF, BMP, TIFF image or Y4M stream")) {
            _ = try ImageDecoder.decode(Array("hello world".utf8), path: "x")
        }
        #expect(throws: CaptureError.empty(path: "x")) { _ = try ImageDecoder.decode([], path: "x") }
    }

    @Test func hugeHeadersAreRefusedBeforeAllocating() {
        let pgm = Array("P5 100000 100000 255\n".utf8) + [0]
        #expect(throws: CaptureError.tooLarge(path: "big", width: 100_000, height: 100_000, limit: 100_000_000)) {
            _ = try ImageDecoder.decode(pgm, path: "big")
        }
    }

    /// A file that declares 100,000 x 100,000 pixels (JPEG: 65,000, its most is 65,535) is
    /// refused from its first bytes, before the rest is read (there is no rest here: nothing
    /// else could be the reason).
    @Test(arguments: ["png", "jpeg", "pgm"])
    func hugeDeclaredSizesAreRefusedFromTheHeader(kind: String) throws {
        let directory = TemporaryDirectory("huge")
        let header: [UInt8]
        switch kind {
        case "png":
            header = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
                + [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0, 8, 0, 0, 0, 0]
        case "jpeg":
            header = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x0B, 0x08, 0xFD, 0xE8, 0xFD, 0xE8, 0x01]
        default:
            header = Array("P5\n# a comment\n100000 100000\n255\n".utf8)
        }
        let path = directory.write("huge.\(kind)", header)
        let side = kind == "jpeg" ? 65_000 : 100_000
        #expect(throws: CaptureError.tooLarge(path: path, width: side, height: side, limit: 100_000_000)) {
            _ = try InputOpener.open(path: path)
        }
        // A lower limit of one's own choosing (`--max-pixels`).
        let small = directory.write("small.pgm", NetpbmCodec.encode(Frame.filled(width: 100, height: 100, value: 1)))
        #expect(throws: CaptureError.tooLarge(path: small, width: 100, height: 100, limit: 5_000)) {
            _ = try InputOpener.open(path: small, limits: PictureLimits(maxPixels: 5_000))
        }
    }

    @Test func formatsAreRecognisedByContentNotName() {
        #expect(ImageFormat.detect(PNGCodec.encode(picture)) == .png)
        #expect(ImageFormat.detect(JPEGCodec.encode(picture)) == .jpeg)
        #expect(ImageFormat.detect(NetpbmCodec.encode(picture)) == .netpbm)
        #expect(ImageFormat.detect(Y4MSource.encode([picture])) == .y4m)
        #expect(ImageFormat.detect(Array("GIF89a".utf8)) == .gif)
        #expect(ImageFormat.detect(Array("%PDF-1.7".utf8)) == nil)
        #expect(ImageFormat.detect(Array("8BPS\u{0}\u{1}".utf8)) == nil)  // Photoshop: not read
    }

    @Test func missingFilesAndDirectoriesAreClearErrors() {
        #expect(throws: CaptureError.system(operation: "open", path: "/no/such.png", errno: .noSuchFile)) {
            _ = try ImageDecoder.load(path: "/no/such.png")
        }
        #expect(throws: CaptureError.notAFile(path: "/tmp", kind: "directory")) {
            _ = try ImageDecoder.load(path: "/tmp")
        }
        #expect(CaptureError.system(operation: "open", path: "/no/such.png", errno: .noSuchFile).description
            == "cannot open /no/such.png: No such file or directory")
    }
}
