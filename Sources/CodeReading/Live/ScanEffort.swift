/// `--effort`: how much CPU reading may use while it looks, that is while the picture
/// changes (a scene that stays as it was is only looked at again now and then).
public enum ScanEffort: Equatable, Sendable {
    /// Milliseconds of CPU in every 1/30 s: 8 is 24% of a core.
    case milliseconds(Double)
    /// Every pass on every frame, however long it takes.
    case thorough

    public static let fast = ScanEffort.milliseconds(4)
    public static let normal = ScanEffort.milliseconds(8)

    /// The efforts that have a name.
    public static let named: [(name: String, effort: ScanEffort)] = [
        ("fast", .fast), ("normal", .normal),
        ("thorough", .thorough),
    ]

    /// A name, or milliseconds: "12" or "12ms".
    public init?(_ text: String) {
        if let named = Self.named.first(where: { $0.name == text }) {
            self = named.effort
            return
        }
        let number = text.hasSuffix("ms") ? String(text.dropLast(2)) : text
        guard let value = Double(number), value > 0, value <= 1000 else { return nil }
        self = .milliseconds(value)
    }

    /// The share of one core reading may use while looking (nil: no limit).
    public var share: Double? {
        if case .milliseconds(let value) = self { return min(1, value * 30 / 1000) }
        return nil
    }
}
