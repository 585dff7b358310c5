import CodeFixtures
import Foundation
import FrameCore
import Glibc
import SystemCalls

/// `--live`'s swap rows: codes shown in turn at one place (a ticket gate, a parcel desk, a
/// video of labels), 1280x720 with fresh sensor noise in every frame, fed in real time at 30
/// fps into the real `qrtui -i - --no-preview --format json` (read as a camera is). Counted:
/// the frames from each code's appearance to its line, the codes never announced or announced
/// twice, and anything announced that was not shown.
struct SwapBenchmark {
    let directory = TemporaryDirectory("swap-bench")

    /// QR at 2 to 24 px a module, EAN-13 and Code 128, Data Matrix, a code filling the frame,
    /// with and without the empty scene between, at noise σ 0, 6 and 12.
    static var clips: [SwapClip] {
        var clips = [SwapClip]()
        func add(_ kind: SwapClip.Kind, _ size: Double, blank: Int = 0, filling: Bool = false) {
            for sigma in [0.0, 6, 12] {
                var clip = SwapClip(kind, moduleSize: size)
                (clip.width, clip.height, clip.sigma) = (1280, 720, sigma)
                (clip.framesEach, clip.blankBetween, clip.filling) = (45, blank, filling)
                clips.append(clip)
            }
        }
        for size in [2.0, 4, 8, 16, 24] { add(.qr, size) }
        add(.qr, 4, blank: 10)
        add(.qr, 8, filling: true)
        add(.ean13, 2)
        add(.ean13, 3, blank: 10)
        add(.code128, 2)
        add(.code128, 3, blank: 10)
        add(.dataMatrix, 4)
        add(.dataMatrix, 8, blank: 10)
        return clips
    }

    struct Outcome {
        let clip: SwapClip
        /// Frames from each code's appearance to its announcement (nil: never), counting the
        /// first frame as 1.
        let frames: [Int?]
        let repeated: Int
        let wrong: [String]
    }

    /// Writes every clip as a Y4M file into `folder` (to try qrtui on them by hand).
    static func writeClips(into folder: String) -> [String] {
        clips.map { clip in
            let name = clip.name.replacingOccurrences(of: " ", with: "-").replacingOccurrences(of: "σ", with: "s")
            let path = folder + "/swap-" + name + ".y4m"
            _ = FileManager.default.createFile(atPath: path, contents: Data(Y4MEncoder.encode(clip.frames())))
            return path
        }
    }

    func run(only: String?, progress: (String) -> Void) -> [Outcome] {
        Self.clips.filter { clip in only.map { clip.name.contains($0) } ?? true }.map { clip in
            let outcome = play(clip)
            progress(Self.row(outcome).joined(separator: "  "))
            return outcome
        }
    }

    /// The clip written into qrtui's stdin, each frame when due; its JSON lines read back.
    func play(_ clip: SwapClip) -> Outcome {
        let frames = clip.frames()
        let output = directory.path + "/out.jsonl"
        guard let ends = try? Syscall.pipe(),
            let pid = try? ChildProcess.spawn(
                CaptureBenchmark.productsDirectory + "/qrtui", ["-i", "-", "--no-preview", "--format", "json"],
                stdin: .descriptor(ends.read), stdout: .file(output))
        else { return Outcome(clip: clip, frames: [], repeated: 0, wrong: ["(qrtui did not start)"]) }
        Syscall.close(ends.read)
        let header = Array("YUV4MPEG2 W\(frames[0].width) H\(frames[0].height) F30:1 Ip A1:1 Cmono\n".utf8)
        var written = (try? Syscall.writeAll(ends.write, header)) != nil
        let start = MonotonicClock.now()
        for (index, frame) in frames.enumerated() where written {
            MonotonicClock.sleep(until: start + Double(index) / 30)
            written = (try? Syscall.writeAll(ends.write, Array("FRAME\n".utf8) + frame.packed.luma)) != nil
        }
        Syscall.close(ends.write)
        _ = ChildProcess.wait(pid, until: MonotonicClock.now() + 10)
        let lines = ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").split(separator: "\n")
        return Self.outcome(clip, lines: lines.compactMap(Self.announcement))
    }

    static func announcement(_ line: Substring) -> (text: String, frame: Int)? {
        guard let data = line.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let text = object["text"] as? String, let frame = object["frame"] as? Int
        else { return nil }
        return (text, frame)
    }

    static func outcome(_ clip: SwapClip, lines: [(text: String, frame: Int)]) -> Outcome {
        let payloads = clip.payloads
        let frames = zip(payloads, clip.appearances).map { payload, appeared in
            lines.first { $0.text == payload && $0.frame >= appeared }.map { $0.frame - appeared + 1 }
        }
        let repeated = payloads.reduce(0) { total, payload in
            total + max(0, lines.filter { $0.text == payload }.count - 1)
        }
        return Outcome(
            clip: clip, frames: frames, repeated: repeated, wrong: lines.map(\.text).filter { !payloads.contains($0) })
    }

    static func limit(_ clip: SwapClip) -> Int { clip.kind.isLinear ? 3 : 2 }

    static func row(_ outcome: Outcome) -> [String] {
        [
            outcome.clip.name, outcome.frames.map { $0.map(String.init) ?? "-" }.joined(separator: " "),
            "\(limit(outcome.clip))", "\(outcome.repeated)", "\(outcome.wrong.count)",
        ]
    }

    static func report(_ outcomes: [Outcome]) -> String {
        let rows = [["swap clip", "frames to each code", "limit", "again", "wrong"]] + outcomes.map(row)
        let codes = outcomes.reduce(0) { $0 + $1.frames.count }
        let inTime = outcomes.reduce(0) { total, outcome in
            total + outcome.frames.filter { ($0 ?? .max) <= limit(outcome.clip) }.count
        }
        let never = outcomes.reduce(0) { $0 + $1.frames.filter { $0 == nil }.count }
        let repeated = outcomes.reduce(0) { $0 + $1.repeated }
        let wrong = outcomes.reduce(0) { $0 + $1.wrong.count }
        return table(rows)
            + "\n\nswaps: \(inTime) of \(codes) codes announced in time, \(codes - inTime - never) late, \(never) never; "
            + "\(repeated) announced twice, \(wrong) wrong"
    }
}
