import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import PictureFiles
import Testing

/// A picture costs memory in proportion to its pixels, whatever its format: under three bytes
/// a pixel above what qrtui takes for a tiny one (`qrtui-bench --memory` measures 10000x10000).
/// A progressive JPEG or a true-colour lossless WebP that would need more to decode is refused,
/// and says why.
@Suite struct PictureMemoryTests {
    let directory = TemporaryDirectory("picture-memory")
    static let side = 3000

    /// Flat grey with dark bands: a few kilobytes in every format.
    static let picture: Frame = {
        var luma = [UInt8](repeating: 210, count: side * side)
        for y in 0..<side where y % 97 < 9 { for x in 0..<side { luma[y * side + x] = 30 } }
        return Frame(width: side, height: side, luma: luma)
    }()

    func peak(_ path: String) throws -> (kilobytes: Int, run: QRTUIRun) {
        let run = try QRTUIProcess.run(["--no-preview", "-q", path], deadline: 120)
        return (run.peakKilobytes, run)
    }

    @Test(arguments: [
        "PNG RGB", "JPEG baseline", "JPEG progressive", "WebP lossless", "WebP lossy", "GIF", "TIFF RGB",
        "TIFF one strip", "BMP 24-bit", "PPM", "PGM",
    ])
    func aPictureCostsAboutThreeBytesAPixel(format: String) throws {
        let frame = Self.picture
        let path: String
        switch format {
        case "PNG RGB": path = directory.write("rgb.png", PNGCodec.encode(frame, colour: true))
        case "JPEG baseline": path = directory.write("base.jpg", JPEGCodec.encode(frame, colour: true))
        case "JPEG progressive":
            path = directory.write("prog.jpg", JPEGCodec.encode(frame, colour: true, progressive: true))
        case "WebP lossless": path = directory.write("lossless.webp", WebPCodec.encode(frame))
        case "WebP lossy": path = directory.write("lossy.webp", WebPCodec.encode(frame, lossless: false))
        case "GIF": path = directory.write("p.gif", GIFCodec.encode(frame))
        case "TIFF RGB":
            path = directory.path + "/rgb.tiff"
            #expect(TIFFCodec.write(frame, to: path, colour: true))
        case "TIFF one strip":  // libtiff handed the whole strip took 3.9 bytes a pixel
            path = directory.path + "/one-strip.tiff"
            #expect(TIFFCodec.write(frame, to: path, oneStrip: true))
        case "BMP 24-bit": path = directory.write("rgb.bmp", BMPCodec.encodeColour(frame))
        case "PPM": path = directory.write("rgb.ppm", NetpbmCodec.encodeColour(frame))
        default: path = directory.write("grey.pgm", NetpbmCodec.encode(frame))
        }
        let base = try peak(
            directory.write(
                "tiny-\(format.filter(\.isLetter)).png",
                PNGCodec.encode(Frame.filled(width: 64, height: 64, value: 200))))
        let measured = try peak(path)
        #expect(measured.run.status == 4, "\(measured.run.stderr)")
        // A progressive JPEG's decoder may keep two bytes a pixel and a fixed 48 MB of its own
        // (its coefficients): at this size, more than three bytes a pixel of it.
        let fixed = format == "JPEG progressive" ? 48 << 20 : 0
        let perPixel = Double((measured.kilobytes - base.kilobytes) * 1024 - fixed) / Double(Self.side * Self.side)
        #expect(base.kilobytes > 0 && perPixel < 3.0, "\(format): \(perPixel) bytes a pixel above the base")
    }

    /// A blank picture is looked at by every pass, each picture of them as large as it or a few
    /// times larger: what they keep at once stays within 3 bytes a pixel and 30 MB (the finder
    /// search once kept 12 bytes a pixel, the local binarisation 8 of a three times larger one).
    @Test(arguments: [500, 864, 2000])
    func aBlankPictureStaysWithinThreeBytesAPixelAndThirtyMegabytes(side: Int) throws {
        let path = directory.write(
            "blank-\(side).png", PNGCodec.encode(Frame.filled(width: side, height: side, value: 255)))
        let (kilobytes, run) = try peak(path)
        #expect(run.status == 4, "\(run.stderr)")
        let limit = 3 * side * side + 30_000_000
        #expect(kilobytes > 0 && kilobytes * 1024 <= limit, "\(side)²: \(kilobytes) kB, limit \(limit / 1024) kB")
    }

    /// A progressive JPEG keeps every coefficient of every component: a large CMYK one would need
    /// eight bytes a pixel, and is refused with the reason.
    @Test func aProgressiveJPEGTooLargeToDecodeIsRefused() throws {
        let path = directory.write("cmyk.jpg", JPEGCodec.encodeCMYK(Self.picture, progressive: true))
        let (kilobytes, run) = try peak(path)
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "qrtui: \(path): unsupported: a progressive JPEG of \(Self.side)x\(Self.side) needs more memory "
                + "to decode than qrtui gives a picture (about 3 bytes a pixel)\n")
        #expect(kilobytes < 400_000)
    }

    /// A lossless WebP of many colours: libwebp keeps four bytes a pixel of its own while it
    /// decodes. A small one is read; a large one (a few kilobytes of file) is refused as soon as
    /// libwebp allocates its copy, before it costs what it would.
    @Test func aTrueColourLosslessWebPIsReadOrRefused() throws {
        let small = directory.write(
            "small.webp",
            WebPCodec.encodeTrueColour(CodeFixtures.qrScene("true colour", width: 600, height: 600, moduleSize: 5)))
        let read = try QRTUIProcess.run(["--no-preview", small])
        #expect(read.status == 0 && read.stdoutText == "true colour\n", "\(read.stderr)")
        let side = 5600
        // A gradient: far more colours than a palette holds.
        let gradient = Frame(
            width: side, height: side, luma: (0..<side * side).map { UInt8(truncatingIfNeeded: $0 % side + $0 / side) })
        let large = directory.write("large.webp", WebPCodec.encodeTrueColour(gradient))
        let (kilobytes, run) = try peak(large)
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "qrtui: \(large): unsupported: a lossless WebP of \(side)x\(side) needs more memory "
                + "to decode than qrtui gives a picture (about 3 bytes a pixel)\n")
        // Decoded, it would take 5 bytes a pixel: 157 MB.
        #expect(kilobytes < 100_000, "\(kilobytes) kB")
    }
}
