import CaptureKit
import CodeReading
import Foundation
import Glibc
import Overlay
import SystemCalls

/// This run's distinct codes in the order they were first read, each with how often it was
/// announced (a code out of sight for a while and back counts again).
struct CodeHistory: Sendable {
    struct Entry: Sendable {
        let code: DetectedCode
        /// The frame it was first read in.
        let frame: Int
        let firstRead: Date
        var count: Int
    }

    private(set) var entries: [Entry] = []

    mutating func add(_ code: DetectedCode, frame: Int, at time: Date = Date()) {
        if let index = entries.firstIndex(where: { $0.code.identity == code.identity }) {
            entries[index].count += 1
        } else {
            entries.append(Entry(code: code, frame: frame, firstRead: time, count: 1))
        }
    }
}

/// `--history FILE`: every announced code appended as a JSON line. The file is opened with
/// O_APPEND and each line goes in one write, so a crash (even SIGKILL) never leaves a torn
/// or lost earlier line.
final class HistoryFile: @unchecked Sendable {  // the descriptor is written by one thread
    let path: String
    private let descriptor: Int32

    init(path: String) throws(CaptureError) {
        self.path = path
        do {
            descriptor = try Syscall.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, mode: 0o644)
        } catch {
            throw .system(operation: "open", path: path, errno: error)
        }
    }

    deinit { Syscall.close(descriptor) }

    func append(_ code: DetectedCode, frame: Int, source: String) {
        let printer = CodePrinter(format: .json, toTerminal: false)
        let line = Array((printer.json(for: code, frame: frame, source: source) + "\n").utf8)
        try? Syscall.writeAll(descriptor, line)  // a full disk must not stop the scanning
    }
}
