import CaptureKit
import CodeReading
import FrameCore
import Glibc
import SystemCalls

/// qrtui-bench: figures, not assertions. See README.md, "Benchmark".
let usage = """
Usage: qrtui-bench [--corpus DIR] [--frames] [--render] [--capture] [--repetitions N] [-S LIST]
                   [--passes LIST] [--list]
  --corpus DIR      decode every NAME.png under DIR's folders, compare with NAME.txt
  --frames          per-stage cost per frame at 640x480, 1280x720, 1920x1080
  --render          render cost (1280x720 into 160x48 cells) and terminal bytes per frame
  --capture         capture frames/s and CPU per frame from the fake camera, pacing off
  --repetitions N   frames per measurement (default 30; --capture reads 10x as many)
  -S LIST           symbologies for --corpus (default: all)
  --passes LIST     extra passes for --corpus, in order (default: the measured order)
  --list            --corpus: name each case not decoded or misread
  --cost SECONDS    qrtui's CPU on the fake camera at 30 fps: still, followed, changing
  --stress N        N random pictures per symbology under random harm: still, live, plain zbar
  --seed N          --stress: another set of pictures (default 1)
  --stress-dump F   --stress: write every read of the still path to F (kind, index, right/wrong,
                    pass, zbar quality, box, length)
  --cost-clips DIR  write --cost's picture and clips into DIR (to try qrtui on them)
  --live            clips played in real time through the live path, against plain zbar
  --pick LIST       --stress: only these picture numbers (comma-separated), to look at them again
  --stress-save DIR --stress: write each picture into DIR as KIND-INDEX.pgm, its payload as KIND-INDEX.txt
  --stress-each F   --stress: write a line per picture to F: kind, number, read by the still path, the
                    live path, plain zbar (1 or 0), to compare commits picture by picture
  --only TEXT       --live: only the clips whose name contains TEXT; --stress: only these
                    symbologies (comma-separated: EAN-13,UPC-A,EAN-8,UPC-E,Code 128,Code 39,ITF,QR)
  --effort E        --live: the reading effort (default: normal)
  --soak MINUTES    the live path on the fake camera (screen and headless) with ~100 unplugs:
                    memory, descriptors and mappings after a minute and at the end
  --deadlines N     how long after --timeout qrtui ends on inputs that would hold it (N runs each)
  --big-still       a 4000x3000 photo without a code: qrtui's time beside zbarimg's (median of
                    --repetitions runs, default 5 here); --big-still-file F times F instead
  --memory [SIDE]   qrtui's peak memory reading a SIDE x SIDE picture (default 10000) in each format
  --explain FILE    what every pass reads in one picture, turned and not, and what is accepted
  --verbose         --live: a line per frame on stderr (passes, reads, held codes)
"""

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
var arguments = CommandLine.arguments.dropFirst()
var corpus: String?
var frames = false
var render = false
var capture = false
var repetitions = 30
var symbologies: Set<Symbology>?
var passes = ThoroughScan.measuredOrder
var listCases = false
var live = false
var only: String?
var effort: ScanEffort?
var verbose = false
var costSeconds: Double?
var stressCount: Int?
var seed: UInt64 = 1
var stressDump: String?
var picks: [Int] = []
var stressSave: String?
var stressEach: String?
var deadlineRuns: Int?
var soakMinutes: Double?
var bigStill = false
var memorySide: Int?
var bigStillFile: String?
var repetitionsGiven = false
while let argument = arguments.popFirst() {
    switch argument {
    case "--corpus":
        guard let folder = arguments.popFirst() else { fail("--corpus needs a folder") }
        corpus = folder
    case "--frames": frames = true
    case "--render": render = true
    case "--capture": capture = true
    case "--repetitions":
        guard let n = arguments.popFirst().flatMap({ Int($0) }), n > 0 else { fail("--repetitions needs a count") }
        repetitions = n
        repetitionsGiven = true
    case "--big-still": bigStill = true
    case "--memory":
        memorySide = 10_000
        if let next = arguments.first, let side = Int(next) { (memorySide, _) = (side, arguments.popFirst()) }
    case "--big-still-file":
        guard let path = arguments.popFirst() else { fail("--big-still-file needs a picture") }
        (bigStill, bigStillFile) = (true, path)
    case "-S":
        guard let list = arguments.popFirst(), let set = try? Symbology.parseList(list).get() else { fail("bad -S list") }
        symbologies = set
    case "--passes":
        let names = arguments.popFirst()?.split(separator: ",").map(String.init) ?? []
        let chosen = names.compactMap(ScanPass.init(rawValue:))
        guard chosen.count == names.count else { fail("--passes takes a list of \(ScanPass.allCases.map(\.rawValue))") }
        passes = chosen
    case "--list": listCases = true
    case "--live": live = true
    case "--verbose": verbose = true
    case "--stress":
        guard let value = arguments.popFirst().flatMap(Int.init), value > 0 else { fail("--stress needs a count") }
        stressCount = value
    case "--soak":
        guard let value = arguments.popFirst().flatMap(Double.init), value > 0 else { fail("--soak needs minutes") }
        soakMinutes = value
    case "--deadlines":
        guard let value = arguments.popFirst().flatMap(Int.init), value > 0 else { fail("--deadlines needs a count of runs") }
        deadlineRuns = value
    case "--stress-dump":
        guard let path = arguments.popFirst() else { fail("--stress-dump needs a file") }
        stressDump = path
    case "--pick":
        guard let list = arguments.popFirst()?.split(separator: ",").map({ Int($0) }), !list.contains(nil) else {
            fail("--pick needs picture numbers, comma-separated")
        }
        picks = list.compactMap { $0 }
    case "--stress-each":
        guard let path = arguments.popFirst() else { fail("--stress-each needs a file") }
        stressEach = path
    case "--stress-save":
        guard let folder = arguments.popFirst() else { fail("--stress-save needs a folder") }
        stressSave = folder
    case "--seed":
        guard let value = arguments.popFirst().flatMap(UInt64.init) else { fail("--seed needs a number") }
        seed = value
    case "--explain":
        // What every pass reads in one picture, with zbar's quality: for studying misses.
        guard let path = arguments.popFirst(), let picture = try? InputOpener.picture(path: path) else { fail("--explain needs a picture") }
        let scanner = ZbarEngine()
        for pass in [ScanPass.plain] + ThoroughScan.measuredOrder {
            for turn in [nil, -4, -3, -2, -1, -0.5, 0.5, 1, 2.0, 3, 4] as [Double?] {
                let found = pass.look(at: picture, from: PixelPoint(x: 0, y: 0), turn: turn, with: scanner).codes
                print(pass.rawValue + (turn.map { " turned \($0)" } ?? "") + ": "
                      + found.map { "\($0.text.debugDescription) q\($0.quality) \($0.corners.boundingRect.map { "\($0)" } ?? "")" }
                        .joined(separator: ", "))
            }
        }
        let reading = CodeReader().read(picture, kind: .still)
        print("accepted: \(reading.codes.map(\.text)), withheld \(reading.withheld), passes \(reading.passesRun.map(\.rawValue))")
        exit(0)
    case "--cost-clips":
        guard let folder = arguments.popFirst() else { fail("--cost-clips needs a folder") }
        print(CostBenchmark.writeClips(into: folder).joined(separator: "\n"))
        exit(0)
    case "--cost":
        guard let value = arguments.popFirst().flatMap(Double.init), value > 0 else { fail("--cost needs seconds") }
        costSeconds = value
    case "--only":
        guard let text = arguments.popFirst() else { fail("--only needs some text") }
        only = text
    case "--effort":
        guard let text = arguments.popFirst(), let value = ScanEffort(text) else { fail("--effort needs fast, normal, thorough or ms") }
        effort = value
    case "-h", "--help": print(usage); exit(0)
    default: fail("unknown argument '\(argument)'\n\(usage)")
    }
}
if corpus == nil && !frames && !render && !capture && !live && costSeconds == nil && stressCount == nil
    && deadlineRuns == nil && soakMinutes == nil && !bigStill && memorySide == nil { fail("nothing to do\n\(usage)") }

