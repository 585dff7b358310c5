import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import PictureFiles
import Testing

/// qrtui-bench runs; its figures are for people, so only its counting is checked here.
@Suite struct BenchmarkTests {
    @Test func corpusModeCountsDecodesMisreadsAndFalsePositives() throws {
        let corpus = TemporaryDirectory("corpus")
        try FileManager.default.createDirectory(atPath: corpus.path + "/qr-mini", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: corpus.path + "/falsepositives-mini", withIntermediateDirectories: true)
        corpus.write(
            "qr-mini/1.png", PNGCodec.encode(CodeFixtures.qrScene("first", width: 200, height: 200, moduleSize: 3)))
        corpus.write("qr-mini/1.txt", Array("first".utf8))
        corpus.write(
            "qr-mini/2.png", PNGCodec.encode(CodeFixtures.qrScene("second", width: 200, height: 200, moduleSize: 3)))
        corpus.write("qr-mini/2.txt", Array("not what the code says".utf8))
        corpus.write("qr-mini/3.png", PNGCodec.encode(Frame.filled(width: 50, height: 50, value: 90)))
        corpus.write("qr-mini/3.txt", Array("nothing to find".utf8))
        corpus.write("falsepositives-mini/a.png", PNGCodec.encode(Frame.filled(width: 64, height: 64, value: 30)))
        corpus.write(
            "falsepositives-mini/b.png",
            PNGCodec.encode(CodeFixtures.qrScene("oops", width: 200, height: 200, moduleSize: 3)))

        let run = try QRTUIProcess.run([corpus.path], executable: "qrtui-bench", prefix: ["--corpus"])
        #expect(run.status == 0)
        let rows = run.stdoutText.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(rows.contains { $0.starts(with: ["qr-mini", "1/3", "1", "-"]) }, "\(run.stdoutText)")
        #expect(rows.contains { $0.starts(with: ["falsepositives-mini", "-", "0", "1/2"]) })
        #expect(run.stdoutText.contains("decoded 1 of 3 (33.3%), 1 misread, 1 false positives"))
        // Then each picture read again by qrtui and by zbarimg, each started per picture.
        #expect(run.stdoutText.contains("5 pictures, each program started per picture: qrtui "), "\(run.stdoutText)")
    }

    /// The bench's command line is declared in a table and parsed as qrtui's is: help lists
    /// every option, mistakes exit 2 naming the option, and -S takes qrtui's own syntax.
    @Test func theCommandLineIsQrtuisKind() throws {
        let help = try QRTUIProcess.run(["--help"], executable: "qrtui-bench")
        #expect(help.status == 0)
        for name in [
            "--corpus DIR", "--explain FILE", "--verbose", "--memory[=SIDE]", "-S LIST", "--stress N",
            "--seed N", "--only TEXT", "--big-still-file F", "--deadlines N", "--soak MINUTES",
        ] {
            #expect(help.stdoutText.contains(name), "help lacks \(name)")
        }
        #expect(help.stdoutText.contains("(default 1)"))  // --seed's, from the settings' own default
        for (arguments, message) in [
            (["--frob"], "unknown option '--frob'"), (["--stress", "x"], "--stress needs a count"),
            (["--memory=0"], "--memory needs a side in pixels"), (["extra"], "unknown argument 'extra'"),
            (["-Sbeetle", "--corpus", "."], "unknown symbology 'beetle' in -S"),
            ([], "nothing to do"),
        ] {
            let run = try QRTUIProcess.run(arguments, executable: "qrtui-bench")
            #expect(run.status == 2 && run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
        let corpus = TemporaryDirectory("corpus")
        try FileManager.default.createDirectory(atPath: corpus.path + "/qr-mini", withIntermediateDirectories: true)
        corpus.write(
            "qr-mini/1.png", PNGCodec.encode(CodeFixtures.qrScene("first", width: 200, height: 200, moduleSize: 3)))
        corpus.write("qr-mini/1.txt", Array("first".utf8))
        for (setting, decoded) in [("-Sdisable,qrcode.enable", "1/1"), ("-Sqrcode.disable", "0/1"), ("-Sean13", "0/1")]
        {
            let run = try QRTUIProcess.run([setting, "--corpus", corpus.path], executable: "qrtui-bench")
            let row = run.stdoutText.split(separator: "\n").first { $0.hasPrefix("qr-mini") }.map(String.init) ?? ""
            #expect(row.split(separator: " ").dropFirst().first == Substring(decoded), "\(setting): \(row)")
        }
    }

    @Test func framesModeReportsEverySizeAndStage() throws {
        let run = try QRTUIProcess.run(["--frames", "--repetitions", "1"], deadline: 300, executable: "qrtui-bench")
        #expect(run.status == 0)
        for size in ["640x480", "1280x720", "1920x1080"] {
            #expect(run.stdoutText.contains("\(size)  "))
        }
        #expect(run.stdoutText.contains("scan area 432x432, QR only, code"))
        #expect(run.stdoutText.contains("decode JPEG"))
    }
}

/// `--live` plays clips in real time through the live path and compares with plain zbar.
@Suite struct LiveBenchmarkTests {
    @Test func liveModeReportsEachClipAndASummary() throws {
        let run = try QRTUIProcess.run(["--live", "--only", "QR v2 4px"], deadline: 120, executable: "qrtui-bench")
        #expect(run.status == 0)
        let row = try #require(run.stdoutText.split(separator: "\n").first { $0.hasPrefix("QR v2 4px 20°") })
        // Plain zbar reads this clip from one frame; qrtui reads it (how fast depends on the
        // machine: the figure is for people), and nothing wrong.
        let cells = row.split(separator: " ").suffix(4).map(String.init)
        #expect(cells[0] == "read" && Int(cells[1]) != nil && cells[2] == "0" && Double(cells[3]) != nil, "\(row)")
        #expect(
            run.stdoutText.contains("plain zbar or zxing-cpp reads 1 of 1 clips from one whole frame; qrtui announces"))
        #expect(run.stdoutText.contains("qrtui reads 1 of 1 in all"))
        #expect(run.stdoutText.contains("wrong: qrtui 0 announcements, plain zbar/zxing 0 frames"))
    }

    /// A Data Matrix clip: zxing-cpp reads it from one frame, and so does the live path.
    @Test func aDataMatrixClipIsReadLive() throws {
        let run = try QRTUIProcess.run(
            ["--live", "--only", "dataMatrix 3px"], deadline: 120, executable: "qrtui-bench")
        #expect(run.status == 0)
        let row = try #require(run.stdoutText.split(separator: "\n").first { $0.hasPrefix("dataMatrix 3px") })
        let cells = row.split(separator: " ").suffix(4).map(String.init)
        #expect(cells[0] == "read" && Int(cells[1]) != nil && cells[2] == "0", "\(row)")
    }
}
