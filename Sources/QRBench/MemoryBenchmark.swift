import CaptureKit
import CodeFixtures
import FrameCore
import Glibc
import PictureFiles
import SystemCalls

/// `--memory`: the peak resident memory of the real `qrtui --no-preview` reading a picture of
/// `side` x `side` pixels in each format it reads (made here, most of them a few kilobytes:
/// what a decompression bomb looks like), beside a tiny picture's (the base). The target:
/// about 3 bytes a pixel above the base, whatever the format.
struct MemoryBenchmark {
    let side: Int
    let directory = TemporaryDirectory("memory-bench")

    func run(progress: (String) -> Void) -> String {
        let picture = stripes(side)
        let base = peak(directory.write("tiny.png", PNGCodec.encode(stripes(64))))
        var rows = [["format", "file kB", "peak MB", "bytes/pixel above base", "status"]]
        for (name, make) in formats(picture) {
            progress("memory: \(name)")
            let path = make()
            let measured = peak(path)
            let above = Double(measured.kilobytes - base.kilobytes) * 1024 / Double(side * side)
            var info = stat()
            let size = stat(path, &info) == 0 ? Int(info.st_size) : 0
            rows.append([
                name, format(Double(size) / 1024, 1), format(Double(measured.kilobytes) / 1024, 0), format(above, 2),
                String(measured.status),
            ])
        }
        return "Base (a 64x64 PNG): \(format(Double(base.kilobytes) / 1024, 0)) MB\n\n" + table(rows) + "\n\n"
            + blank(progress: progress)
    }

    /// Blank pictures, which every pass looks at: within 3 bytes a pixel and 30 MB.
    private func blank(progress: (String) -> Void) -> String {
        var rows = [["blank PNG", "peak MB", "limit MB", "within"]]
        for side in [500, 864, 2000] {
            progress("memory: blank \(side)")
            let white = Frame.filled(width: side, height: side, value: 255)
            let measured = peak(directory.write("blank-\(side).png", PNGCodec.encode(white)))
            let limit = 3 * side * side + 30_000_000
            rows.append([
                "\(side)x\(side)", format(Double(measured.kilobytes * 1024) / 1e6, 1), format(Double(limit) / 1e6, 1),
                measured.kilobytes * 1024 <= limit ? "yes" : "no",
            ])
        }
        return "Blank pictures (MB of 10^6 bytes):\n\n" + table(rows)
    }

    /// A picture of flat grey with dark bands: compresses to almost nothing in every format.
    private func stripes(_ side: Int) -> Frame {
        var luma = [UInt8](repeating: 210, count: side * side)
        for y in 0..<side where y % 97 < 9 { for x in 0..<side { luma[y * side + x] = 30 } }
        return Frame(width: side, height: side, luma: luma)
    }

    /// The stripes over a gradient: far more colours than a palette holds.
    private func gradient(_ frame: Frame) -> Frame {
        var luma = frame.luma
        for i in luma.indices { luma[i] = UInt8(truncatingIfNeeded: Int(luma[i]) / 2 + i % frame.width / 64) }
        return Frame(width: frame.width, height: frame.height, luma: luma)
    }

    private func formats(_ frame: Frame) -> [(String, () -> String)] {
        let write = { (name: String, bytes: [UInt8]) in directory.write(name, bytes) }
        return [
            ("PNG grey", { write("grey.png", PNGCodec.encode(frame)) }),
            ("PNG RGB", { write("rgb.png", PNGCodec.encode(frame, colour: true)) }),
            ("JPEG baseline 4:2:2", { write("baseline.jpg", JPEGCodec.encode(frame, colour: true)) }),
            (
                "JPEG progressive 4:2:2",
                { write("progressive.jpg", JPEGCodec.encode(frame, colour: true, progressive: true)) }
            ),
            ("JPEG progressive CMYK", { write("cmyk.jpg", JPEGCodec.encodeCMYK(frame, progressive: true)) }),
            ("WebP lossless", { write("lossless.webp", WebPCodec.encode(frame)) }),
            ("WebP lossless, true colour", { write("true-colour.webp", WebPCodec.encodeTrueColour(gradient(frame))) }),
            ("WebP lossy", { write("lossy.webp", WebPCodec.encode(frame, lossless: false)) }),
            ("GIF", { write("picture.gif", GIFCodec.encode(frame)) }),
            (
                "TIFF RGB",
                {
                    let path = directory.path + "/rgb.tiff"
                    _ = TIFFCodec.write(frame, to: path, colour: true)
                    return path
                }
            ),
            (
                "TIFF grey, one deflate strip",
                {
                    let path = directory.path + "/one-strip.tiff"
                    _ = TIFFCodec.write(frame, to: path, oneStrip: true)
                    return path
                }
            ),
            ("BMP 24-bit", { write("rgb.bmp", BMPCodec.encodeColour(frame)) }),
            ("PPM", { write("rgb.ppm", NetpbmCodec.encodeColour(frame)) }),
            ("PGM", { write("grey.pgm", NetpbmCodec.encode(frame)) }),
        ]
    }

    private func peak(_ path: String) -> (kilobytes: Int, status: Int32) {
        guard
            let pid = try? ChildProcess.spawn(
                CaptureBenchmark.productsDirectory + "/qrtui", ["--no-preview", "-q", path])
        else {
            return (0, -1)
        }
        let (ending, kilobytes) = ChildProcess.waitMeasured(pid, until: MonotonicClock.now() + 600)
        return (kilobytes, ending.shellStatus)
    }
}
