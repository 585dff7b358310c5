import CaptureKit
import CodeReading
import FrameCore

/// Timings in milliseconds and their summaries.
struct Timings {
    private(set) var samples: [Double] = []

    mutating func measure<T>(_ body: () throws -> T) rethrows -> T {
        let start = MonotonicClock.now()
        defer { samples.append((MonotonicClock.now() - start) * 1000) }
        return try body()
    }

    mutating func append(contentsOf other: Timings) { samples += other.samples }

    var median: Double { percentile(50) }
    var total: Double { samples.reduce(0, +) }

    func percentile(_ p: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sorted = samples.sorted()
        let rank = Int((p / 100 * Double(sorted.count - 1)).rounded())
        return sorted[rank]
    }
}

func format(_ value: Double, _ decimals: Int = 2) -> String {
    let factor = (0..<decimals).reduce(1.0) { acc, _ in acc * 10 }
    let rounded = (value * factor).rounded() / factor
    if decimals == 0 { return String(Int(rounded)) }
    var text = String(rounded)
    if let dot = text.firstIndex(of: ".") {
        let places = text.distance(from: dot, to: text.endIndex) - 1
        text += String(repeating: "0", count: max(0, decimals - places))
    }
    return text
}

/// Left-aligned first column, right-aligned others.
func table(_ rows: [[String]]) -> String {
    guard let first = rows.first else { return "" }
    let widths = (0..<first.count).map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
        row.enumerated().map { column, cell in
            let pad = String(repeating: " ", count: widths[column] - cell.count)
            return column == 0 ? cell + pad : pad + cell
        }.joined(separator: "  ")
    }.joined(separator: "\n")
}
