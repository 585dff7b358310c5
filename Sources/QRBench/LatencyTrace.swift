import Foundation

/// What a latency run recorded: when the fake camera handed out each frame (its
/// QRTUI_FAKE_TIMES log), and when each picture reached the pty (qrtui's frame marks,
/// QRTUI_FAKE_MARKS, fake_probe.c) or each code reached stdout (headless).
struct LatencyTrace {
    /// Dequeue time by the camera's frame sequence.
    var dequeued: [Int: Double] = [:]
    /// Each frame mark as it arrived: when, the frame shown, the codes announced so far.
    var marks: [(time: Double, frame: Int, codes: Int, delivered: Int)] = []
    /// For each mark: a picture in pixels (sixel, kitty) came just before it, so the mark's
    /// arrival is that picture's.
    var afterPicture: [Bool] = []
    private var pictureSince = false

    /// "SEQUENCE SECONDS" lines.
    mutating func readDequeues(_ text: String) {
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 2, let sequence = Int(fields[0]), let time = Double(fields[1]) else { continue }
            if dequeued[sequence] == nil { dequeued[sequence] = time }
        }
    }

    /// The marks in `bytes` read from the pty at `time` ("ESC _ qrtui;frame=N;codes=K ESC \");
    /// `pending` keeps an unfinished one for the next read.
    mutating func scan(_ bytes: [UInt8], at time: Double, pending: inout [UInt8]) {
        let buffer = pending + bytes
        pending = []
        let start: [UInt8] = Array("\u{1B}_qrtui;".utf8)
        var index = 0
        while let found = Self.find(start, in: buffer, from: index) {
            guard let end = Self.find([0x1B, 0x5C], in: buffer, from: found) else {
                pending = Array(buffer[found...])
                return
            }
            pictureSince = pictureSince || Self.holdsPicture(buffer[index..<found])
            let body = String(decoding: buffer[(found + start.count)..<end], as: UTF8.self)
            var fields = [String: Int]()
            for pair in body.split(separator: ";") {
                let parts = pair.split(separator: "=")
                if parts.count == 2, let value = Int(parts[1]) { fields[String(parts[0])] = value }
            }
            if let frame = fields["frame"], let codes = fields["codes"] {
                // Frames decoded and handed over: those the screen took and those replaced first.
                marks.append((time, frame, codes, (fields["got"] ?? 0) + (fields["dropped"] ?? 0)))
                afterPicture.append(pictureSince)
                pictureSince = false
            }
            index = end + 2
        }
        pictureSince = pictureSince || Self.holdsPicture(buffer[index...])
        // A mark may begin at the very end: keep what is left of a tail as long as its opening.
        let tail = Array(buffer[max(index, buffer.count - (start.count - 1))...])
        if tail.contains(0x1B) { pending = tail }
    }

    /// The start of a sixel picture (DCS ... q) or of a kitty one (APC G a=T).
    static func holdsPicture(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        while let escape = bytes[index...].firstIndex(of: 0x1B) {
            let next = bytes.index(after: escape)
            guard next < bytes.endIndex else { return false }
            if bytes[next] == UInt8(ascii: "P") { return true }
            if bytes[next] == UInt8(ascii: "_"), bytes[next...].starts(with: Array("_Ga=T".utf8)) { return true }
            index = next
        }
        return false
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count, start <= haystack.count - needle.count else { return nil }
        for index in start...(haystack.count - needle.count) where haystack[index] == needle[0] {
            if Array(haystack[index..<(index + needle.count)]) == needle { return index }
        }
        return nil
    }

    /// Milliseconds from each frame's dequeue to its picture's first arrival, for frames
    /// dequeued after `from` (seconds).
    func pictureDelays(after from: Double, inPixels: Bool = false) -> [Double] {
        var seen = Set<Int>()
        var delays = [Double]()
        for (index, mark) in marks.enumerated() where !seen.contains(mark.frame) {
            if inPixels && !afterPicture[index] { continue }
            seen.insert(mark.frame)
            if let dequeued = dequeued[mark.frame], dequeued >= from { delays.append((mark.time - dequeued) * 1000) }
        }
        return delays
    }

    /// Frames dequeued after `from` (and before the last mark) that never reached the screen;
    /// and of the frames decoded (an MJPEG camera does not decode every frame of a still
    /// scene), those never drawn, and the frames dequeued over the same span (after the first
    /// drawn frame, up to the last).
    func framesNeverDrawn(after from: Double) -> (
        never: Int, of: Int, decodedNever: Int, decoded: Int, dequeuedThen: Int
    ) {
        guard let last = marks.last?.time else { return (0, 0, 0, 0, 0) }
        let drawn = Set(marks.map(\.frame))
        let due = dequeued.filter { $0.value >= from && $0.value < last - 0.1 }
        let window = marks.filter { mark in dequeued[mark.frame].map { $0 >= from } ?? false }
        let decoded = (window.last?.delivered ?? 0) - (window.first?.delivered ?? 0)
        let shown = Set(window.map(\.frame)).count - 1
        let span = (window.first?.frame ?? 0, window.last?.frame ?? 0)
        let dequeuedThen = dequeued.keys.count { $0 > span.0 && $0 <= span.1 }
        return (
            due.keys.filter { !drawn.contains($0) }.count, due.count, max(0, decoded - shown), decoded, dequeuedThen
        )
    }

    /// Milliseconds from the dequeue of the frame a code appeared in (`appearance` gives it for
    /// the frame an announcement was drawn with) to the status line that announced it.
    func statusDelays(after from: Double, appearance: (Int) -> Int?) -> [Double] {
        var delays = [Double]()
        var codes = marks.first?.codes ?? 0
        for mark in marks where mark.codes > codes {
            codes = mark.codes
            guard let start = appearance(mark.frame), let dequeued = dequeued[start], dequeued >= from else { continue }
            delays.append((mark.time - dequeued) * 1000)
        }
        return delays
    }
}
