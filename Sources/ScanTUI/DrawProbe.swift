import SystemCalls

/// What the screen tells after each picture it draws, for a benchmark to time the picture's
/// arrival: bytes the terminal is handed after the picture (a private string it ignores).
protocol DrawProbe {
    func marks(frame: Int, codes: Int, framesGot: Int, dropped: Int) -> [UInt8]
}

/// The probe a preloaded library supplies as `qrtui_probe_drawn` (the fake camera, for the
/// latency benchmark): the shipped program reads no setting of its own for it.
struct PreloadedDrawProbe: DrawProbe {
    typealias Function = @convention(c) (Int64, Int64, Int64, Int64, UnsafeMutablePointer<CChar>?, Int) -> Int
    let function: Function

    /// The probe, when a loaded library supplies it.
    static func find() -> PreloadedDrawProbe? {
        PreloadedSymbol.address("qrtui_probe_drawn").map {
            PreloadedDrawProbe(function: unsafeBitCast($0, to: Function.self))
        }
    }

    func marks(frame: Int, codes: Int, framesGot: Int, dropped: Int) -> [UInt8] {
        var buffer = [CChar](repeating: 0, count: 256)
        let count = function(Int64(frame), Int64(codes), Int64(framesGot), Int64(dropped), &buffer, buffer.count)
        return buffer.prefix(max(0, min(count, buffer.count))).map { UInt8(bitPattern: $0) }
    }
}
