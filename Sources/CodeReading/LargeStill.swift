import FrameCore
import PictureOps

/// A picture far larger than any code needs (a 50-megapixel photo) is read shrunk first,
/// thoroughly and cheaply; only when that reads nothing are the places where a code may be
/// read at full size, so small codes in a large picture are still found.
struct LargeStill {
    /// Areas above this many pixels are read this way.
    static let threshold = 16_000_000
    /// The shrunk picture's size, about.
    static let target = 4_000_000
    /// Full-size windows read at most (the largest places first).
    static let maxWindows = 12
    static let blockSize = 32

    let thorough: ThoroughScan

    static func applies(to rect: PixelRect) -> Bool { rect.width * rect.height > threshold }

    func scan(_ frame: Frame, in rect: PixelRect, with scanner: CodeScanner, limit: ReadingLimit?) -> FrameReading {
        let start = MonotonicClock.now()
        let factor = Self.factor(for: rect)
        var reading = thorough.scanWhole(frame.cropped(to: rect).shrunk(by: factor), with: scanner, limit: limit)
        // Back to frame pixels: a shrunk pixel's middle.
        let back = { (p: PixelPoint) in PixelPoint(x: rect.x + p.x * factor + factor / 2, y: rect.y + p.y * factor + factor / 2) }
        reading.codes = reading.codes.map { $0.mapped(back) }
        reading.parts = reading.parts.map { SymbolPart(bytes: $0.bytes, corners: $0.corners.map(back)) }
        if reading.codes.isEmpty {
            readWindows(of: frame, in: rect, with: scanner, limit: limit, into: &reading)
        }
        reading.frameSequence = frame.sequence
        reading.area = rect == frame.bounds ? nil : rect
        reading.milliseconds = (MonotonicClock.now() - start) * 1000
        return reading
    }

    /// The smallest whole factor that brings `rect` to about `target` pixels.
    static func factor(for rect: PixelRect) -> Int {
        var factor = 2
        while rect.width * rect.height / (factor * factor) > target { factor += 1 }
        return factor
    }

    /// Reads the candidate windows at full size, each thoroughly, until the limit.
    private func readWindows(of frame: Frame, in rect: PixelRect, with scanner: CodeScanner, limit: ReadingLimit?,
                             into reading: inout FrameReading) {
        let stats = frame.blockStatistics(in: rect, blockSize: Self.blockSize, rowStep: 4)
        let windows = Localiser.candidates(in: stats).map(\.window)
            .filter { $0.width * $0.height <= Self.threshold }
            .prefix(Self.maxWindows)
        for window in windows {
            if limit?.reached == true { break }
            let found = thorough.scanWhole(frame.cropped(to: window), at: PixelPoint(x: window.x, y: window.y),
                                           with: scanner, limit: limit)
            reading.passesRun += found.passesRun
            reading.withheld += found.withheld
            reading.parts += found.parts
            for code in found.codes where !reading.codes.contains(where: { $0.identity == code.identity }) {
                reading.codes.append(code)
                reading.pass = reading.pass ?? found.pass
            }
        }
    }
}
