import Foundation
import FrameCore
import SystemCalls

/// The corpus's pictures each read by the real binary (`qrtui --no-preview -q`) and by zbarimg,
/// each program started per picture, one after the other: what a script that reads pictures
/// one by one waits for. The target is qrtui in at most 3 times zbarimg's time.
struct CorpusTimes {
    let root: String

    func run() -> String {
        guard let zbarimg = ProgramPath.find("zbarimg") else { return "zbarimg is not installed: no times to compare" }
        let pictures = Self.pictures(under: root)
        var qrtui = 0.0
        var zbar = 0.0
        var slowest = (seconds: 0.0, name: "")
        for picture in pictures {
            let own = Self.timed(CaptureBenchmark.productsDirectory + "/qrtui", ["--no-preview", "-q", picture]).seconds
            qrtui += own
            if own > slowest.seconds { slowest = (own, String(picture.dropFirst(root.count + 1))) }
            zbar += Self.timed(zbarimg, ["--nodbus", "-q", picture]).seconds
        }
        let ratio = zbar > 0 ? format(qrtui / zbar, 2) : "-"
        return "\(pictures.count) pictures, each program started per picture: qrtui \(format(qrtui, 2)) s, "
            + "zbarimg \(format(zbar, 2)) s; qrtui's seconds / zbarimg's: \(ratio) (target 3); "
            + "slowest picture for qrtui: \(slowest.name) \(format(slowest.seconds, 2)) s"
    }

    /// Every PNG in the corpus's folders, in order.
    static func pictures(under root: String) -> [String] {
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted()
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: "\(root)/\(folder)")) ?? []).sorted()
                .filter { $0.hasSuffix(".png") }.map { "\(root)/\(folder)/\($0)" }
        }
    }

    /// What `program` writes to stdout (nothing where it cannot be run), and the seconds from
    /// starting it to its end: the benchmarks that time a program started per picture.
    static func timed(_ program: String, _ arguments: [String]) -> (output: [UInt8], seconds: Double) {
        let start = MonotonicClock.now()
        let run = try? ChildProcess.converse(program, arguments, input: [], limit: 1 << 22, deadline: start + 120)
        return (run?.output ?? [], MonotonicClock.now() - start)
    }
}
