import CV4L2

/// One of a camera's controls, as it describes itself (VIDIOC_QUERYCTRL) and its value now.
public struct CameraControl: Equatable, Sendable {
    public enum Kind: Equatable, Sendable { case integer, boolean, menu }

    public let id: UInt32
    /// The driver's name for it ("Focus, Absolute"): from outside, escaped where shown.
    public let name: String
    public let kind: Kind
    public let minimum: Int
    public let maximum: Int
    public let step: Int
    public let defaultValue: Int
    public var value: Int?
    public let readOnly: Bool
    /// Set aside by another control for now (manual focus while auto focus is on).
    public let inactive: Bool
    /// A menu's entries by value.
    public var menu: [Int: String] = [:]

    /// "Focus, Absolute 0 (0–250, step 5, default 0)", "Auto Exposure 3 (Aperture Priority Mode)".
    public var summary: String {
        let now = value.map(String.init) ?? "?"
        let flags = (readOnly ? ", read-only" : "") + (inactive ? ", inactive" : "")
        switch kind {
        case .boolean: return "\(name) \(value == 0 ? "off" : value == nil ? "?" : "on")\(flags)"
        case .menu:
            let entry = value.flatMap { menu[$0] }.map { " (\($0))" } ?? ""
            let choices = menu.keys.sorted().map { "\($0) \(menu[$0] ?? "")" }.joined(separator: ", ")
            return "\(name) \(now)\(entry)\(flags); \(choices)"
        case .integer:
            return "\(name) \(now) (\(minimum)–\(maximum), step \(step), default \(defaultValue)\(flags))"
        }
    }
}

/// What a key asks of the camera's controls.
public enum ControlChange: Equatable, Sendable {
    case focusNearer, focusFarther, toggleAutoFocus
    case brighter, darker
    case zoomIn, zoomOut
}

/// What came of a change, for the status line: done ("focus 125 of 0–250"), or why not.
public struct ControlReport: Equatable, Sendable {
    public let text: String
    public let changed: Bool

    public init(_ text: String, changed: Bool) {
        self.text = text
        self.changed = changed
    }
}
