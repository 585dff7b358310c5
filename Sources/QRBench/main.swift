import CaptureKit
import CodeReading
import FrameCore
import Glibc

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
"""

func fail(_ message: String) -> Never {
    let line = Array("qrtui-bench: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(2)
}

var arguments = CommandLine.arguments.dropFirst()
var corpus: String?
var frames = false
var render = false
var capture = false
var repetitions = 30
var symbologies: Set<Symbology>?
var passes = ScanStrategy.measuredOrder
var listCases = false
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
    case "-S":
        guard let list = arguments.popFirst(), let set = try? Symbology.parseList(list).get() else { fail("bad -S list") }
        symbologies = set
    case "--passes":
        let names = arguments.popFirst()?.split(separator: ",").map(String.init) ?? []
        let chosen = names.compactMap(ScanPass.init(rawValue:))
        guard chosen.count == names.count else { fail("--passes takes a list of \(ScanPass.allCases.map(\.rawValue))") }
        passes = chosen
    case "--list": listCases = true
    case "-h", "--help": print(usage); exit(0)
    default: fail("unknown argument '\(argument)'\n\(usage)")
    }
}
if corpus == nil && !frames && !render && !capture { fail("nothing to do\n\(usage)") }

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
}
if capture {
    print("\nCapture from the fake V4L2 camera through libv4l2, pacing off (\(repetitions * 10) frames each):\n")
    print(CaptureBenchmark(frames: repetitions * 10).run())
}
