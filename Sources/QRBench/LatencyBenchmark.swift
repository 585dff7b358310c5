import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import Glibc
import PictureFiles
import PictureOps
import SystemCalls

/// `--latency SECONDS`: how soon what the camera sees reaches the user. The fake camera, paced
/// at 30 fps and logging the time of every dequeue, shows a noisy scene at 1280x720 where codes
/// come and go (a second in view, a second away, eight different codes in turn); qrtui runs on
/// a 160x48 pseudoterminal of its own (no tmux in between) with its frame marks on, or
/// headless with JSON lines into a pipe. Measured: dequeue to picture, dequeue of the frame a
/// code appeared in to the status line (QR, EAN-13) or the JSON line (headless EAN-13), and
/// the frames decoded but never drawn (an MJPEG still scene leaves every other frame undecoded).
struct LatencyBenchmark {
    let seconds: Double
    let directory = TemporaryDirectory("latency-bench")
    static let warmUp = 3.0
    static let codes = 8
    /// Frames a code is in view, and away after it.
    static let shown = 30
    static let away = 30

    enum Code: String { case qr = "QR", ean13 = "EAN-13" }

    /// The pictures for QRTUI_FAKE_SEQUENCE: code, backdrop, next code, backdrop...
    func sequence(_ code: Code) -> String {
        let backdrop = Frame.plasma(width: 1280, height: 720, seed: 11)
        let blank = directory.write("blank.pgm", NetpbmCodec.encode(backdrop))
        return (0..<Self.codes).map { index in
            let picture: Frame
            switch code {
            case .qr:
                let grid = QRMatrix(text: "https://q.example/latency/\(index)")!.grid
                picture = backdrop.drawingModules(
                    grid, at: ModulePlacement(centreX: 640, centreY: 360, moduleSize: 5))
            case .ean13:
                let bars = EAN13.scene(String(400_638_133_390 + index), moduleWidth: 3, width: 400, height: 240)
                picture = backdrop.pasting(bars, x: 440, y: 240)
            }
            let path = directory.write("\(code.rawValue)-\(index).pgm", NetpbmCodec.encode(picture))
            return "\(path):\(Self.shown),\(blank):\(Self.away)"
        }.joined(separator: ",")
    }

    /// The frame a code appeared in, for a frame inside its stretch (nil: between codes).
    static func appearance(of frame: Int) -> Int? {
        let position = frame % (shown + away)
        return position < shown ? frame - position : nil
    }

    func environment(_ code: Code, camera: String, times: String) -> [String: String] {
        LiveProcess.fullEnvironment([
            "QRTUI_FAKE_DEVICES": "/dev/video0:\(camera)", "QRTUI_FAKE_SEQUENCE": sequence(code),
            "QRTUI_FAKE_NOISE": "4", "QRTUI_FAKE_FPS": "30", "QRTUI_FAKE_TIMES": times, "QRTUI_FAKE_MARKS": "1",
            "TERM": "xterm-256color",
        ])
    }

    /// qrtui on a pseudoterminal for `seconds` after the warm-up; what it drew, when. With an
    /// `answer` (`TerminalAnswers`), the terminal draws pixels and qrtui shows the picture in them;
    /// without, it answers as a terminal of characters.
    func onScreen(_ code: Code, camera: String, answer: [UInt8]? = nil) -> LatencyTrace {
        let times = directory.path + "/times-\(code.rawValue)-\(camera)"
        var trace = LatencyTrace()
        var asked = false
        let reply = answer ?? TerminalAnswers.characters
        guard let terminal = try? Pseudoterminal(columns: 160, rows: 48),
            let pid = try? ChildProcess.spawn(
                LiveProcess.qrtui[0],
                Array(LiveProcess.qrtui.dropFirst()) + (answer == nil ? [] : ["--preview", "picture"]),
                environment: environment(code, camera: camera, times: times), stdin: .file(terminal.slavePath),
                stdout: .file(terminal.slavePath), stderr: .file(terminal.slavePath), newSession: true)
        else { return trace }
        let end = MonotonicClock.now() + Self.warmUp + seconds
        var pending = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while MonotonicClock.now() < end {
            var descriptors = [pollfd(fd: terminal.master, events: Int16(POLLIN), revents: 0)]
            guard (try? Syscall.poll(&descriptors, milliseconds: 100)) ?? 0 > 0 else { continue }
            let count = read(terminal.master, &buffer, buffer.count)
            guard count > 0 else { break }
            trace.scan(Array(buffer.prefix(count)), at: MonotonicClock.now(), pending: &pending)
            asked = asked || TerminalAnswers.answer(buffer[..<count], with: reply, on: terminal.master)
        }
        kill(pid, SIGTERM)
        _ = ChildProcess.wait(pid, until: MonotonicClock.now() + 5)
        close(terminal.master)
        trace.readDequeues((try? String(contentsOfFile: times, encoding: .utf8)) ?? "")
        return trace
    }

