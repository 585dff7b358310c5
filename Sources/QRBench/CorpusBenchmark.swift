import CaptureKit
import CodeReading
import Foundation
import FrameCore

/// Decodes every NAME.png under a corpus folder with qrtui's own scanning code and compares
/// with NAME.txt byte for byte. Folders named falsepositives* hold no code at all. A case
/// whose NAME.txt is missing but NAME-01.png, NAME-02.png... exist is a structured-append
/// message: the parts' payloads joined in order must equal NAME.txt.
struct CorpusBenchmark {
    let root: String
    let symbologies: Set<Symbology>?
    /// The extra passes, in order (qrtui's measured order unless `--passes`).
    let passes: [ScanPass]
    /// Name on stdout each case that was not decoded or gave a wrong payload.
    let listCases: Bool

    struct Case {
        let name: String
        let images: [String]
        let expected: [UInt8]?
    }

    struct FolderResult {
        let folder: String
        var total = 0, decoded = 0, misread = 0, falsePositive = 0
        /// Reads the precision rules refused (1D fragments, weak reads no second look
        /// confirmed, disputed reads).
        var withheld = 0
        var timings = Timings()
        /// Which pass read each decoded case ("joined" for structured append).
        var passes: [String: Int] = [:]
    }

    func cases(in folder: String) -> [Case] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let pngs = files.filter { $0.hasSuffix(".png") }.sorted()
        var cases = [Case]()
        var grouped = [String: [String]]()
        for png in pngs {
            let name = String(png.dropLast(4))
            if FileManager.default.fileExists(atPath: "\(folder)/\(name).txt") || folder.isFalsePositiveFolder {
                cases.append(Case(name: name, images: ["\(folder)/\(png)"], expected: expected(folder, name)))
            } else if let dash = name.lastIndex(of: "-") {
                grouped[String(name[..<dash]), default: []].append("\(folder)/\(png)")
            }
        }
        for (name, images) in grouped where FileManager.default.fileExists(atPath: "\(folder)/\(name).txt") {
            cases.append(Case(name: name, images: images.sorted(), expected: expected(folder, name)))
        }
        return cases.sorted { $0.name < $1.name }
    }

    private func expected(_ folder: String, _ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: "\(folder)/\(name).txt").map { Array($0) }
    }

    func run() throws -> [FolderResult] {
        let folders = try FileManager.default.contentsOfDirectory(atPath: root).sorted()
            .filter {
                var dir: ObjCBool = false
                return FileManager.default.fileExists(atPath: "\(root)/\($0)", isDirectory: &dir) && dir.boolValue
            }
        var results = [FolderResult]()
        for folder in folders {
            var result = FolderResult(folder: folder)
            for testCase in cases(in: "\(root)/\(folder)") {
                let (payloads, wrong, pass) = try read(testCase, into: &result)
                if folder.isFalsePositiveFolder {
                    result.total += 1
                    if !payloads.isEmpty { result.falsePositive += 1 }
                    if listCases && !payloads.isEmpty { print("false positive  \(folder)/\(testCase.name)") }
                    continue
                }
                guard let expected = testCase.expected else { continue }
                result.total += 1
                if payloads.contains(expected) {
                    result.decoded += 1
                    result.passes[pass ?? "?", default: 0] += 1
                }
                if wrong { result.misread += 1 }
                if listCases && (wrong || !payloads.contains(expected)) {
                    let got = payloads.filter { $0 != expected }.map {
                        String(decoding: $0.prefix(40), as: UTF8.self).debugDescription
                    }
                    print(
                        "\(payloads.contains(expected) ? "also read" : "missed")  \(folder)/\(testCase.name)  \(got.joined(separator: " "))"
                    )
                }
            }
            results.append(result)
        }
        return results
    }

    /// A case's pictures read by a fresh reader (zbar keeps state between scans), shared by the
    /// pictures of one structured-append message: every payload, whether a single picture gave
    /// a wrong one, and the pass that read the expected one.
    private func read(_ testCase: Case, into result: inout FolderResult) throws -> (
        payloads: [[UInt8]], wrong: Bool, pass: String?
    ) {
        var payloads = [[UInt8]]()
        var wrong = false
        var pass: String?
        let reader = CodeReader(policy: ReadingPolicy(symbologies: symbologies), extraPasses: passes)
        for image in testCase.images {
            let frame = try InputOpener.picture(path: image)
            let report = result.timings.measure { reader.read(frame) }
            result.withheld += report.withheld
            let texts = report.codes.map { Array($0.text.utf8) }
            payloads += texts
            if let expected = testCase.expected, texts.contains(expected) {
                pass = report.codes.contains { $0.corners.isEmpty } ? "joined" : report.pass?.rawValue
            }
            if let expected = testCase.expected, testCase.images.count == 1 {
                wrong = wrong || texts.contains { $0 != expected }
            }
        }
        return (payloads, wrong, pass)
    }

    static func report(_ results: [FolderResult]) -> String {
        var rows = [["folder", "decoded", "misread", "false pos.", "withheld", "median ms", "p95 ms", "read by pass"]]
        var all = FolderResult(folder: "total")
        for r in results {
            rows.append([
                r.folder, r.folder.isFalsePositiveFolder ? "-" : "\(r.decoded)/\(r.total)",
                "\(r.misread)", r.folder.isFalsePositiveFolder ? "\(r.falsePositive)/\(r.total)" : "-", "\(r.withheld)",
                format(r.timings.median), format(r.timings.percentile(95)), passList(r.passes),
            ])
            for (pass, count) in r.passes { all.passes[pass, default: 0] += count }
            if !r.folder.isFalsePositiveFolder {
                all.total += r.total
                all.decoded += r.decoded
            }
            all.misread += r.misread
            all.withheld += r.withheld
            all.falsePositive += r.falsePositive
            all.timings.append(contentsOf: r.timings)
        }
        let percent = all.total == 0 ? 0 : Double(all.decoded) * 100 / Double(all.total)
        rows.append([
            "total", "\(all.decoded)/\(all.total)", "\(all.misread)", "\(all.falsePositive)", "\(all.withheld)",
            format(all.timings.median), format(all.timings.percentile(95)), passList(all.passes),
        ])
        return table(rows) + "\n\ndecoded \(all.decoded) of \(all.total) (\(format(percent, 1))%), "
            + "\(all.misread) misread, \(all.falsePositive) false positives, \(all.withheld) reads withheld"
    }
}

/// "plain 12, enlarged 2" in the strategy's order.
func passList(_ passes: [String: Int]) -> String {
    let order = ScanPass.allCases.map(\.rawValue) + ["joined", "?"]
    return passes.sorted { (order.firstIndex(of: $0.key) ?? 99) < (order.firstIndex(of: $1.key) ?? 99) }
        .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
}

extension String {
    var isFalsePositiveFolder: Bool { (self as NSString).lastPathComponent.hasPrefix("falsepositives") }
}
