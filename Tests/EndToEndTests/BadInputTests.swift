import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import PictureFiles
import Testing

/// Each bad input: one clear line on stderr, the documented status, no crash, no hang.
@Suite struct BadInputTests {
    let directory = TemporaryDirectory("bad")
    let frame = CodeFixtures.qrScene("cut short", width: 320, height: 240, moduleSize: 3)

    func expectOneLineFailure(
        _ arguments: [String], stdinPath: String? = nil, status: Int32,
        message: String
    ) throws {
        let run = try QRTUIProcess.run(arguments, stdinPath: stdinPath, deadline: 20)
        #expect(!run.timedOut, "qrtui hung")
        #expect(run.status == status)
        #expect(run.stdout.isEmpty)
        #expect(run.stderrLines == ["qrtui: " + message], "stderr was: \(run.stderr)")
    }

    /// A picture on which zxing-cpp 1.4's own assertion fails (Debian builds it with them on):
    /// that read ends as one that found nothing, where glibc would abort qrtui (exit 134). The
    /// picture is kept with the fuzz crashers (the stress bench's QR #328, seed 1).
    @Test func aPictureThatBreaksALibrarysAssertionIsNoCode() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/crashers/still/zxing-assertion-regression-line.png").path
        let run = try QRTUIProcess.run(["--no-preview", path], deadline: 60)
        #expect(!run.timedOut)
        #expect(run.status == 4, "\(run.stderr)")
        #expect(run.stderrLines == ["qrtui: no code found in \(path)"], "\(run.stderr)")
    }

    @Test func missingFile() throws {
        try expectOneLineFailure(
            ["-i", "/nonexistent/code.png", "--no-preview"], status: 1,
            message: "cannot open /nonexistent/code.png: No such file or directory")
    }

    @Test func unreadableFile() throws {
        let path = directory.write("secret.png", PNGCodec.encode(frame))
        chmod(directory.path, 0o755)
        chmod(path, 0o600)
        // Root reads anything: as root, run qrtui as nobody, to whom the file is closed.
        let asNobody = getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        let arguments = asNobody + [QRTUIProcess.executable, "-i", path, "--no-preview"]
        let scratch = TemporaryDirectoryForRun()
        chmod(scratch.path, 0o777)
        let result = Spawn.run(
            arguments[0], Array(arguments.dropFirst()), stdout: scratch.path + "/out",
            stderr: scratch.path + "/err", deadline: 20)
        #expect(result.status == 1 && !result.timedOut)
        let stderr = String(
            decoding: FileManager.default.contents(atPath: scratch.path + "/err") ?? Data(), as: UTF8.self)
        #expect(stderr == "qrtui: cannot open \(path): Permission denied (check the file's permissions)\n")
    }

    @Test func aDirectory() throws {
        try expectOneLineFailure(
            ["-i", directory.path, "--no-preview"], status: 1,
            message: "\(directory.path): is a directory, not an image or video file")
    }

    /// A picture cut in half is read as far as it decodes (`CutShortPictureTests`): the cut is
    /// said, and a code it cut through is not read.
    @Test(arguments: ["PNG", "JPEG"]) func aPictureCutInHalf(format: String) throws {
        let bytes = format == "PNG" ? PNGCodec.encode(frame) : JPEGCodec.encode(frame)
        let path = directory.write("cut.\(format)", Array(bytes.prefix(bytes.count / 2)))
        let run = try QRTUIProcess.run(["-i", path, "--no-preview"])
        #expect(run.status == 4 && !run.timedOut && run.stdout.isEmpty)
        #expect(run.stderrLines.count == 2)
        #expect(
            run.stderrLines.first?.hasPrefix("qrtui: \(path): cut short or damaged: the \(format) decodes to row")
                == true)
        #expect(run.stderrLines.last == "qrtui: no code found in \(path)")
    }

    @Test func truncatedY4M() throws {
        let bytes = Y4MEncoder.encode([frame, frame])
        let path = directory.write("cut.y4m", Array(bytes.dropLast(1000)))
        // The first, complete frame is read and printed; the cut one is an error.
        let run = try QRTUIProcess.run(["-i", path, "--no-preview"])
        #expect(run.status == 1 && !run.timedOut)
        #expect(run.stdoutText == "cut short\n")
        #expect(
            run.stderrLines == ["qrtui: \(path): truncated Y4M: frame 1 has \(320 * 240 - 1000) of \(320 * 240) bytes"])
    }

    @Test func hugeY4MHeader() throws {
        let path = directory.write("huge.y4m", Array("YUV4MPEG2 W100000 H100000 F30:1 C420jpeg\nFRAME\n".utf8))
        try expectOneLineFailure(
            ["-i", path, "--no-preview"], status: 1,
            message:
                "\(path): a picture of 100000x100000 (10000 megapixels) is over the limit of 100 megapixels and 65535 pixels a side (--max-pixels)"
        )
    }

    @Test func emptyStdin() throws {
        let path = directory.write("empty", [])
        try expectOneLineFailure(
            ["-i", "-", "--no-preview"], stdinPath: path, status: 1,
            message: "stdin: empty input (expected a PNG, JPEG, PGM/PPM, WebP, GIF, BMP, TIFF image or a Y4M stream)")
    }

    @Test func notAnImage() throws {
        let path = directory.write("notes.txt", Array("just some text\n".utf8))
        try expectOneLineFailure(
            ["-i", path, "--no-preview"], status: 1,
            message:
                "\(path): unsupported: not a PNG, JPEG, PGM/PPM, WebP, GIF, BMP, TIFF image or Y4M stream (by its first bytes)"
        )
    }

    @Test(arguments: [
        (["--frobnicate"], "unknown option '--frobnicate' (see qrtui --help)"),
        (
            ["--timeout", "soon"],
            "--timeout needs a number of seconds from 0.001 to 1000000, not 'soon' (see qrtui --help)"
        ),
        // Every number is checked for its range where it is parsed: none traps later.
        (
            ["--timeout", "1e19"],
            "--timeout needs a number of seconds from 0.001 to 1000000, not '1e19' (see qrtui --help)"
        ),
        (
            ["--timeout", "nan"],
            "--timeout needs a number of seconds from 0.001 to 1000000, not 'nan' (see qrtui --help)"
        ),
        (
            ["--exec-timeout", "1e300", "--exec", "true"],
            "--exec-timeout needs a number of seconds from 0.001 to 1000000, not '1e300' (see qrtui --help)"
        ),
        (
            ["--effort", "1e19ms"],
            "--effort must be fast, normal, thorough or milliseconds per frame (up to 1000), not '1e19ms' (see qrtui --help)"
        ),
        (["-j", "0"], "-j needs a number of files to read at once (1-256), not '0' (see qrtui --help)"),
        (["--fps", "1e19"], "--fps needs a whole number of frames per second (1-240), not '1e19' (see qrtui --help)"),
        (
            ["--max-pixels", "99999999999999999999M"],
            "--max-pixels needs a number of pixels (such as 25M), not '99999999999999999999M' (see qrtui --help)"
        ),
        (["--confirm", "1e19"], "--confirm needs a number of frames from 1 to 10, not '1e19' (see qrtui --help)"),
        (
            ["--size", "9999999999999999999999x2"],
            "--size needs WIDTHxHEIGHT, e.g. 1280x720, not '9999999999999999999999x2' (see qrtui --help)"
        ),
        (
            ["--format", "yaml"],
            "--format must be text, raw, json, xml, otpauth or zbar, not 'yaml' (see qrtui --help)"
        ),
        (
            ["-S", "qr,beetle"],
            "unknown symbology 'beetle' in -S (known: ean2,ean5,ean8,upce,isbn10,upca,ean13,isbn13,composite,i25,databar,databarexp,codabar,code39,pdf417,qr,sq,code93,code128,datamatrix,aztec,microqr,maxicode) (see qrtui --help)"
        ),
        (["--input"], "option --input needs a value (see qrtui --help)"),
        (
            ["--demo", "--input", "x.png"],
            "choose one source: --device, --input, --screen, --clipboard or --demo (see qrtui --help)"
        ),
        (["--loop", "-i", "-"], "--loop cannot repeat stdin: give a file (see qrtui --help)"),
        (
            ["--demo", "photo.png"],
            "choose one source: --device, --input, --screen, --clipboard or --demo (see qrtui --help)"
        ),
        (["--loop", "a.png", "b.png"], "--loop repeats one file, not several (see qrtui --help)"),
        (["-", "-i", "-"], "stdin (-) can be read once (see qrtui --help)"),
        (
            ["-Sx-density=two"],
            "-S x-density=two: a density is a number of lines from 0 (off) to 100 (see qrtui --help)"
        ),
        (
            ["-Sqr.enabled"],
            "-S qr.enabled: unknown setting 'enabled' (qrtui takes enable and disable) (see qrtui --help)"
        ),
        (["--color", "sometimes"], "--color must be auto, always or never, not 'sometimes' (see qrtui --help)"),
        (["--screen", "bogus"], "--screen takes nothing or 'select', not 'bogus' (see qrtui --help)"),
        (["--screen=bogus"], "--screen takes nothing or 'select', not 'bogus' (see qrtui --help)"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        try expectOneLineFailure(["--no-preview"] + arguments, status: 2, message: message)
    }
}
