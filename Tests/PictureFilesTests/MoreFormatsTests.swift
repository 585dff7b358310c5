import CodeFixtures
import Foundation
import FrameCore
import PictureFiles
import Testing

/// Pictures people have besides PNG and JPEG: WebP, GIF, BMP, TIFF and CMYK JPEGs, each
/// recognised by its first bytes, read to the same greys, and refused cleanly when cut short.
@Suite struct MoreFormatsTests {
    let picture = CodeFixtures.qrScene("formats", width: 121, height: 91, moduleSize: 2, noise: 3)
    let directory = TemporaryDirectory("formats")

    func tiff(_ frame: Frame) throws -> [UInt8] {
        let path = directory.path + "/t.tiff"
        #expect(TIFFCodec.write(frame, to: path))
        return Array(try #require(FileManager.default.contents(atPath: path)))
    }

    func encoded(_ format: String) throws -> [UInt8] {
        switch format {
        case "webp": WebPCodec.encode(picture)
        case "gif": GIFCodec.encode(picture)
        case "bmp": BMPCodec.encode(picture)
        default: try tiff(picture)
        }
    }

    @Test(arguments: ["webp", "gif", "bmp", "tiff"])
    func losslessFormatsKeepEveryPixel(format: String) throws {
        let bytes = try encoded(format)
        #expect(PictureFormats.codec(for: bytes)?.id == format)
        let decoded = try PictureDecoder.decode(bytes, path: "t.\(format)")
        #expect(decoded.width == 121 && decoded.height == 91)
        #expect(decoded.luma == picture.packed.luma)
    }

    /// A TIFF of one deflate strip, grey or RGB, is read a scanline at a time to the same greys;
    /// cut short, it is refused.
    @Test func aSingleStripTIFFReadsAsAnyOther() throws {
        for colour in [false, true] {
            let path = directory.path + "/one-\(colour).tiff"
            #expect(TIFFCodec.write(picture, to: path, colour: colour, oneStrip: true))
            let bytes = Array(try #require(FileManager.default.contents(atPath: path)))
            let decoded = try PictureDecoder.decode(bytes, path: path)
            #expect(decoded.luma == picture.packed.luma, "\(colour)")
            let cut = try? PictureDecoder.decode(Array(bytes.prefix(bytes.count / 2)), path: path)
            #expect(cut == nil, "a strip cut short is read")
        }
    }

    @Test(arguments: ["webp", "gif", "bmp", "tiff"])
    func cutShortIsMalformedNotACrash(format: String) throws {
        let whole = try encoded(format)
        for length in [whole.count / 2, 40, 12] {
            #expect(throws: PictureError.self) {
                _ = try PictureDecoder.decode(Array(whole.prefix(length)), path: "cut")
            }
        }
    }

    /// An animated WebP is read by its first frame, not refused as corrupt.
    @Test(arguments: [true, false])
    func animatedWebPGivesItsFirstFrame(lossless: Bool) throws {
        let second = CodeFixtures.qrScene("second", width: 121, height: 91, moduleSize: 2, noise: 3)
        let bytes = WebPCodec.encodeAnimation([picture, second], lossless: lossless)
        #expect(PictureFormats.codec(for: bytes) == WebPCodec.self)
        let decoded = try PictureDecoder.decode(bytes, path: "anim.webp")
        #expect(decoded.width == 121 && decoded.height == 91)
        let worst = zip(decoded.luma, picture.packed.luma).map { abs(Int($0) - Int($1)) }.max() ?? 255
        #expect(worst < (lossless ? 8 : 60), "worst \(worst)")  // through YUV either way: rounded
    }

    /// Print software saves CMYK (YCCK) JPEGs; libjpeg cannot make grey of them itself.
    @Test func cmykJPEGIsReadAsGrey() throws {
        let bytes = JPEGCodec.encodeCMYK(picture, quality: 95)
        let decoded = try PictureDecoder.decode(bytes, path: "cmyk.jpg")
        #expect(decoded.width == 121 && decoded.height == 91)
        let worst = zip(decoded.luma, picture.packed.luma).map { abs(Int($0) - Int($1)) }.max() ?? 255
        #expect(worst < 40)
    }

    /// A transparent screenshot's background is white, as a viewer shows it.
    @Test func transparentGIFPixelsAreWhite() throws {
        // GIF89a, 2x1 screen, global map of 2 colours (black, black), colour 1 transparent.
        let gif: [UInt8] =
            Array("GIF89a".utf8) + [
                2, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0, 0, 0,
                0x21, 0xF9, 4, 0x01, 0, 0, 1, 0,  // graphic control: transparent index 1
                0x2C, 0, 0, 0, 0, 2, 0, 1, 0, 0,  // image descriptor 2x1
                2, 2, 0x44, 0x0A, 0, 0x3B,
            ]  // LZW (3-bit codes): clear, 0, 1, end
        let frame = try PictureDecoder.decode(gif, path: "t.gif")
        #expect(frame.luma == [0, 255])
    }

    @Test func compressedBMPIsRefusedByName() throws {
        var bmp = BMPCodec.encode(picture)
        bmp[30] = 1  // BI_RLE8
        #expect {
            _ = try PictureDecoder.decode(bmp, path: "rle.bmp")
        } throws: { error in
            guard case .unsupported(_, let detail) = error as? PictureError else { return false }
            return detail.contains("compressed BMP")
        }
    }

    @Test(arguments: ["gif", "bmp", "webp"])
    func hugeDeclaredSizesAreRefusedBeforeAllocating(format: String) throws {
        var bytes = try encoded(format)
        switch format {
        case "gif": bytes.replaceSubrange(6..<10, with: [0xFF, 0xFF, 0xFF, 0xFF])
        case "bmp": bytes.replaceSubrange(18..<26, with: [0xFF, 0xFF, 0, 0, 0xFF, 0xFF, 0, 0])
        default:
            bytes =
                Array("RIFF".utf8) + [22, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0]
                + [0xFF, 0x3F, 0x00, 0xFF, 0x3F, 0x00]  // canvas 16384 x 16384
        }
        #expect {
            _ = try PictureDecoder.decode(bytes, path: "big")
        } throws: { error in
            guard case .tooLarge = error as? PictureError else { return false }
            return true
        }
    }
}