    /// Headless with JSON lines into a pipe: milliseconds from each code's first frame to its line.
    func headless(_ code: Code, camera: String) -> [Double] {
        let times = directory.path + "/times-headless-\(code.rawValue)-\(camera)"
        guard let ends = try? Syscall.pipe(),
            let pid = try? ChildProcess.spawn(
                LiveProcess.qrtui[0], Array(LiveProcess.qrtui.dropFirst()) + ["--no-preview", "--format", "json"],
                environment: environment(code, camera: camera, times: times), stdout: .descriptor(ends.write))
        else { return [] }
        Syscall.close(ends.write)
        let start = MonotonicClock.now()
        var lines = [(time: Double, frame: Int)]()
        var text = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while MonotonicClock.now() < start + Self.warmUp + seconds {
            var descriptors = [pollfd(fd: ends.read, events: Int16(POLLIN), revents: 0)]
            guard (try? Syscall.poll(&descriptors, milliseconds: 100)) ?? 0 > 0 else { continue }
            let count = read(ends.read, &buffer, buffer.count)
            guard count > 0 else { break }
            let now = MonotonicClock.now()
            text += buffer.prefix(count)
            while let newline = text.firstIndex(of: 0x0A) {
                let line = String(decoding: text[..<newline], as: UTF8.self)
                text.removeSubrange(...newline)
                if let frame = Self.frameField(line) { lines.append((now, frame)) }
            }
        }
        kill(pid, SIGTERM)
        _ = ChildProcess.wait(pid, until: MonotonicClock.now() + 5)
        Syscall.close(ends.read)
        var trace = LatencyTrace()
        trace.readDequeues((try? String(contentsOfFile: times, encoding: .utf8)) ?? "")
        let from = (trace.dequeued.values.min() ?? 0) + Self.warmUp
        return lines.compactMap { line in
            guard let first = Self.appearance(of: line.frame), let dequeued = trace.dequeued[first], dequeued >= from
            else { return nil }
            return (line.time - dequeued) * 1000
        }
    }

    static func frameField(_ json: String) -> Int? {
        guard let range = json.range(of: "\"frame\":") else { return nil }
        return Int(json[range.upperBound...].prefix { $0.isNumber })
    }
}

extension LatencyBenchmark {
    /// Every measure, a row each, with its median, 90th percentile and target.
    func run(progress: (String) -> Void) -> String {
        var rows = [["measure", "camera", "samples", "median ms", "p90 ms", "target"]]
        func row(_ name: String, _ camera: String, _ values: [Double], _ target: String) {
            let sorted = values.sorted()
            func at(_ share: Double) -> String {
                sorted.isEmpty ? "-" : format(sorted[min(sorted.count - 1, Int(Double(sorted.count) * share))], 1)
            }
            rows.append([name, camera, "\(values.count)", at(0.5), at(0.9), target])
        }
        var notes = [String]()
        for camera in ["mjpeg", "grey"] {
            let name = camera == "mjpeg" ? "MJPEG" : "GREY"
            progress("latency: QR on screen, \(name)")
            let qr = onScreen(.qr, camera: camera)
            let from = (qr.dequeued.values.min() ?? 0) + Self.warmUp
            row("dequeue to picture", name, qr.pictureDelays(after: from), "p90 <= 6")
            row(
                "dequeue to QR on the status line", name, qr.statusDelays(after: from, appearance: Self.appearance),
                "median <= 12")
            let never = qr.framesNeverDrawn(after: from)
            notes.append(
                "\(name): of the \(never.decoded) frames decoded, \(never.decodedNever) were never drawn "
                    + "(\(format(100 * Double(never.decodedNever) / Double(max(1, never.decoded)), 2))%; "
                    + "target <= 0.5%); \(never.dequeuedThen - never.decoded) of the \(never.dequeuedThen) "
                    + "dequeued meanwhile were left undecoded (an MJPEG still scene: every other frame, by design)")
            progress("latency: EAN-13 on screen, \(name)")
            let ean = onScreen(.ean13, camera: camera)
            let eanFrom = (ean.dequeued.values.min() ?? 0) + Self.warmUp
            row(
                "EAN-13 on the status line", name, ean.statusDelays(after: eanFrom, appearance: Self.appearance),
                "median <= 20")
            progress("latency: EAN-13 headless, \(name)")
            row("headless EAN-13 JSON line", name, headless(.ean13, camera: camera), "p90 <= 80")
        }
        return table(rows) + "\n\n" + notes.joined(separator: "\n")
    }
}

extension Frame {
    /// `picture` laid over this frame with its top-left corner at (`x`, `y`).
    fileprivate func pasting(_ picture: Frame, x: Int, y: Int) -> Frame {
        var luma = packed.luma
        for row in 0..<picture.height where y + row >= 0 && y + row < height {
            for column in 0..<picture.width where x + column >= 0 && x + column < width {
                luma[(y + row) * width + x + column] = picture.luma[row * picture.stride + column]
            }
        }
        return Frame(width: width, height: height, luma: luma)
    }
}
