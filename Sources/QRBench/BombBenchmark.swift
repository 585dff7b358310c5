import CodeFixtures
import Foundation
import FrameCore
import Glibc
import PictureFiles
import SystemCalls

/// `--bombs`: pictures of a few kilobytes made to cost a reader dear (`Bombs`), each read by the
/// real `qrtui --no-preview` and by zbarimg, one after the other: wall and CPU seconds, peak
/// memory and the codes read. The targets: no picture above 5 times zbarimg's CPU or 2 s,
/// whichever is more; peak memory at most 3 bytes a pixel and 30 MB; a sheet of 1,024 codes read
/// whole in at most 2 s.
struct BombBenchmark {
    /// 1: every bomb at its full size.
    let scale: Double
    let directory = TemporaryDirectory("bombs")
    /// A program still running then is killed, and the row says so.
    static let mostSeconds = 600.0

    /// One program's run on one picture.
    struct Measured {
        var wall = 0.0
        var cpu = 0.0
        var peakMB = 0.0
        var lines: [String] = []
        var status: Int32 = -1
    }

    func run(progress: (String) -> Void) -> String {
        let zbarimg = ProgramPath.find("zbarimg")
        var rows = [
            [
                "picture", "pixels", "file kB", "qrtui wall s", "CPU s", "peak MB", "codes", "zbarimg wall s", "CPU s",
                "peak MB", "codes", "CPU / zbarimg", "within",
            ]
        ]
        for bomb in Bombs.all(scale: scale) {
            progress("bombs: \(bomb.name)")
            let path = directory.write(Self.fileName(bomb), PNGCodec.encode(bomb.picture))
            let pixels = bomb.picture.width * bomb.picture.height
            let own = Self.measure(CaptureBenchmark.productsDirectory + "/qrtui", ["--no-preview", "-q", path])
            let other = zbarimg.map { Self.measure($0, ["--nodbus", "-q", "--raw", path]) }
            let expected = Set(bomb.codes)
            func codes(_ run: Measured) -> String {
                let read = Set(run.lines)
                let extra = read.subtracting(expected).count
                return "\(read.intersection(expected).count)/\(expected.count)" + (extra > 0 ? " +\(extra) extra" : "")
            }
            let cpuLimit = max(2, 5 * (other?.cpu ?? 0))
            let memoryLimit = (3 * Double(pixels) + 30e6) / 1e6
            let allRead = expected.isSubset(of: Set(own.lines)) && Set(own.lines).isSubset(of: expected)
            let within =
                own.status >= 0 && own.cpu <= cpuLimit && own.peakMB <= memoryLimit
                && (expected.isEmpty || (allRead && own.wall <= 2))
            rows.append([
                bomb.name, "\(bomb.picture.width)x\(bomb.picture.height)",
                format(Double(Self.size(of: path)) / 1024, 1), format(own.wall, 2), format(own.cpu, 2),
                format(own.peakMB, 0), own.status < 0 ? "killed" : codes(own),
                other.map { format($0.wall, 2) } ?? "-", other.map { format($0.cpu, 2) } ?? "-",
                other.map { format($0.peakMB, 0) } ?? "-", other.map(codes) ?? "-",
                other.map { $0.cpu > 0 ? format(own.cpu / $0.cpu, 1) : "-" } ?? "-", within ? "yes" : "NO",
            ])
        }
        return "Each program started per picture, one after the other (MB of 10^6 bytes; within: CPU at most "
            + "5 times zbarimg's or 2 s, peak at most 3 bytes a pixel + 30 MB, every code read, a sheet of codes "
            + "in 2 s):\n\n" + table(rows)
    }

    /// The bombs as PNG files in `folder`; their paths.
    static func write(scale: Double, into folder: String) -> [String] {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return Bombs.all(scale: scale).map { bomb in
            let path = folder + "/" + fileName(bomb)
            _ = FileManager.default.createFile(atPath: path, contents: Data(PNGCodec.encode(bomb.picture)))
            return path
        }
    }

    static func fileName(_ bomb: Bombs.Bomb) -> String {
        bomb.name.map { $0.isLetter || $0.isNumber ? $0 : "-" }.reduce("") { $0 + String($1) } + ".png"
    }

    static func size(of path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// Runs `program` to its end (killed after `mostSeconds`): wall time, CPU (user and
    /// system, from wait4), peak resident memory (VmHWM, read as it runs) and its stdout's lines.
    static func measure(_ program: String, _ arguments: [String]) -> Measured {
        let scratch = TemporaryDirectory("bomb-run")
        let out = scratch.path + "/out"
        let start = MonotonicClock.now()
        guard let pid = try? ChildProcess.spawn(program, arguments, stdout: .file(out)) else { return Measured() }
        var measured = Measured()
        var peak = 0
        var usage = rusage()
        var status: Int32 = 0
        while true {
            peak = max(peak, ChildProcess.peakKilobytes(pid))
            let done = Syscall.retryingEINTR { wait4(pid, &status, WNOHANG, &usage) }
            if done == pid { break }
            if done < 0 { return measured }
            if MonotonicClock.now() - start > mostSeconds {
                kill(pid, SIGKILL)
                _ = Syscall.retryingEINTR { wait4(pid, &status, 0, &usage) }
                measured.status = -1
                measured.wall = MonotonicClock.now() - start
                return measured
            }
            usleep(2_000)
        }
        measured.wall = MonotonicClock.now() - start
        measured.cpu =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
        measured.peakMB = Double(peak) * 1024 / 1e6
        measured.status = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        measured.lines = text.split(separator: "\n").map(String.init)
        return measured
    }
}
