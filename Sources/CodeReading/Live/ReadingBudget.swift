import FrameCore

/// A share of CPU over time, as a bucket of milliseconds: it fills at `share` of the time
/// that passes (by the frames' own clock) up to `capacity`, and each look at a picture is
/// paid from it. A scene that changes after a quiet spell gets a full look at once; one that
/// keeps changing gets the share and no more.
struct ReadingBudget {
    let share: Double
    let capacity: Double
    private(set) var available: Double
    private var lastTime: Double?

    init(share: Double, capacity: Double) {
        self.share = share
        self.capacity = capacity
        available = capacity
    }

    /// Time has come to `time` (seconds): the bucket fills for what passed since last time.
    mutating func refill(at time: Double) {
        if let lastTime, time > lastTime { available = min(capacity, available + (time - lastTime) * 1000 * share) }
        lastTime = time
    }

    mutating func spend(_ milliseconds: Double) { available -= milliseconds }
}

/// What a look costs, in milliseconds of CPU: each pass's cost per pixel, from fixed
/// figures (`qrtui-bench --frames` measures them again); where frames come in real time,
/// the figures follow what each look really took.
struct CostModel {
    /// Measured where frames come in real time; a pipe may turn out to (`Y4MSource.arrivesPaced`).
    var measure: CostMeasure
    /// zbar's cost per pixel with every type enabled, and with QR codes alone (ms).
    static let allTypesPerPixel = 0.000_14
    static let qrOnlyPerPixel = 0.000_04
    /// zxing-cpp's QR reading against zbar's for every type, per pixel, until measured.
    static let zxingQRFactor = 2.0
    private var learned: [Way: Double] = [:]
    private struct Way: Hashable {
        let pass: ScanPass
        let zxingQR: Bool
    }
    private let perPixel: Double

    init(measure: CostMeasure, symbologies: Set<Symbology>?) {
        self.measure = measure
        // Each 1D decoder adds to the cost of looking at a pixel; QR alone is the cheapest.
        let linear = symbologies.map { Double($0.filter { !$0.isTwoDimensional }.count) } ?? 13
        perPixel = Self.qrOnlyPerPixel + (Self.allTypesPerPixel - Self.qrOnlyPerPixel) * min(1, linear / 13)
    }

    /// What `pass` on `pixels` pixels is expected to cost (`zxingQR`: read by `ZxingQRWindow`).
    func estimate(_ pass: ScanPass, pixels: Int, zxingQR: Bool = false) -> Double {
        let guess = perPixel * pass.costFactor * (zxingQR ? Self.zxingQRFactor : 1)
        return Double(pixels) * (learned[Way(pass: pass, zxingQR: zxingQR)] ?? guess)
    }

    /// What `look` is expected to cost.
    func estimate(_ look: Look) -> Double {
        estimate(look.pass, pixels: look.rect.width * look.rect.height, zxingQR: look.zxingQR)
    }

    /// What `look` cost: measured CPU time, or the estimate where work is counted.
    mutating func charge(_ look: Look, cpuMilliseconds: Double) -> Double {
        let pixels = look.rect.width * look.rect.height
        guard measure == .measured, pixels > 0 else { return estimate(look) }
        let rate = cpuMilliseconds / Double(pixels)
        let way = Way(pass: look.pass, zxingQR: look.zxingQR)
        learned[way] = learned[way].map { $0 * 0.7 + rate * 0.3 } ?? rate
        return cpuMilliseconds
    }
}
