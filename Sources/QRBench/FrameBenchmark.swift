import CaptureKit
import CodeFixtures
import CodeReading
import FrameCore
import PictureFiles
import PictureOps

/// Per-stage cost of one frame at common camera sizes, on generated scenes: decoding the
/// picture (PNG, JPEG, Y4M), scanning the default scan area, scanning the whole frame.
struct FrameBenchmark {
    let repetitions: Int
    static let sizes = [(640, 480), (1280, 720), (1920, 1080)]
    let directory = TemporaryDirectory("bench")

    func run() -> String {
        var rows = [["size", "stage", "median ms", "p95 ms"]]
        for (width, height) in Self.sizes {
            let scene = DemoSource(code: DemoCode.picture(), width: width, height: height, paced: false)
            let withCode = (0..<repetitions).map { scene.frame(at: Double($0) / 30, sequence: $0) }
            let empty = (0..<repetitions).map { scene.frame(at: Double($0) / 30, sequence: $0, withCode: false) }
            let label = "\(width)x\(height)"
            let area = PixelRect.centredSquare(fraction: 0.6, width: width, height: height)
            let png = PNGCodec.encode(withCode[0])
            let jpeg = JPEGCodec.encode(withCode[0])
            let y4m = directory.write("frame.y4m", Y4MEncoder.encode([withCode[0]]))
            rows.append([label, "decode PNG"] + timed { _ = try? PictureDecoder.decode(png, path: "b") })
            rows.append([label, "decode JPEG"] + timed { _ = try? PictureDecoder.decode(jpeg, path: "b") })
            rows.append([label, "read Y4M frame"] + timed { _ = try? Y4MSource(path: y4m).nextFrame() })
            rows.append(
                [label, "block statistics of the scan area (change, candidates)"]
                    + timed { _ = withCode[0].blockStatistics(in: area, blockSize: 16, rowStep: 4) })
            for (name, symbologies) in [("QR only", Set([Symbology.qr])), ("all types", nil)] {
                for (what, frames) in [("code", withCode), ("no code", empty)] {
                    rows.append(
                        [label, "scan area \(area.width)x\(area.height), \(name), \(what), full"]
                            + scanned(frames, in: area, symbologies: symbologies, halved: false))
                    rows.append(
                        [label, "scan area \(area.width)x\(area.height), \(name), \(what), halved"]
                            + scanned(frames, in: area, symbologies: symbologies, halved: true))
                    rows.append(
                        [label, "scan whole frame, \(name), \(what), full"]
                            + scanned(frames, in: nil, symbologies: symbologies, halved: false))
                }
            }
        }
        return table(rows) + "\n\n" + liveTable() + "\n\n" + passTable()
    }

    /// The live reading (`CodeReader` at the default effort, work counted as with files) on
    /// 720p demo scenes with sensor noise: nothing to find, the code still, the code drifting.
    func liveTable() -> String {
        let scene = DemoSource(code: DemoCode.picture(), width: 1280, height: 720, paced: false)
        let area = PixelRect.centredSquare(fraction: 0.6, width: 1280, height: 720)
        let count = max(repetitions, 60)
        var rows = [
            [
                "1280x720 at 30 fps, scan area \(area.width)x\(area.height), effort normal", "median ms",
                "p95 ms", "mean ms", "frames with a look", "frames reading the code",
            ]
        ]
        for (name, still, withCode) in [
            ("nothing to find", true, false), ("a code, still", true, true),
            ("a code drifting", false, true),
        ] {
            let reader = CodeReader(policy: ReadingPolicy())
            var timings = Timings()
            var looked = 0
            var read = 0
            for n in 0..<count {
                let time = still ? 0 : Double(n) / 30
                let frame = scene.frame(at: time, sequence: n, withCode: withCode).renumbered(
                    sequence: n, timestamp: Double(n) / 30)
                let reading = timings.measure { reader.read(frame, in: area, kind: .live, realTime: false) }
                if !reading.passesRun.isEmpty { looked += 1 }
                if !(reading.codes + reading.held).isEmpty { read += 1 }
            }
            rows.append([
                name, format(timings.median), format(timings.percentile(95)),
                format(timings.total / Double(count)), "\(looked) of \(count)", withCode ? "\(read) of \(count)" : "-",
            ])
        }
        return table(rows)
    }

    /// What each pass costs on 720p frames with nothing to find (default area, all types),
    /// against the plain pass: the measurement behind `ScanPass.costFactor`.
    func passTable() -> String {
        let scene = DemoSource(code: DemoCode.picture(), width: 1280, height: 720, paced: false)
        let area = PixelRect.centredSquare(fraction: 0.6, width: 1280, height: 720)
        let crops = (0..<max(repetitions, 10)).map {
            scene.frame(at: Double($0) / 30, sequence: $0, withCode: false).cropped(to: area)
        }
        var rows = [
            [
                "pass, 1280x720, scan area \(area.width)x\(area.height), nothing to find", "QR only ms", "x plain",
                "all types ms", "x plain", "budget factor",
            ]
        ]
        var columns = [[ScanPass: Double]]()
        for symbologies in [Set([Symbology.qr]), nil] {
            let scanner = ZbarEngine(symbologies: symbologies)
            var medians = [ScanPass: Double]()
            for pass in ScanPass.allCases {
                var timings = Timings()
                for crop in crops { _ = timings.measure { pass.views(of: crop).map { scanner.decode($0.picture) } } }
                medians[pass] = timings.median
            }
            columns.append(medians)
        }
        for pass in ScanPass.allCases {
            let cells = columns.flatMap { medians in
                [format(medians[pass] ?? 0), format((medians[pass] ?? 0) / (medians[.plain] ?? 1))]
            }
            rows.append([pass.rawValue] + cells + [format(pass.costFactor)])
        }
        return table(rows)
    }

    private func timed(_ body: () -> Void) -> [String] {
        var timings = Timings()
        for _ in 0..<repetitions { timings.measure(body) }
        return summary(timings)
    }

    /// The plain pass alone on `area` (crop and halving included), one scanner for the run.
    private func scanned(_ frames: [Frame], in area: PixelRect?, symbologies: Set<Symbology>?, halved: Bool) -> [String]
    {
        let scanner = ZbarEngine(symbologies: symbologies)
        var timings = Timings()
        for frame in frames {
            _ = timings.measure {
                halved
                    ? scanner.decode(frame.cropped(to: area ?? frame.bounds).halved()).codes
                    : scanner.codes(in: frame, area: area)
            }
        }
        return summary(timings)
    }

    private func summary(_ timings: Timings) -> [String] {
        [format(timings.median), format(timings.percentile(95))]
    }
}
