import CaptureKit
import CodeFixtures
import Foundation
import FoundationXML
import FrameCore
import PictureFiles
import PictureOps
import Testing

/// qrtui as zbarimg and zbarcam users script it: exact output, many inputs, zbar's `-S`
/// settings, NUL-separated codes, XML, and no made-up code when there is no camera.
@Suite struct ScriptHabitsTests {
    let directory = TemporaryDirectory("script-habits")

    func png(_ name: String, _ frame: Frame) -> String { directory.write(name, PNGCodec.encode(frame)) }
    func qr(_ name: String, _ text: String) -> String {
        png(name, CodeFixtures.qrScene(text, width: 320, height: 240, moduleSize: 4))
    }

    /// No camera, no screen: exit 1, nothing on stdout (a script must not open the demo's link).
    @Test func noCameraInAScriptIsAFailureNotTheDemo() throws {
        let run = try QRTUIProcess.run(
            ["--no-preview", "--once"],
            environment: [
                "LD_PRELOAD": FakeCamera.library, "QRTUI_FAKE_DEVICES": "", "QRTUI_FAKE_HIDE_REAL": "1",
            ])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.hasPrefix("qrtui: no camera found") && run.stderr.contains("--demo"))
    }

    /// One format however many files: the payloads; their names only with -H (as grep has it).
    @Test func threeFilesAreReadInOrderAndAMissingOneFailsAfterThem() throws {
        let a = qr("a.png", "alpha")
        let b = qr("b.png", "beta")
        let c = qr("c.png", "gamma")
        let missing = directory.path + "/missing.png"
        let run = try QRTUIProcess.run(["--no-preview", a, "-i", b, missing, c])
        #expect(run.stdoutText == "alpha\nbeta\ngamma\n")
        #expect(run.status == 1)
        #expect(run.stderr == "qrtui: cannot open \(missing): No such file or directory\n")
        let named = try QRTUIProcess.run(["--no-preview", "-H", a, b])
        #expect(named.stdoutText == "\(a):alpha\n\(b):beta\n")
        let one = try QRTUIProcess.run(["--no-preview", "--with-filename", a])
        #expect(one.stdoutText == "\(a):alpha\n")
        #expect(try QRTUIProcess.run(["--no-preview", a]).stdoutText == "alpha\n")

        let json = try QRTUIProcess.run(["--no-preview", "--format", "json", a, b])
        #expect(json.status == 0)
        let sources = json.stdoutText.split(separator: "\n").map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["source"] as? String
        }
        #expect(sources == [a, b])
    }

    /// As zbarimg: 4 when any file held no code (a batch with a blank page), 0 only when each gave one.
    @Test func aBatchWithAFileWithoutACodeExits4AndOneReadWholeExits0() throws {
        let blank = png("blank.png", Frame.filled(width: 64, height: 64, value: 200))
        let none = try QRTUIProcess.run(["--no-preview", blank, blank])
        #expect(none.status == 4 && none.stdout.isEmpty)
        let one = try QRTUIProcess.run(["--no-preview", "-q", blank, qr("one.png", "one")])
        #expect(one.status == 4 && one.stdoutText == "one\n")
        #expect(one.stderr.isEmpty)  // -q: no "no code found in blank.png"
        let whole = try QRTUIProcess.run(["--no-preview", "-q", qr("one.png", "one"), qr("two.png", "two")])
        #expect(whole.status == 0 && whole.stdoutText == "one\ntwo\n")
    }

    /// `--format zbar`: zbarimg's own lines, its type names, for scripts written for it.
    @Test func zbarFormatPrintsTypeAndPayloadAsZbarimg() throws {
        let path = qr("typed.png", "typed")
        let run = try QRTUIProcess.run(["--no-preview", "--format", "zbar", path])
        // zbarimg -q prints this very line for this picture.
        #expect(run.status == 0 && run.stdoutText == "QR-Code:typed\n")
        let named = try QRTUIProcess.run(["--no-preview", "--format", "zbar", "-H", path])
        #expect(named.stdoutText == "\(path):QR-Code:typed\n")
    }

    /// `--polygon`: the corners, as zbarimg prints them, before the payload.
    @Test func polygonPrintsTheCornersFirst() throws {
        // 25 modules plus a quiet zone of 4 at 4 px: 132 px square in the middle of 320x240.
        let path = qr("corners.png", "cornered")
        let run = try QRTUIProcess.run(["--no-preview", "--polygon", path])
        let parts = run.stdoutText.split(separator: ":", maxSplits: 1)
        #expect(parts.last == "cornered\n")
        let points = (parts.first ?? "").split(separator: " ").map { $0.split(separator: ",").compactMap { Int($0) } }
        #expect(points.count == 4 && points.allSatisfy { $0.count == 2 })
        #expect(points.allSatisfy { abs($0[0] - 160) <= 60 && abs($0[1] - 120) <= 60 && abs($0[0] - 160) >= 40 })
        let named = try QRTUIProcess.run(["--no-preview", "--polygon", "-H", path])
        #expect(named.stdoutText == path + ":" + run.stdoutText)
    }

    /// `qrtui FILE` from a script, which has no terminal (setsid: no controlling one): reading
    /// without a screen is what was meant, and nothing is said about it.
    @Test func aFileReadWhereThereIsNoTerminalSaysNothingOfIt() throws {
        let path = qr("script.png", "scripted")
        let scratch = TemporaryDirectoryForRun()
        let result = Spawn.run(
            "/usr/bin/setsid", ["-w", QRTUIProcess.executable, path],
            stdout: scratch.path + "/out", stderr: scratch.path + "/err")
        #expect(result.status == 0)
        #expect(FileManager.default.contents(atPath: scratch.path + "/out") == Data("scripted\n".utf8))
        #expect(FileManager.default.contents(atPath: scratch.path + "/err") == Data())
    }

    /// A file slow to read is said to be read, once, when a person watches stderr: not in a log.
    @Test func aSlowReadSaysItIsUnderWayOnATerminal() throws {
        // 20 megapixels of noisy texture: seconds of reading in a debug build.
        let big = directory.write(
            "big.pgm",
            NetpbmCodec.encode(
                Frame.plasma(width: 5000, height: 4000, seed: 2)
                    .withNoise(amplitude: 12, seed: 5)))
        let session = try TmuxSession(width: 100, height: 10, command: "\(QRTUIProcess.executable) --no-preview \(big)")
        let done = try session.waitFor("the end", seconds: 120) { $0.text.contains("EXIT=") }
        #expect(done.text.contains("qrtui: reading \(big)…\nqrtui: no code found in \(big)"))
        #expect(done.exitStatus == 4)
        let logged = try QRTUIProcess.run(["--no-preview", big], deadline: 120)
        #expect(logged.status == 4 && logged.stderr == "qrtui: no code found in \(big)\n")
    }

    /// `-vv`, as zbar's users type it: qrtui's own account and zbar's debugging output.
    @Test func doubleVerboseAddsZbarsOwnOutput() throws {
        let path = qr("verbose.png", "talkative")
        let once = try QRTUIProcess.run(["--no-preview", "-v", path])
        #expect(once.stderr.contains("qrtui: QR-Code read in frame 0") && !once.stderr.contains("qr_code_decode"))
        let twice = try QRTUIProcess.run(["--no-preview", "-vv", path])
        #expect(twice.status == 0 && twice.stdoutText == "talkative\n")
        #expect(twice.stderr.contains("qrtui: QR-Code read in frame 0") && twice.stderr.contains("qr_code_decode"))
    }

    /// Pictures people have: phone screenshots (WebP), print files (CMYK JPEG), GIF, BMP, TIFF,
    /// animations (their first frame).
    @Test(arguments: ["cmyk.jpg", "shot.webp", "anim.gif", "scan.bmp", "fax.tiff", "sticker.webp"])
    func picturesPeopleHaveAreRead(name: String) throws {
        let payload = "from a \(name)"
        let frame = CodeFixtures.qrScene(payload, width: 320, height: 240, moduleSize: 4, noise: 2)
        let path = directory.path + "/" + name
        switch (name as NSString).pathExtension {
        case "jpg": _ = directory.write(name, JPEGCodec.encodeCMYK(frame))
        case "webp" where name.hasPrefix("sticker"):
            let later = CodeFixtures.qrScene("a later frame", width: 320, height: 240, moduleSize: 4, noise: 2)
            _ = directory.write(name, WebPCodec.encodeAnimation([frame, later], lossless: false))
        case "webp": _ = directory.write(name, WebPCodec.encode(frame))
        case "gif": _ = directory.write(name, GIFCodec.encode(frame))
        case "bmp": _ = directory.write(name, BMPCodec.encode(frame))
        default: #expect(TIFFCodec.write(frame, to: path))
        }
        let run = try QRTUIProcess.run(["--no-preview", path])
        #expect(run.status == 0)
        #expect(run.stdoutText == payload + "\n")
        #expect(run.stderr.isEmpty)
    }

    @Test func doubleDashEndsTheOptions() throws {
        let path = directory.path + "/-dash.png"
        _ = png("-dash.png", CodeFixtures.qrScene("dashed", width: 320, height: 240, moduleSize: 4))
        let run = try QRTUIProcess.run(["--no-preview", "--", path])
        #expect(run.status == 0 && run.stdoutText == "dashed\n")
    }

    /// zbar's settings: everything off, then QR on; the EAN-13 beside the QR is not read.
    @Test func zbarSettingsChooseWhatIsRead() throws {
        let scene = EAN13.scene("400638133393", width: 900, height: 400)
            .drawing(QRMatrix(text: "the qr")!.render(moduleSize: 4), centreX: 780, centreY: 200)
        let path = png("both.png", scene)
        let qrOnly = try QRTUIProcess.run(["--no-preview", "-Sdisable", "-Sqrcode.enable", path])
        #expect(qrOnly.stdoutText == "the qr\n")
        let noEAN = try QRTUIProcess.run(["--no-preview", "--set", "ean13.disable", path])
        #expect(noEAN.stdoutText == "the qr\n")
        let both = try QRTUIProcess.run(["--no-preview", "-S", "qr", "-S", "ean13", "--format", "json", path])
        #expect(both.stdoutText.split(separator: "\n").count == 2)
    }

    /// `-S isbn13` alone reads an ISBN (zbar reads it as an EAN-13 starting 978) and nothing else.
    @Test func isbn13AloneReadsAnISBN() throws {
        let isbn = png("isbn.png", EAN13.scene("978030640615"))
        let run = try QRTUIProcess.run(["--no-preview", "-S", "isbn13", "--format", "json", isbn])
        #expect(run.status == 0)
        #expect(run.stdoutText.hasPrefix(#"{"type":"ISBN-13","text":"9780306406157""#))
        let plain = try QRTUIProcess.run(["--no-preview", "-S", "isbn13", png("ean.png", EAN13.scene("400638133393"))])
        #expect(plain.status == 4 && plain.stdout.isEmpty)
    }

    /// `-0`: a vCard's newlines stay inside its code; NUL ends it.
    @Test func nulKeepsAVCardWhole() throws {
        let vcard = "BEGIN:VCARD\nVERSION:3.0\nFN:Ada Lovelace\nTEL:+44 20 7946 0000\nEND:VCARD"
        let path = png("vcard.png", CodeFixtures.qrScene(vcard, width: 400, height: 400, moduleSize: 4))
        let run = try QRTUIProcess.run(["--no-preview", "-0", "-H", path, path])
        #expect(run.stdout == Array("\(path):\(vcard)\0\(path):\(vcard)\0".utf8))
        let single = try QRTUIProcess.run(["--no-preview", "--null", path])
        #expect(single.stdout == Array(vcard.utf8) + [0])
    }

    /// libv4l2's plugin complains on stderr when a camera cannot say what it is: held back,
    /// unless -v; qrtui's own message stays, once.
    @Test func librariesChatterOnlyWithVerbose() throws {
        let environment = [
            "LD_PRELOAD": FakeCamera.library, "QRTUI_FAKE_DEVICES": "/dev/video0:yuyv",
            "QRTUI_FAKE_FAIL": "querycap",
        ]
        let quiet = try QRTUIProcess.run(["--no-preview", "-d", "/dev/video0"], environment: environment)
        #expect(quiet.status == 1)
        let message =
            "qrtui: cannot open /dev/video0: Inappropriate ioctl for device (not a camera: read pictures with -i)"
        #expect(quiet.stderr == message + "\n")
        let verbose = try QRTUIProcess.run(["--no-preview", "-d", "/dev/video0", "-v"], environment: environment)
        #expect(verbose.stderrLines.contains("Failed to query video capabilities: Inappropriate ioctl for device"))
        #expect(verbose.stderrLines.filter { $0.hasPrefix("qrtui: ") } == [message])
    }

    @Test func verboseTellsHowEachCodeWasRead() throws {
        let run = try QRTUIProcess.run(["--no-preview", "-v", qr("told.png", "told")])
        #expect(run.stdoutText == "told\n")
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.hasPrefix("qrtui: QR-Code read in frame 0 by the "))
        #expect(run.stderr.contains(" pass (") && run.stderr.hasSuffix(" ms reading the frame)\n"))
    }

    @Test func xmlIsWellFormedAndNamesEachSource() throws {
        let a = qr("x1.png", "first <&> ]]> \u{1B}[2J")
        let b = qr("x2.png", "second")
        let run = try QRTUIProcess.run(["--no-preview", "--xml", a, b])
        #expect(run.status == 0)
        let reader = XMLTexts()
        let parser = XMLParser(data: Data(run.stdout))
        parser.delegate = reader
        #expect(parser.parse(), "not well-formed: \(run.stdoutText)")
        #expect(reader.sources == [a, b])
        #expect(reader.data.count == 2)
        // A payload with an escape goes as base64; the plain one as text.
        #expect(
            reader.data.first.flatMap { Data(base64Encoded: $0) }.map { String(decoding: $0, as: UTF8.self) }
                == "first <&> ]]> \u{1B}[2J")
        #expect(reader.data.last == "second")
        #expect(!run.stdout.contains(0x1B))
        let empty = try QRTUIProcess.run([
            "--no-preview", "--xml", png("none.png", Frame.filled(width: 32, height: 32, value: 9)),
        ])
        #expect(XMLParser(data: Data(empty.stdout)).parse() && empty.status == 4)
    }
}

/// The `href`s and `<data>` texts of zbar's XML.
final class XMLTexts: NSObject, XMLParserDelegate {
    var sources: [String] = []
    var data: [String] = []
    private var inData = false

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if name == "source", let href = attributes["href"] { sources.append(href) }
        if name == "data" {
            inData = true
            data.append("")
        }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "data" { inData = false }
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        if inData { data[data.count - 1] += String(decoding: block, as: UTF8.self) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inData { data[data.count - 1] += string }
    }
}
