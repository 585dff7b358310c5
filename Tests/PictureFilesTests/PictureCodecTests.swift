import CodeFixtures
import FrameCore
import PictureFiles
import SystemCalls
import Testing

@Suite struct PictureCodecTests {
    let picture = CodeFixtures.qrScene("codec", width: 120, height: 90, moduleSize: 2, noise: 3)

    @Test func pngRoundTripKeepsEveryPixel() throws {
        let decoded = try PictureDecoder.decode(PNGCodec.encode(picture), path: "t.png")
        #expect(decoded.width == 120 && decoded.height == 90)
        #expect(decoded.luma == picture.luma)
    }

    /// `qrencode --background=FFFFFF00`: black modules on a transparent background (whose
    /// colour is black too) are laid over white, as a viewer shows them.
    @Test func aTransparentPNGIsLaidOverWhite() throws {
        let opaque = Frame.filled(width: 3, height: 1, value: 0)
        let decoded = try PictureDecoder.decode(PNGCodec.encode(opaque, alpha: [255, 0, 128]), path: "t.png")
        #expect(decoded.luma[0] == 0 && decoded.luma[1] == 255)
        #expect((60...200).contains(decoded.luma[2]))  // half covered: between the two (in linear light)
        let transparent = PictureFixtures.transparentQR("over white")
        let code = try PictureDecoder.decode(
            PNGCodec.encode(transparent.colour, alpha: transparent.alpha), path: "qr.png")
        #expect(code.luma.filter { $0 == 255 }.count > code.luma.count / 2)
    }

    @Test func pgmRoundTripKeepsEveryPixel() throws {
        let decoded = try PictureDecoder.decode(NetpbmCodec.encode(picture), path: "t.pgm")
        #expect(decoded.luma == picture.luma)
    }

    @Test func jpegRoundTripIsClose() throws {
        let decoded = try PictureDecoder.decode(JPEGCodec.encode(picture, quality: 95), path: "t.jpg")
        #expect(decoded.width == 120 && decoded.height == 90)
        let worst = zip(decoded.luma, picture.luma).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst < 40)
    }

    @Test func ppmIsConvertedWithZxingWeights() throws {
        let ppm = Array("P6\n# a comment\n2 1\n255\n".utf8) + [255, 0, 0, 10, 20, 30]
        let frame = try PictureDecoder.decode(ppm, path: "t.ppm")
        let red: Int = (306 * 255 + 512) >> 10
        let mixed: Int = (306 * 10 + 601 * 20 + 117 * 30 + 512) >> 10
        #expect(frame.luma == [UInt8(red), UInt8(mixed)])
    }

    @Test func sixteenBitPGMIsScaled() throws {
        let pgm = Array("P5 2 1 65535\n".utf8) + [0xFF, 0xFF, 0x80, 0x00]
        #expect(try PictureDecoder.decode(pgm, path: "t.pgm").luma == [255, 128])
    }

    /// A picture cut in half gives the rows it holds, the rest mid grey; one cut before its first
    /// row is refused.
    @Test(arguments: ["png", "jpeg", "pgm", "bmp"])
    func truncatedImagesGiveWhatDecodes(kind: String) throws {
        let whole =
            kind == "png"
            ? PNGCodec.encode(picture)
            : kind == "jpeg"
                ? JPEGCodec.encode(picture) : kind == "pgm" ? NetpbmCodec.encode(picture) : BMPCodec.encode(picture)
        let cut = Array(whole.prefix(whole.count / 2))
        var partial: PartialPicture?
        do {
            _ = try PictureDecoder.decode(cut, path: "cut")
        } catch {
            if case .cutShort(let path, let got) = error, path == "cut" { partial = got }
        }
        let frame = try #require(partial?.frame, "\(kind) was not read in part")
        #expect(frame.width == picture.width && frame.height == picture.height)
        // The last row is made up (mid grey); the first is the picture's (BMP keeps its rows bottom up).
        let rows = kind == "bmp" ? (made: 0, kept: picture.height - 1) : (made: picture.height - 1, kept: 0)
        #expect(frame.luma[(rows.made * frame.width)..<((rows.made + 1) * frame.width)].allSatisfy { $0 == 128 })
        #expect(
            Array(frame.luma[(rows.kept * frame.width)..<((rows.kept + 1) * frame.width)])
                == Array(picture.luma[(rows.kept * frame.width)..<((rows.kept + 1) * frame.width)]) || kind == "jpeg")
        #expect(throws: PictureError.self) { _ = try PictureDecoder.decode(Array(whole.prefix(20)), path: "cut") }
    }

    @Test func unknownBytesAreRejected() {
        let refusal = PictureError.unsupported(
            path: "x", detail: "not a PNG, JPEG, PGM/PPM, WebP, GIF, BMP, TIFF image (by its first bytes)")
        #expect(throws: refusal) { _ = try PictureDecoder.decode(Array("hello world".utf8), path: "x") }
        #expect(throws: refusal) { _ = try PictureDecoder.decode([], path: "x") }
    }

    @Test func hugeHeadersAreRefusedBeforeAllocating() {
        let pgm = Array("P5 100000 100000 255\n".utf8) + [0]
        #expect(throws: PictureError.tooLarge(path: "big", width: 100_000, height: 100_000, limit: 100_000_000)) {
            _ = try PictureDecoder.decode(pgm, path: "big")
        }
    }

    @Test func formatsAreRecognisedByContentNotName() {
        #expect(PictureFormats.codec(for: PNGCodec.encode(picture)) == PNGCodec.self)
        #expect(PictureFormats.codec(for: JPEGCodec.encode(picture)) == JPEGCodec.self)
        #expect(PictureFormats.codec(for: NetpbmCodec.encode(picture)) == NetpbmCodec.self)
        #expect(PictureFormats.codec(for: Array("GIF89a".utf8)) == GIFCodec.self)
        #expect(PictureFormats.codec(for: Y4MEncoder.encode([picture])) == nil)  // video: CaptureKit's
        #expect(PictureFormats.codec(for: Array("%PDF-1.7".utf8)) == nil)
        #expect(PictureFormats.codec(for: Array("8BPS\u{0}\u{1}".utf8)) == nil)  // Photoshop: not read
    }

    /// Every format's header gives the size its decoder finds, from the first bytes alone.
    @Test func declaredSizesAreTheDecodedOnes() throws {
        let encoded: [[UInt8]] = [
            PNGCodec.encode(picture), JPEGCodec.encode(picture), NetpbmCodec.encode(picture),
            WebPCodec.encode(picture), GIFCodec.encode(picture), BMPCodec.encode(picture),
        ]
        for bytes in encoded {
            let codec = try #require(PictureFormats.codec(for: bytes))
            let size = codec.declaredSize(Array(bytes.prefix(1024)))
            #expect(size?.width == 120 && size?.height == 90, "\(codec.name)")
            let frame = try codec.decode(bytes, path: "t", limits: PictureLimits())
            #expect(frame.width == 120 && frame.height == 90)
        }
        #expect(Set(PictureFormats.all.map { $0.id }).count == PictureFormats.all.count)
    }
}