if capture { CaptureBenchmark.ensureFakeCamera() }
if let corpus {
    do {
        let results = try CorpusBenchmark(root: corpus, symbologies: symbologies, passes: passes, listCases: listCases).run()
        print("Corpus \(corpus): decoded = expected payload among the codes read, misread = an image")
        print("that gave a wrong payload, false pos. = any code in a falsepositives folder; ms = scan only.\n")
        print(CorpusBenchmark.report(results))
    } catch {
        fail("\(error)")
    }
}
if frames {
    if corpus != nil { print() }
    print("Per-frame cost (generated demo scenes, \(repetitions) frames each):\n")
    print(FrameBenchmark(repetitions: repetitions).run())
}
if render {
    print("\nRendering a noisy static 1280x720 scene into 160x48 cells (\(repetitions) frames per glyph set):\n")
    print(RenderBenchmark(repetitions: repetitions).run())
    print("\nFidelity: the demo scene in 160x48 cells drawn back to pixels, SSIM against the scene (1 = a copy):\n")
    print(FidelityBenchmark().run())
    print("\nA QR code in a 1280x720 frame on a 120x40 screen, against chafa --symbols ascii -c 256 on the same pixels "
          + "and cells (SSIM of the cells drawn back; code: its region, screen: all of it):\n")
    print(ChafaComparison().run())
}
if capture {
    print("\nCapture from the fake V4L2 camera through libv4l2, pacing off (\(repetitions * 10) frames each):\n")
    print(CaptureBenchmark(frames: repetitions * 10).run())
}
if live {
    let clips = LiveClip.all.filter { only.map($0.name.contains) ?? true }
    print("\nLive clips, 1280x720 at 30 fps, default scan area \(LiveClip.area.width)x\(LiveClip.area.height), "
          + "code shown from frame \(LiveClip.lead) for \(LiveClip.shown) frames:\n")
    let outcomes = LiveBenchmark(clips: clips, policy: ReadingPolicy(effort: effort), verbose: verbose).run(progress: toStderr)
    print(LiveBenchmark.report(outcomes))
}
if let costSeconds {
    print("\nqrtui's CPU on the fake camera (1280x720 grey at 30 fps, noise +/-6), over \(Int(costSeconds)) s "
          + "after \(Int(CostBenchmark.warmUp)) s of warm-up:\n")
    print(CostBenchmark(seconds: costSeconds).run())
}
if let stressCount {
    print("\nStress: \(stressCount) random pictures per symbology (\(StressCase.width)x\(StressCase.height), seed \(seed)); "
          + "decoded = the payload read, misread = a picture that gave a wrong payload:\n")
    let kinds = only?.split(separator: ",").compactMap { name in StressCase.Kind.allCases.first { $0.rawValue == name } } ?? []
    print(StressBenchmark(count: stressCount, seed: seed, dump: stressDump, only: kinds, picks: picks, saveInto: stressSave,
                                eachInto: stressEach).run())
}
if let deadlineRuns {
    print("\nDeadlines: qrtui --no-preview --timeout T on inputs that would hold it longer; overshoot = "
          + "time to exit beyond T (\(deadlineRuns) runs each):\n")
    print(DeadlineBenchmark(runs: deadlineRuns).run())
}
if let memorySide {
    print("\nPeak memory of qrtui --no-preview reading a \(memorySide)x\(memorySide) picture, by format:\n")
    print(MemoryBenchmark(side: memorySide).run(progress: toStderr))
}
if bigStill {
    print("\nA still of 12 megapixels without a code: wall time from start to exit\n")
    print(BigStillBenchmark(runs: repetitionsGiven ? repetitions : 5, file: bigStillFile).run())
}
if let soakMinutes {
    print("\nSoak: \(format(soakMinutes, 1)) minutes of the live path on the fake camera (a code drifting over noise, "
          + "1280x720 at 30 fps), unplugged about \(Int(SoakBenchmark.cycles)) times:\n")
    print(SoakBenchmark(minutes: soakMinutes).run(progress: toStderr))
}
