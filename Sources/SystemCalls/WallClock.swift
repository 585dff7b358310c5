import Glibc

/// The time of day, for what people read (JSON's `time`, the history's clock): seconds since
/// 1970 and their written forms, from the C library (no timeout is ever measured on it).
public enum WallClock {
    public static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// "2026-11-30T12:34:56.789Z": RFC 3339 in UTC, to the millisecond.
    public static func rfc3339(_ seconds: Double) -> String {
        let milliseconds = Int((seconds * 1000).rounded(.down))
        var whole = time_t(milliseconds.quotientAndRemainder(dividingBy: 1000).quotient)
        let fraction = milliseconds - Int(whole) * 1000
        var parts = tm()
        gmtime_r(&whole, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let millis = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):"
            + "\(two(parts.tm_min)):\(two(parts.tm_sec)).\(millis)Z"
    }

    /// This year (UTC), as people count it.
    public static var year: Int {
        var whole = time_t(now().rounded(.down))
        var parts = tm()
        gmtime_r(&whole, &parts)
        return Int(parts.tm_year) + 1900
    }

    /// The local time of day, "14:05:09".
    public static func localTimeOfDay(_ seconds: Double) -> String {
        var whole = time_t(seconds.rounded(.down))
        var parts = tm()
        localtime_r(&whole, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}
