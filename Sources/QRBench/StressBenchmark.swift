import CaptureKit
import CodeFixtures
import CodeReading
import Dispatch
import FrameCore
import Glibc
import PictureFiles
import PictureOps
import ScanPipeline
import Synchronization

/// `--stress N`: N random pictures per symbology under random harm (scale, turn, shear and
/// perspective, blur, noise, JPEG, low contrast, uneven light), each read three ways: qrtui's
/// still path, qrtui's live path (the picture as a short noisy stream, 1D confirmation
/// included), and one plain zbar pass. The seed is fixed, so figures compare across commits.
struct StressBenchmark {
    let count: Int
    let seed: UInt64
    /// Every read, one line each, for choosing the precision rules' thresholds.
    var dump: String?
    /// The symbologies to stress (all when empty).
    var only: [StressCase.Kind] = []
    /// Only these picture numbers (all below `count` when empty): to look at one again.
    var picks: [Int] = []
    /// A folder to write each picture into (KIND-INDEX.pgm, its payload in KIND-INDEX.txt), to read it
    /// with qrtui or `--explain`.
    var saveInto: String?
    /// A file to write a line per picture into: kind, number, and whether the still path, the
    /// live path and plain zbar read it (1 or 0), to compare two commits picture by picture.
    var eachInto: String?

    struct Tally: Sendable {
        var decoded = 0, misread = 0, withheld = 0
        mutating func add(_ texts: [String], expected: String) {
            if texts.contains(expected) { decoded += 1 }
            if texts.contains(where: { $0 != expected }) { misread += 1 }
        }
    }

    struct Row: Sendable {
        var still = Tally(), live = Tally(), zbar = Tally()
        var wrong: [String] = []
        var each: [(index: Int, reads: String)] = []
    }

    func run() -> String {
        var lines = [
            [
                "symbology", "pictures", "still decoded", "misread", "live decoded", "misread",
                "plain zbar decoded", "misread",
            ]
        ]
        var notes = [String]()
        for kind in only.isEmpty ? StressCase.Kind.allCases : only {
            let row = measure(kind)
            lines.append([
                kind.rawValue, "\(picks.isEmpty ? count : picks.count)", "\(row.still.decoded)", "\(row.still.misread)",
                "\(row.live.decoded)",
                "\(row.live.misread)", "\(row.zbar.decoded)", "\(row.zbar.misread)",
            ])
            notes += row.wrong
            if let eachInto {
                let name = kind.rawValue.filter { $0 != " " }
                Self.append(
                    row.each.sorted { $0.index < $1.index }.map { "\(name) \($0.index) \($0.reads)" }, to: eachInto)
            }
        }
        return table(lines) + (notes.isEmpty ? "" : "\n\nqrtui's misreads:\n" + notes.joined(separator: "\n"))
    }

    /// Every picture of `kind`, shared out between two threads (one reader each).
    private func measure(_ kind: StressCase.Kind) -> Row {
        let total = Mutex(Row())
        let seed = self.seed
        let dump = self.dump
        let saveInto = self.saveInto
        let indices = picks.isEmpty ? Array(0..<count) : picks
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            var row = Row()
            for index in stride(from: worker, to: indices.count, by: 2).map({ indices[$0] }) {
                let stress = StressCase(kind, index: index, seed: seed)
                if let saveInto {
                    Self.save(stress, name: "\(saveInto)/\(kind.rawValue.filter { $0 != " " })-\(index)")
                }
                let stillReading = CodeReader().read(stress.picture, kind: .still)
                let still = stillReading.codes.map(\.text)
                if let dump {
                    let name = "\(kind.rawValue.filter { $0 != " " }) \(index)"
                    Self.append(Self.dumpLines(stillReading, of: stress, name: name), to: dump)
                }
                let live = Self.live(stress.picture)
                let zbar = ZbarEngine().decode(stress.picture).codes.map(\.text)
                row.still.add(still, expected: stress.expected)
                row.live.add(live, expected: stress.expected)
                row.zbar.add(zbar, expected: stress.expected)
                row.each.append(
                    (
                        index,
                        [still, live, zbar].map { $0.contains(stress.expected) ? "1" : "0" }.joined(separator: " ")
                    ))
                for (path, texts) in [("still", still), ("live", live)]
                where texts.contains(where: { $0 != stress.expected }) {
                    row.wrong.append(
                        "  \(kind.rawValue) #\(index) \(path): \(texts.filter { $0 != stress.expected }.map(\.debugDescription)) "
                            + "for \(stress.expected.debugDescription)")
                }
            }
            total.withLock { sum in
                for path in [\Row.still, \Row.live, \Row.zbar] {
                    sum[keyPath: path].decoded += row[keyPath: path].decoded
                    sum[keyPath: path].misread += row[keyPath: path].misread
                }
                sum.wrong += row.wrong
                sum.each += row.each
            }
        }
        return total.withLock { $0 }
    }

    /// The picture as NAME.pgm and its payload as NAME.txt.
    private static func save(_ stress: StressCase, name: String) {
        write(NetpbmCodec.encode(stress.picture), to: name + ".pgm")
        write(Array(stress.expected.utf8), to: name + ".txt")
    }

    /// A line per code the still path read: right or wrong, pass, zbar's quality, box, length.
    private static func dumpLines(_ reading: FrameReading, of stress: StressCase, name: String) -> [String] {
        reading.codes.map { code in
            let box = code.corners.boundingRect.map { "\($0.maxX - $0.minX) \($0.maxY - $0.minY)" } ?? "0 0"
            let verdict = code.text == stress.expected ? "right" : "wrong"
            return "\(name) \(verdict) "
                + "\(reading.pass?.rawValue ?? "?") q\(code.quality) \(box) \(code.text.count)"
        }
    }

    static func write(_ bytes: [UInt8], to path: String) {
        guard let file = fopen(path, "w") else { return toStderr("qrtui-bench: cannot write \(path)") }
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }

    static func append(_ lines: [String], to path: String) {
        guard !lines.isEmpty, let file = fopen(path, "a") else { return }
        for line in lines { fputs(line + "\n", file) }
        fclose(file)
    }

    /// The picture as a camera would hold it: six frames at 30 fps with fresh sensor noise, sent
    /// as MJPEG (`ClipSource`), through the program's own `Pipeline` (its reading, its rule for
    /// announcing: 1D after two looks), every frame read with its work counted so that every
    /// run reads alike.
    static func live(_ picture: Frame) -> [String] {
        let frames = (0..<6).map { n in picture.withNoise(amplitude: 3, seed: UInt64(n) &+ 17) }
        let source = ClipSource(frames: frames, paced: false)
        let given = Pipeline.Given(handOver: .lossless, countedWork: true) { () throws(CaptureError) in source }
        let pipeline = Pipeline(Pipeline.Setup(given: given, policy: ReadingPolicy()), onScreen: false)
        defer { pipeline.stop(reading: 5, capture: 5) }
        var announced = [String]()
        while let event = pipeline.output.take() {
            switch event {
            case .read(let result): announced += result.announced.map(\.text)
            case .notice: continue
            case .ended, .failed: return announced
            }
        }
        return announced
    }
}
