import CodeFixtures
import Foundation
import FrameCore
import PictureFiles
import SystemCalls

/// `--fusion N`: faint, small QR codes in a dim 720p scene under heavy noise (`FaintClip`), half
/// held still and half shaking by up to 2 px, each kept only where neither qrtui's still path
/// nor zxing-cpp 3.1.1 reads any of its first 10 frames alone and the mean of its first 16
/// (the shake taken out) reads. Each is read by the real qrtui as a Y4M file and from the fake
/// camera in MJPEG at 30 fps: read within 30 frames, the frame of the first read, and wrong
/// reads. Then clips whose code is swapped for another half-way: each code read, or none,
/// never a third.
struct FusionBenchmark {
    /// Clips of each kind kept (still, shaking), and swapped ones; drawn from `seed` on.
    let wanted: Int
    let seed: UInt64
    let directory = TemporaryDirectory("fusion")
    /// A clip is kept where none of its first `alone` frames reads alone, and the mean of its
    /// first `meanOf` (the shake taken out) reads.
    static let alone = 10
    static let meanOf = 16
    /// A code is read in time within this many frames (1 s at 30 fps).
    static let inTime = 30
    /// Most shift of a shaking clip's code, in pixels.
    static let shake = 2.0

    enum Way: String, CaseIterable {
        case file = "Y4M file"
        case mjpeg = "MJPEG camera"
    }

    struct Tally {
        var clips = 0, read = 0, wrong = 0
        var frames: [Int] = []
    }

    func run(progress: (String) -> Void) -> String {
        guard let zxing = ZxingCppReader.find() else { return "--fusion needs zxing-cpp 3.1.1 (make bench-deps)" }
        var rows = [["clips", "kept", "way", "read in 30 frames", "first read (median, most)", "wrong"]]
        var tried = 0
        for shaking in [false, true] {
            var kept = [FaintClip]()
            var index = seed
            while kept.count < wanted, tried < 20 * wanted {
                let clip = FaintClip(seed: index, shake: shaking ? Self.shake : 0)
                index += 1
                tried += 1
                if qualifies(clip, zxing: zxing) { kept.append(clip) }
            }
            progress("fusion: \(kept.count) \(shaking ? "shaking" : "still") clips kept of \(index - seed)")
            for way in Way.allCases {
                var tally = Tally()
                for clip in kept { tally = adding(read(clip, way: way), of: clip, to: tally) }
                rows.append(row(shaking ? "shaking" : "still", Int(index - seed), way, tally))
            }
        }
        return table(rows) + "\n\n" + swaps(progress: progress)
    }

    /// Whether no single one of `clip`'s first frames reads, by qrtui's still path or zxing-cpp,
    /// and the mean of its first frames does.
    private func qualifies(_ clip: FaintClip, zxing: ZxingCppReader) -> Bool {
        let frames = clip.frames().prefix(Self.alone)
        let paths = frames.enumerated().map {
            directory.write("alone-\($0.offset).pgm", NetpbmCodec.encode($0.element))
        }
        guard reads(paths).isEmpty, zxing.read(paths).values.allSatisfy({ $0.codes.isEmpty }) else { return false }
        let mean = directory.write("mean.pgm", NetpbmCodec.encode(clip.alignedMean(of: Self.meanOf)))
        return reads([mean]).contains { $0.text == clip.payloads[0] }
            || zxing.read([mean]).values.contains { $0.codes.contains { $0.text == clip.payloads[0] } }
    }

    /// The codes qrtui's still path reads in `paths` (one run for all).
    private func reads(_ paths: [String]) -> [(text: String, frame: Int)] {
        Self.codes(inJSON: Self.run(qrtui, ["--no-preview", "--format", "json"] + paths))
    }

