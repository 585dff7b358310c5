import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import PictureFiles
import Testing

/// `qrtui --no-preview` on generated inputs: the real binary, real files, real pipes.
@Suite struct HeadlessTests {
    let directory = TemporaryDirectory("headless")

    func write(_ name: String, _ frame: Frame) -> String {
        let bytes: [UInt8]
        switch (name as NSString).pathExtension {
        case "png": bytes = PNGCodec.encode(frame)
        case "jpg": bytes = JPEGCodec.encode(frame, quality: 85)
        case "pgm": bytes = NetpbmCodec.encode(frame)
        default: bytes = Y4MEncoder.encode([frame])
        }
        return directory.write(name, bytes)
    }

    @Test(arguments: [
        ("png", 0.0, 1.0), ("png", 23, 1.4), ("jpg", 0, 1), ("jpg", -38, 0.8),
        ("pgm", 0, 1), ("pgm", 61, 2.2), ("y4m", 0, 1), ("y4m", 12, 1.2),
    ])
    func printsThePayloadOfEveryFormat(format: String, degrees: Double, scale: Double) throws {
        let payload = "https://example.org/\(format)/\(Int(degrees))"
        let frame = CodeFixtures.qrScene(
            payload, width: 640, height: 480, moduleSize: 4,
            degrees: degrees, scale: scale, dx: 37, dy: -21, noise: 5)
        let path = write("code.\(format)", frame)
        let run = try QRTUIProcess.run(["--input", path, "--no-preview", "--once"])
        #expect(run.status == 0)
        #expect(run.stdoutText == payload + "\n")
        #expect(run.stderr.isEmpty)
    }

    @Test func y4mFromStdinIsReadFrameByFrame() throws {
        let blank = Frame.filled(width: 320, height: 240, value: 128)
        let frames = [
            blank, blank, CodeFixtures.qrScene("third frame", width: 320, height: 240, moduleSize: 3),
            blank, CodeFixtures.qrScene("fifth frame", width: 320, height: 240, moduleSize: 3),
        ]
        let path = directory.write("clip.y4m", Y4MEncoder.encode(frames))
        let run = try QRTUIProcess.run(["--input", "-", "--no-preview", "--format", "json"], stdinPath: path)
        #expect(run.status == 0)
        let lines = run.stdoutText.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("\"text\":\"third frame\"") == true)
        #expect(lines.first?.contains("\"frame\":2") == true)
        #expect(lines.last?.contains("\"frame\":4") == true)
        #expect(lines.allSatisfy { $0.hasPrefix("{\"type\":\"QR-Code\"") && $0.contains("\"corners\":[[") })
    }

    @Test func aCodeSeenInManyFramesIsPrintedOnce() throws {
        let code = CodeFixtures.qrScene("steady", width: 320, height: 240, moduleSize: 3)
        let path = directory.write("steady.y4m", Y4MEncoder.encode(Array(repeating: code, count: 6)))
        let run = try QRTUIProcess.run(["-i", path, "--no-preview"])
        #expect(run.stdoutText == "steady\n")
        #expect(run.status == 0)
    }

    @Test func imageOnStdinWorksToo() throws {
        let path = write("in.png", CodeFixtures.qrScene("piped png"))
        let run = try QRTUIProcess.run(["-i", "-", "--no-preview"], stdinPath: path)
        #expect(run.stdoutText == "piped png\n")
    }

    @Test func demoSceneIsReadable() throws {
        let run = try QRTUIProcess.run(["--demo", "--no-preview", "--once"])
        #expect(run.status == 0)
        #expect(run.stdoutText == DemoCode.payload + "\n")
    }

    @Test func rawFormatKeepsBytesAndJSONCarriesBase64() throws {
        let bytes: [UInt8] = [0x41, 0x00, 0xFF, 0x1B, 0x42]
        let path = write("bin.png", CodeFixtures.qrScene(bytes))
        let raw = try QRTUIProcess.run(["-i", path, "--no-preview", "--format", "raw"])
        #expect(raw.stdout == bytes + [0x0A])
        let json = try QRTUIProcess.run(["-i", path, "--no-preview", "--format=json"])
        #expect(json.stdoutText.contains("\"bytes\":\"\(Data(bytes).base64EncodedString())\""))
        #expect(json.stdoutText.contains("\"encoding\":\"ISO-8859-1\""))
        #expect(!json.stdout.contains(0x1B))
    }

    @Test func symbologyFilterSkipsOtherCodes() throws {
        let path = write("qr.png", CodeFixtures.qrScene("only qr"))
        let run = try QRTUIProcess.run(["-i", path, "--no-preview", "-S", "ean13,code128"])
        #expect(run.status == 4)
        #expect(run.stdout.isEmpty)
        #expect(run.stderrLines == ["qrtui: no code found in \(path)"])
    }

    @Test func loopRepeatsAFileUntilTheTimeout() throws {
        let path = write("blank.pgm", Frame.filled(width: 64, height: 64, value: 200))
        let run = try QRTUIProcess.run(["-i", path, "--no-preview", "--loop", "--timeout", "1"])
        #expect(run.status == 4)
        #expect(!run.timedOut)
        #expect(run.stderrLines == ["qrtui: no code found within 1 s"])
    }

    @Test func timeoutEndsAWaitOnAPipeThatNeverDelivers() throws {
        // A FIFO held open by nobody writing: qrtui blocks in open/read until the timeout.
        let fifo = directory.path + "/silent.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let holder = FileHandle(forUpdatingAtPath: fifo)  // keeps a writer so reads block
        defer { try? holder?.close() }
        let run = try QRTUIProcess.run(["-i", fifo, "--no-preview", "--timeout", "1"], deadline: 20)
        #expect(!run.timedOut)
        #expect(run.status == 4)
    }

    @Test func helpAndVersion() throws {
        let help = try QRTUIProcess.run(["--help"])
        #expect(help.status == 0)
        for option in [
            "--device", "--input", "--demo", "--loop", "--size", "--fps", "--list-devices", "--symbologies",
            "--effort", "--confirm", "--glyphs", "--fit", "--color", "--no-beep", "--no-preview", "--once",
            "--timeout", "--format", "--help", "--version",
        ] {
            #expect(help.stdoutText.contains(option), "help lacks \(option)")
        }
        for key in ["arrows", "shift+arrows", "mouse click", "enter", "space", "q, esc", "?"] {
            #expect(help.stdoutText.contains(key), "help lacks the key \(key)")
        }
        let version = try QRTUIProcess.run(["-V"])
        #expect(version.stdoutText.hasPrefix("qrtui "))
        #expect(version.stdoutText.contains("zbar 0.23"))
    }
}

