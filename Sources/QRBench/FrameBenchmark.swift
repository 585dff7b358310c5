import CaptureKit
import CodeReading
import FrameCore
import CodeFixtures

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
            let png = PNGCodec.encode(withCode[0]), jpeg = JPEGCodec.encode(withCode[0])
            let y4m = directory.write("frame.y4m", Y4MSource.encode([withCode[0]]))
            rows.append([label, "decode PNG"] + timed { _ = try? ImageDecoder.decode(png, path: "b") })
            rows.append([label, "decode JPEG"] + timed { _ = try? ImageDecoder.decode(jpeg, path: "b") })
            rows.append([label, "read Y4M frame"] + timed { _ = try? Y4MSource(path: y4m).nextFrame() })
            for (name, symbologies) in [("QR only", Set([Symbology.qr])), ("all types", nil)] {
                for (what, frames) in [("code", withCode), ("no code", empty)] {
                    let live = LiveEconomy.cheapest(for: area)
                    rows.append([label, "scan area \(area.width)x\(area.height), \(name), \(what), full"]
                                + scanned(frames, in: area, symbologies: symbologies, economy: .full))
                    if live != .full {
                        rows.append([label, "scan area \(area.width)x\(area.height), \(name), \(what), \(live) (live plain pass)"]
                                    + scanned(frames, in: area, symbologies: symbologies, economy: live))
                    }
                    rows.append([label, "scan whole frame, \(name), \(what), full"]
                                + scanned(frames, in: nil, symbologies: symbologies, economy: .full))
                }
            }
        }
        return table(rows) + "\n\n" + strategyTable() + "\n\n" + passTable()
    }

    /// qrtui's live strategy (plain pass, extra passes in turn within the budget) on 720p
    /// frames with the default scan area: its cost with nothing to find, and how often the
    /// first pass reads a code that is there.
    func strategyTable() -> String {
        let scene = DemoSource(code: DemoCode.picture(), width: 1280, height: 720, paced: false)
        let area = PixelRect.centredSquare(fraction: 0.6, width: 1280, height: 720)
        let count = max(repetitions, 20)
        var rows = [["1280x720, scan area \(area.width)x\(area.height), live budget \(Int(ScanStrategy.liveBudget)) ms",
                     "median ms", "p95 ms", "read by the plain pass", "extra passes/frame"]]
        for (name, symbologies) in [("QR only", Set([Symbology.qr])), ("all types", nil)] {
            for withCode in [false, true] {
                var strategy = ScanStrategy(budget: ScanStrategy.liveBudget)
                let scanner = CodeScanner(symbologies: symbologies)
                var timings = Timings()
                var plain = 0, extras = 0
                for n in 0..<count {
                    let frame = scene.frame(at: Double(n) / 30, sequence: n, withCode: withCode)
                    let report = timings.measure { strategy.scan(frame, in: area, with: scanner) }
                    if report.pass == .plain || report.pass == .halved { plain += 1 }
                    extras += report.passesRun.count - 1
                }
                rows.append(["\(name), \(withCode ? "code present" : "nothing to find")", format(timings.median),
                             format(timings.percentile(95)), withCode ? "\(plain) of \(count)" : "-",
                             format(Double(extras) / Double(count))])
            }
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
        var rows = [["pass, 1280x720, scan area \(area.width)x\(area.height), nothing to find", "QR only ms", "x plain",
                     "all types ms", "x plain", "budget factor"]]
        var columns = [[ScanPass: Double]]()
        for symbologies in [Set([Symbology.qr]), nil] {
            let scanner = CodeScanner(symbologies: symbologies)
            var medians = [ScanPass: Double]()
            for pass in ScanPass.allCases {
                var timings = Timings()
                for crop in crops { _ = timings.measure { pass.views(of: crop).map { scanner.read($0.picture) } } }
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

    /// One scanner for the run, as qrtui uses it on a live stream.
    /// The plain pass alone, as cheap as `economy` makes it (crop included).
    private func scanned(_ frames: [Frame], in area: PixelRect?, symbologies: Set<Symbology>?,
                         economy: LiveEconomy) -> [String] {
        let scanner = CodeScanner(symbologies: symbologies, density: economy == .sparse ? 2 : 1)
        var timings = Timings()
        for frame in frames {
            _ = timings.measure {
                economy == .halved ? scanner.read(frame.cropped(to: area ?? frame.bounds).halved()).codes
                    : scanner.scan(frame, in: area)
            }
        }
        return summary(timings)
    }

    private func summary(_ timings: Timings) -> [String] {
        [format(timings.median), format(timings.percentile(95))]
    }
}
