import CaptureKit
import CodeReading
import FrameCore
import Glibc
import SystemCalls

/// Progress lines, on stderr (the tables go to stdout).
func toStderr(_ line: String) {
    _ = Array((line + "\n").utf8).withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
}

func fail(_ message: String) -> Never {
    let line = Array("qrtui-bench: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(2)
}

// The same memory settings as qrtui (see ScanTUI's main), so in-process figures are qrtui's.
MallocTuning.settle()
// A qrtui fed a stream may end before its feeder does: a write is then an error, not the end.
signal(SIGPIPE, SIG_IGN)
let settings: BenchSettings
do {
    switch try BenchOptions.parse(Array(CommandLine.arguments.dropFirst())) {
    case .command:
        print(BenchOptions.usage)
        exit(0)
    case .run(let parsed): settings = parsed
    }
} catch {
    fail("\(error.message) (qrtui-bench --help lists the options)")
}
guard settings.measuresSomething else { fail("nothing to do\n\(BenchOptions.usage)") }
let repetitions = settings.repetitions ?? 30

if let path = settings.explain {
    // What every pass reads in one picture, with zbar's quality: for studying misses.
    guard let picture = try? InputOpener.picture(path: path) else { fail("--explain needs a picture, not '\(path)'") }
    let scanner = ZbarEngine()
    for pass in [ScanPass.plain] + ThoroughScan.measuredOrder {
        for turn in [nil, -4, -3, -2, -1, -0.5, 0.5, 1, 2.0, 3, 4] as [Double?] {
            let found = pass.look(at: picture, from: PixelPoint(x: 0, y: 0), turn: turn, with: scanner).codes
            print(
                pass.rawValue + (turn.map { " turned \($0)" } ?? "") + ": "
                    + found.map {
                        "\($0.text.debugDescription) q\($0.quality) \($0.corners.boundingRect.map { "\($0)" } ?? "")"
                    }
                    .joined(separator: ", "))
        }
    }
    let reading = CodeReader().read(picture, kind: .still)
    print(
        "accepted: \(reading.codes.map(\.text)), withheld \(reading.withheld), passes \(reading.passesRun.map(\.rawValue))"
    )
    exit(0)
}
if let folder = settings.costClips {
    print(CostBenchmark.writeClips(into: folder).joined(separator: "\n"))
    exit(0)
}
if let folder = settings.bombsInto {
    print(BombBenchmark.write(scale: settings.bombScale ?? 1, into: folder).joined(separator: "\n"))
    exit(0)
}
if let folder = settings.scenesInto {
    do {
        let root = settings.livePhotos ?? ""
        print(try LivePhotosBenchmark(root: root, only: settings.only, listCases: false).writeScenes(into: folder))
    } catch {
        print("cannot read \(settings.livePhotos ?? "(no --live-photos)"): \(error)")
    }
    exit(0)
}
if let folder = settings.swapClips {
    print(SwapBenchmark.writeClips(into: folder).joined(separator: "\n"))
    exit(0)
}
if settings.capture { CaptureBenchmark.ensureFakeCamera() }
if let corpus = settings.corpus {
    do {
        let results = try CorpusBenchmark(
            root: corpus, symbologies: settings.scanning.reading.symbologies,
            passes: settings.passes, listCases: settings.listCases
        ).run()
        print("Corpus \(corpus): decoded = expected payload among the codes read, misread = an image")
        print("that gave a wrong payload, false pos. = any code in a falsepositives folder; ms = scan only.\n")
        print(CorpusBenchmark.report(results))
        print("\nThe same pictures, read by the programs themselves:")
        print(CorpusTimes(root: corpus).run())
    } catch {
        fail("\(error)")
    }
}
if settings.frames {
    if settings.corpus != nil { print() }
    print("Per-frame cost (generated demo scenes, \(repetitions) frames each):\n")
    print(FrameBenchmark(repetitions: repetitions).run())
}
if settings.render {
    print("\nRendering a noisy static 1280x720 scene into 160x48 cells (\(repetitions) frames per glyph set):\n")
    print(RenderBenchmark(repetitions: repetitions).run(progress: toStderr))
    print("\nFidelity: the demo scene in 160x48 cells drawn back to pixels, SSIM against the scene (1 = a copy):\n")
    print(FidelityBenchmark().run())
    print(
        "\nA QR code in a 1280x720 frame on a 120x40 screen, against chafa --symbols ascii -c 256 on the same pixels "
            + "and cells (SSIM of the cells drawn back; code: its region, screen: all of it):\n")
    print(ChafaComparison().run())
}
if settings.capture {
    print("\nCapture from the fake V4L2 camera through libv4l2, pacing off (\(repetitions * 10) frames each):\n")
    print(CaptureBenchmark(frames: repetitions * 10).run())
}
if settings.live {
    let clips = LiveClip.all.filter { settings.only.map($0.name.contains) ?? true }
    print(
        "\nLive clips, 1280x720 at 30 fps, default scan area \(LiveClip.area.width)x\(LiveClip.area.height), "
            + "code shown from frame \(LiveClip.lead) for \(LiveClip.shown) frames:\n")
    let outcomes = LiveBenchmark(
        clips: clips, policy: ReadingPolicy(effort: settings.effort),
        verbose: settings.verbose
    ).run(progress: toStderr)
    print(LiveBenchmark.report(outcomes))
}
if settings.live || settings.swap {
    print("\nSwaps: codes in turn at one place, 1280x720 at 30 fps, fresh noise, fed in real time to qrtui -i -:\n")
    print(SwapBenchmark.report(SwapBenchmark().run(only: settings.only, progress: toStderr)))
}
if let costSeconds = settings.costSeconds {
    print(
        "\nqrtui's CPU on the fake camera (1280x720 GREY and MJPEG at 30 fps, fresh normal noise of σ), and the bytes "
            + "a 160x48 pseudoterminal receives a frame, over \(Int(costSeconds)) s after "
            + "\(Int(CostBenchmark.warmUp)) s of warm-up:\n")
    print(CostBenchmark(seconds: costSeconds).run(progress: toStderr))
}
if let pictureSeconds = settings.pictureSeconds {
    let bench = PictureBenchmark(seconds: pictureSeconds)
    print(bench.heading + bench.run(progress: toStderr))
}
if let latencySeconds = settings.latencySeconds {
    print(
        "\nLatency on the fake camera (1280x720 at 30 fps, a code a second in view, a second away), qrtui on a "
            + "160x48 pseudoterminal or headless, over \(Int(latencySeconds)) s a run after \(Int(LatencyBenchmark.warmUp)) s:\n"
    )
    print(LatencyBenchmark(seconds: latencySeconds).run(progress: toStderr))
}
if let stressCount = settings.stressCount {
    print(
        "\nStress: \(stressCount) random pictures per symbology (\(StressCase.width)x\(StressCase.height), seed \(settings.seed)); "
            + "decoded = the payload read, misread = a picture that gave a wrong payload:\n")
    let kinds =
        settings.only?.split(separator: ",").compactMap { name in StressCase.Kind.allCases.first { $0.rawValue == name }
        } ?? []
    print(
        StressBenchmark(
            count: stressCount, seed: settings.seed, dump: settings.stressDump, only: kinds,
            picks: settings.picks, saveInto: settings.stressSave, eachInto: settings.stressEach
        ).run())
}
if let deadlineRuns = settings.deadlineRuns {
    print(
        "\nDeadlines: qrtui --no-preview --timeout T on inputs that would hold it longer; overshoot = "
            + "time to exit beyond T (\(deadlineRuns) runs each):\n")
    print(DeadlineBenchmark(runs: deadlineRuns).run())
}
if let qrPhotos = settings.qrPhotos {
    print("\nQR codes in real photos (\(qrPhotos)), scored by their corners:\n")
    do {
        print(try QRPhotosBenchmark(root: qrPhotos, listCases: settings.listCases).run(progress: toStderr))
    } catch {
        print("cannot read \(qrPhotos): \(error)")
    }
}
if let livePhotos = settings.livePhotos {
    print("\nQR photos read live (\(livePhotos)), 1280x720 with fresh noise σ 3, scored by their corners:\n")
    do {
        print(
            try LivePhotosBenchmark(root: livePhotos, only: settings.only, listCases: settings.listCases).run(
                progress: toStderr))
    } catch {
        print("cannot read \(livePhotos): \(error)")
    }
}
if let folder = settings.fusionInto {
    print(FusionBenchmark(wanted: settings.fusionClips ?? 4, seed: settings.seed).write(into: folder))
    exit(0)
}
if let clips = settings.fusionClips {
    print("\nFaint codes read from several frames (1280x720, 2-4 px a module, 16-50 greys of contrast, σ 10-30):\n")
    print(FusionBenchmark(wanted: clips, seed: settings.seed).run(progress: toStderr))
}
if let bombScale = settings.bombScale {
    print("\nBombs: pictures of a few kilobytes made to cost a reader dear (side \(format(bombScale, 2)) of full):\n")
    print(BombBenchmark(scale: bombScale).run(progress: toStderr))
}
if let memorySide = settings.memorySide {
    print("\nPeak memory of qrtui --no-preview reading a \(memorySide)x\(memorySide) picture, by format:\n")
    print(MemoryBenchmark(side: memorySide).run(progress: toStderr))
}
if settings.bigStill {
    print("\nA still of 12 megapixels without a code: wall time from start to exit\n")
    print(BigStillBenchmark(runs: settings.repetitions ?? 5, file: settings.bigStillFile).run())
}
if let soakMinutes = settings.soakMinutes {
    print(
        "\nSoak: \(format(soakMinutes, 1)) minutes of the live path on the fake camera (a code drifting over noise, "
            + "1280x720 at 30 fps), unplugged about \(Int(SoakBenchmark.cycles)) times:\n")
    print(SoakBenchmark(minutes: soakMinutes).run(progress: toStderr))
}

// Reads of the live path may still be at work on their own threads (a whole scan given up):
// ending without the libraries' static destructors keeps them from crashing in zxing-cpp.
ProcessEnd.now(0)