/// On a stream, a barcode is announced after `--confirm` identical reads (default two) in
/// separate frames; zbar's and zxing-cpp's reading it alike in one frame count as two.
@Suite struct ConfirmationEndToEndTests {
    let directory = TemporaryDirectory("confirm")
    let blank = Frame.filled(width: 640, height: 360, value: 190)
    let barcode = EAN13.scene("590123412345")

    func run(_ frames: [Frame], _ extra: [String] = []) throws -> QRTUIRun {
        let path = directory.write("clip.y4m", Y4MEncoder.encode(frames))
        return try QRTUIProcess.run(["-i", path, "--no-preview"] + extra)
    }

    @Test func aBarcodeInOneFrameIsAnnouncedOnlyWhenBothLibrariesReadIt() throws {
        let once = try run([blank, barcode, blank, blank])
        #expect(once.status == 0)
        #expect(once.stdoutText == "5901234123457\n")
        // Three reads asked for: the two of one frame are not enough.
        let short = try run([blank, barcode, blank, blank], ["--confirm", "3"])
        #expect(short.status == 4)
        #expect(short.stdout.isEmpty)
        let twice = try run([blank, barcode, barcode, blank], ["--confirm", "3"])
        #expect(twice.status == 0)
        #expect(twice.stdoutText == "5901234123457\n")
        let unconfirmed = try run([blank, barcode, blank, blank], ["--confirm", "1"])
        #expect(unconfirmed.stdoutText == "5901234123457\n")
    }

    @Test func aStillPictureNeedsNoSecondFrame() throws {
        let path = directory.write("ean.png", PNGCodec.encode(barcode))
        let result = try QRTUIProcess.run(["-i", path, "--no-preview", "--format", "json"])
        #expect(result.status == 0)
        #expect(result.stdoutText.hasPrefix("{\"type\":\"EAN-13\",\"text\":\"5901234123457\""))
    }
}
