import CaptureKit
import Foundation
import FrameCore
import Testing

/// Runs the built `qrtui` executable (next to this test bundle) and collects what it did.
struct QRTUIRun {
    var status: Int32
    var stdout: [UInt8]
    var stderr: String
    var timedOut: Bool
    /// Peak resident memory, kilobytes.
    var peakKilobytes = 0
    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
}

enum QRTUIProcess {
    /// The directory of the build products (.build/<triple>/debug).
    static let productsDirectory: String = {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        var url = URL(fileURLWithPath: exe).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: url.appendingPathComponent("qrtui").path), url.path != "/" {
            url.deleteLastPathComponent()
        }
        return url.path
    }()

    static var executable: String { productsDirectory + "/qrtui" }

    /// Runs qrtui with `arguments`; `stdin` is a file path (nil: /dev/null). The process is
    /// killed if it is still running at the deadline, and the run reports `timedOut`. With a
    /// `shell` setting (`ulimit -v 100000`) or `redirections` (`>&-`), /bin/sh starts it.
    static func run(
        _ arguments: [String], stdinPath: String? = nil, environment: [String: String] = [:],
        deadline seconds: Double = 30, executable name: String = "qrtui",
        prefix: [String] = [], shell: String? = nil, redirections: String = ""
    ) throws -> QRTUIRun {
        var env = ProcessInfo.processInfo.environment
        env["LANG"] = "C.UTF-8"
        for (key, value) in environment { env[key] = value }
        let scratch = TemporaryDirectoryForRun()
        let outPath = scratch.path + "/out"
        let errPath = scratch.path + "/err"
        var program = productsDirectory + "/" + name
        var all = prefix + arguments
        if shell != nil || !redirections.isEmpty {
            all = ["-c", (shell.map { $0 + " && " } ?? "") + "exec \"$0\" \"$@\" " + redirections, program] + all
            program = "/bin/sh"
        }
        let result = Spawn.run(
            program, all, environment: env,
            stdin: stdinPath, stdout: outPath, stderr: errPath, deadline: seconds)
        return QRTUIRun(
            status: result.status,
            stdout: Array(FileManager.default.contents(atPath: outPath) ?? Data()),
            stderr: String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self),
            timedOut: result.timedOut, peakKilobytes: result.peakKilobytes)
    }
}

/// Scratch space for one run's captured output.
final class TemporaryDirectoryForRun {
    let path: String
    init() {
        path = NSTemporaryDirectory() + "qrtui-run-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}
