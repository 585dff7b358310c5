import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import PictureFiles

/// The seeds each harness starts from: small valid inputs of every kind it parses, and a few
/// that probe its edges. Written into the repository by `qrtui-fuzz --write-seeds DIR`.
package enum SeedCorpus {
    package static func seeds(for harness: Harness) -> [(name: String, bytes: [UInt8])] {
        plainSeeds(for: harness) + ExtremeSeeds.seeds(for: harness)
    }

    /// Valid inputs of each kind.
    package static func plainSeeds(for harness: Harness) -> [(name: String, bytes: [UInt8])] {
        let small = pattern(width: 24, height: 16)
        switch harness {
        case .png:
            return [
                ("pattern.png", PNGCodec.encode(small)), ("one.png", PNGCodec.encode(pattern(width: 1, height: 1))),
            ]
        case .jpeg:
            return [
                ("pattern.jpg", JPEGCodec.encode(small)),
                ("low.jpg", JPEGCodec.encode(pattern(width: 33, height: 9), quality: 20)),
                ("colour.jpg", JPEGCodec.encode(small, colour: true)),
            ]
        case .netpbm:
            return [
                ("pattern.pgm", NetpbmCodec.encode(small)),
                ("colour.ppm", Array("P6\n# comment\n2 2\n255\n".utf8) + (0..<12).map { UInt8($0 * 20) }),
                ("deep.pgm", Array("P5 2 1 65535\n".utf8) + [0x12, 0x34, 0xFF, 0xFF]),
            ]
        case .webp:
            return [
                ("pattern.webp", WebPCodec.encode(small)), ("one.webp", WebPCodec.encode(pattern(width: 1, height: 1))),
            ]
        case .gif:
            return [
                ("pattern.gif", GIFCodec.encode(small)), ("wide.gif", GIFCodec.encode(pattern(width: 61, height: 3))),
            ]
        case .bmp:
            return [
                ("pattern.bmp", BMPCodec.encode(small)), ("odd.bmp", BMPCodec.encode(pattern(width: 7, height: 5))),
            ]
        case .tiff: return [("pattern.tiff", tiff(small)), ("tall.tiff", tiff(pattern(width: 3, height: 40)))]
        case .input:
            return [
                ("clip.y4m", Y4MEncoder.encode([small, pattern(width: 24, height: 16, phase: 3)])),
                ("mono.y4m", Array("YUV4MPEG2 W4 H2 F30:1 Cmono\nFRAME\n".utf8) + [UInt8](repeating: 90, count: 8)),
                ("still.png", PNGCodec.encode(small)), ("still.pgm", NetpbmCodec.encode(small)),
            ]
        case .still:
            return [
                ("pattern.png", PNGCodec.encode(pattern(width: 64, height: 48))),
                ("wide.png", PNGCodec.encode(pattern(width: 300, height: 2))),
            ]
        case .mjpeg:
            // Size bytes (32x16), then the frame.
            return [("frame.mjpeg", [1, 0] + JPEGCodec.encode(pattern(width: 32, height: 16), colour: true))]
        case .payload, .meaning, .options: return textSeeds(for: harness)
        case .migration: return migrationSeeds()
        }
    }

    /// Two-factor exports: two accounts (TOTP and HOTP), and one part of a batch.
    private static func migrationSeeds() -> [(name: String, bytes: [UInt8])] {
        let accounts = [
            MigrationExport.Account(
                secret: Array("12345678901234567890".utf8), name: "alice@example.org", issuer: "Example"),
            MigrationExport.Account(
                secret: [1, 2, 3, 4, 5], name: "bob", algorithm: 2, digits: 2, type: 1, counter: 7),
        ]
        return [
            ("two.bin", MigrationExport.payload(accounts)),
            ("batch.bin", MigrationExport.payload(Array(accounts.prefix(1)), batchSize: 2, batchIndex: 1)),
            // Numbers at their extremes: the index one below the largest an Int holds.
            ("batch-extreme.bin", MigrationExport.payload(Array(accounts.prefix(1)), batchSize: 2, batchIndex: .max)),
            ("batch-past.bin", MigrationExport.payload(Array(accounts.prefix(1)), batchSize: .max, batchIndex: .max)),
        ]
    }

    /// Seeds of the harnesses that take text or bytes, not pictures.
    private static func textSeeds(for harness: Harness) -> [(name: String, bytes: [UInt8])] {
        let secretSeeds: [(name: String, bytes: [UInt8])] = TwoFactorFixtures.secretSpellings.enumerated().map {
            (name: "secret-\($0.offset).txt", bytes: Array($0.element.utf8))
        }
        switch harness {
        case .payload:
            return [
                ("url.txt", Array("https://example.org/?q=1".utf8)),
                ("escapes.txt", Array("\u{1B}]0;title\u{07}\u{1B}[2J\u{202E}abc\u{200B}".utf8)),
                ("shift-jis.bin", [0x82, 0xA0, 0x82, 0xA2, 0x93, 0xFA, 0x96, 0x7B]),
                ("latin1.bin", [0x63, 0x61, 0x66, 0xE9]),
                ("full-ascii.txt", Array("+A+B%U$M/A".utf8)),
            ]
        case .meaning:
            return [
                ("wifi.txt", Array("WIFI:T:WPA;S:My\\;Net;P:pa\\:ss;H:true;;".utf8)),
                (
                    "vcard.txt",
                    Array(
                        "BEGIN:VCARD\r\nVERSION:2.1\r\nN;ENCODING=QUOTED-PRINTABLE:M=C3=BC\r\nTEL:1\r\nEND:VCARD".utf8)
                ),
                ("event.txt", Array("BEGIN:VEVENT\nSUMMARY:x\nDTSTART:20261130T120000Z\nEND:VEVENT".utf8)),
                ("link.txt", Array("https://user@p\u{430}ypal.com:8443/a?b=c#d".utf8)),
                ("gs1.txt", Array("]C10109501101530003172611301 0AB\u{1D}21X".utf8)),
                ("epc.txt", Array("BCD\n002\n1\nSCT\n\nName\nDE33100205000001194700\nEUR1.5".utf8)),
                ("geo.txt", Array("geo:48.85,2.29?q=Paris".utf8)), ("mail.txt", Array("mailto:a@b.c?subject=%41".utf8)),
            ]
                + secretSeeds
        case .options:
            return [
                ("headless.args", args(["-i", "a.png", "--no-preview", "--format=json", "--timeout", "2.5"])),
                ("screen.args", args(["-d", "/dev/video0", "--size", "640x480", "--glyphs", "half", "-Sqr,ean13"])),
                ("limits.args", args(["--max-pixels", "25M", "--effort", "5ms", "--confirm", "3"])),
            ]
        default: return []
        }
    }

    private static func args(_ list: [String]) -> [UInt8] { Array(list.joined(separator: "\0").utf8) }

    /// libtiff writes files: through a scratch one.
    private static func tiff(_ frame: Frame) -> [UInt8] {
        let path = NSTemporaryDirectory() + "qrtui-seed-\(getpid()).tiff"
        defer { unlink(path) }
        guard TIFFCodec.write(frame, to: path), let data = FileManager.default.contents(atPath: path) else { return [] }
        return Array(data)
    }

    /// Stripes and a gradient: something for every decoder to chew on.
    static func pattern(width: Int, height: Int, phase: Int = 0) -> Frame {
        var luma = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { luma[y * width + x] = ((x + phase) / 3 + y) % 2 == 0 ? UInt8(20 + 5 * (x % 40)) : 230 }
        }
        return Frame(width: width, height: height, luma: luma)
    }
}
