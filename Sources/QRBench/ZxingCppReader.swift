import Foundation
import FrameCore
import SystemCalls

/// zxing-cpp 3.1.1, PyPI's `zxing-cpp` in the venv `make bench-deps` makes, run by
/// `scripts/zxing-cpp-read` once over a list of pictures: every format, its default tries;
/// each picture timed in that one process (its loading included, Python's start not).
struct ZxingCppReader {
    typealias Quad = [(x: Double, y: Double)]

    struct Code {
        let format: String
        let text: String
        let quad: Quad
    }

    let python: String
    let script: String

    /// The venv's Python: `QRTUI_ZXING_CPP_PYTHON`, else where `make bench-deps` puts it.
    static var pythonPath: String {
        ProcessInfo.processInfo.environment["QRTUI_ZXING_CPP_PYTHON"]
            ?? (ProcessInfo.processInfo.environment["HOME"] ?? "/root") + "/.cache/qrtui/zxing-cpp-3.1.1/bin/python"
    }

    /// Nil when the venv or the script is missing (`make bench-deps` makes both).
    static func find() -> ZxingCppReader? {
        let products = CaptureBenchmark.productsDirectory
        guard let build = products.range(of: "/.build/") else { return nil }
        let script = String(products[..<build.lowerBound]) + "/scripts/zxing-cpp-read"
        let python = pythonPath
        guard FileManager.default.isExecutableFile(atPath: python), FileManager.default.fileExists(atPath: script)
        else { return nil }
        return ZxingCppReader(python: python, script: script)
    }

    /// What it reads in each of `pictures` and its seconds there, by path.
    func read(_ pictures: [String]) -> [String: (codes: [Code], seconds: Double)] {
        guard !pictures.isEmpty else { return [:] }
        let start = MonotonicClock.now()
        let run = try? ChildProcess.converse(
            python, [script] + pictures, input: [], limit: 1 << 24, deadline: start + 60 + 10 * Double(pictures.count))
        var answers = [String: (codes: [Code], seconds: Double)]()
        for line in (run?.output ?? []).split(separator: 0x0A) {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                let file = object["file"] as? String, let seconds = object["seconds"] as? Double
            else { continue }
            let codes = (object["codes"] as? [[String: Any]] ?? []).map { code in
                Code(
                    format: code["format"] as? String ?? "", text: code["text"] as? String ?? "",
                    quad: (code["corners"] as? [[Double]] ?? []).filter { $0.count == 2 }.map { (x: $0[0], y: $0[1]) })
            }
            answers[file] = (codes, seconds)
        }
        return answers
    }
}