    /// What qrtui reads of `clip` played `way`.
    private func read(_ clip: FaintClip, way: Way) -> [(text: String, frame: Int)] {
        let path = directory.write("clip.y4m", Y4MEncoder.encode(clip.frames()))
        let json = ["--no-preview", "--format", "json"]
        switch way {
        case .file: return Self.codes(inJSON: Self.run(qrtui, json + ["-i", path]))
        case .mjpeg:
            let camera = [
                "LD_PRELOAD": CaptureBenchmark.productsDirectory + "/libFakeV4L2.so",
                "QRTUI_FAKE_DEVICES": "/dev/video0:mjpeg", "QRTUI_FAKE_HIDE_REAL": "1", "QRTUI_FAKE_CLIP": path,
                "QRTUI_FAKE_NOISE": "0",
            ]
            let arguments = json + ["-d", "/dev/video0", "--size", "\(clip.width)x\(clip.height)", "--timeout", "3"]
            return Self.codes(inJSON: Self.run(qrtui, arguments, environment: camera))
        }
    }

    private func adding(_ reads: [(text: String, frame: Int)], of clip: FaintClip, to tally: Tally) -> Tally {
        var tally = tally
        tally.clips += 1
        let right = reads.filter { $0.text == clip.payloads[0] && $0.frame < Self.inTime }.map(\.frame)
        if let first = right.min() {
            tally.read += 1
            tally.frames.append(first)
        }
        tally.wrong += reads.count { !clip.payloads.contains($0.text) } > 0 ? 1 : 0
        return tally
    }

    private func row(_ kind: String, _ tried: Int, _ way: Way, _ tally: Tally) -> [String] {
        let frames = tally.frames.sorted()
        let share = tally.clips == 0 ? 0 : 100 * tally.read / tally.clips
        return [
            "\(kind), \(tried) made", "\(tally.clips)", way.rawValue, "\(tally.read) (\(share)%)",
            frames.isEmpty ? "-" : "\(frames[frames.count / 2]), \(frames.last ?? 0)", "\(tally.wrong)",
        ]
    }

    /// Clips whose code is swapped for another at frame 20 of 45: reads of each, and any third.
    private func swaps(progress: (String) -> Void) -> String {
        var (first, second, third, clips) = (0, 0, 0, 0)
        for index in 0..<UInt64(wanted) {
            let clip = FaintClip(
                seed: seed + 1000 + index, shake: index % 2 == 0 ? 0 : Self.shake, swapAt: 20, frames: 45)
            for way in Way.allCases {
                let reads = read(clip, way: way)
                clips += 1
                first += reads.contains { $0.text == clip.payloads[0] } ? 1 : 0
                second += reads.contains { $0.text == clip.payloads[1] } ? 1 : 0
                third += reads.contains { !clip.payloads.contains($0.text) } ? 1 : 0
            }
        }
        progress("fusion: swaps done")
        return "Swapped half-way (\(clips) runs, file and MJPEG camera): first code read in \(first), second in "
            + "\(second), a third payload in \(third)."
    }

    /// Writes the clips `run` would try (before it keeps some) into `folder`: NAME.y4m, and
    /// NAME-first.pgm and NAME-mean.pgm (its first frame, the mean of its first 16).
    func write(into folder: String) -> String {
        var lines = [String]()
        for index in 0..<UInt64(2 * wanted) {
            let clip = FaintClip(seed: seed + index / 2, shake: index % 2 == 0 ? 0 : Self.shake)
            let name = "\(folder)/faint-\(clip.seed)-\(index % 2 == 0 ? "still" : "shaking")"
            let frames = clip.frames()
            _ = FileManager.default.createFile(atPath: name + ".y4m", contents: Data(Y4MEncoder.encode(frames)))
            _ = FileManager.default.createFile(
                atPath: name + "-first.pgm", contents: Data(NetpbmCodec.encode(frames[0])))
            let mean = NetpbmCodec.encode(clip.alignedMean(of: Self.meanOf))
            _ = FileManager.default.createFile(atPath: name + "-mean.pgm", contents: Data(mean))
            lines.append("\(name): \(clip.name), says \(clip.payloads[0])")
        }
        return lines.joined(separator: "\n")
    }

    private var qrtui: String { CaptureBenchmark.productsDirectory + "/qrtui" }

    static func codes(inJSON output: [UInt8]) -> [(text: String, frame: Int)] {
        output.split(separator: 0x0A).compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                let text = object["text"] as? String
            else { return nil }
            return (text, object["frame"] as? Int ?? 0)
        }
    }

    static func run(_ program: String, _ arguments: [String], environment: [String: String] = [:]) -> [UInt8] {
        ProgramRun.output(program, arguments, environment: environment, seconds: 120)
    }
}
