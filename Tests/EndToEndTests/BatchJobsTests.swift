import CodeFixtures
import FrameCore
import PictureFiles
import PictureOps
import Testing

/// Several files read at once (`-j`): printed in the files' order, exactly as one at a time
/// prints them, whichever file is read first.
@Suite struct BatchJobsTests {
    let directory = TemporaryDirectory("batch-jobs")

    /// A picture slow to read (large and noisy) with `picture` in it.
    static func slow(_ picture: Frame) -> Frame {
        Frame.filled(width: 1600, height: 1200, value: 200).withNoise(amplitude: 30, seed: 5)
            .drawing(picture, centreX: 800, centreY: 600)
    }

    /// 40 files, every fourth slow to read and the 14th missing: four at a time print the
    /// same bytes, failures and exit status as one at a time, the codes in the files' order.
    @Test func fortyFilesReadFourAtOncePrintInTheFilesOrder() throws {
        var texts = [String]()
        let files = (0..<40).map { index in
            let text = "file \(index)"
            if index == 13 { return directory.path + "/missing.png" }
            texts.append(text)
            let small = CodeFixtures.qrScene(text, width: 320, height: 240, moduleSize: 4)
            return directory.write("f\(index).png", PNGCodec.encode(index % 4 == 0 ? Self.slow(small) : small))
        }
        let four = try QRTUIProcess.run(["--no-preview", "-j", "4", "-H", "--polygon"] + files)
        #expect(four.status == 1)
        #expect(four.stdoutText.split(separator: "\n").map { String($0.split(separator: ":").last ?? "") } == texts)
        #expect(four.stderr == "qrtui: cannot open \(directory.path)/missing.png: No such file or directory\n")
        let one = try QRTUIProcess.run(["--no-preview", "-j", "1", "-H", "--polygon"] + files)
        #expect(one.stdoutText == four.stdoutText && one.stderr == four.stderr && one.status == four.status)
    }

    /// A message whose first part lies in a file slow to read and the second in one read at
    /// once is printed with the second file, as one at a time prints it: parts join in the
    /// files' order, not as they are read.
    @Test func partsReadOutOfOrderJoinInTheFilesOrder() throws {
        let files = try ["ALPHA-1|", "ALPHA-2|"].enumerated().map { index, text in
            let grid = try #require(MatrixCode.grid(.dataMatrix, text, part: (index + 1, 2)))
            let scene = MatrixCode.scene(side: [grid])
            return directory.write("part-\(index).png", PNGCodec.encode(index == 0 ? Self.slow(scene) : scene))
        }
        for jobs in ["1", "2"] {
            let run = try QRTUIProcess.run(["--no-preview", "-H", "-j", jobs] + files)
            #expect(
                run.status == 0 && run.stdoutText == "\(files[1]):ALPHA-1|ALPHA-2|\n", "-j \(jobs): \(run.stdoutText)")
        }
    }
}
