/// Turns the bytes a terminal sends into events. An escape sequence is decoded whole, so that
/// no part of it is taken as a key of its own or left for the shell:
/// - the sequences the terminal's description names (terminfo), longest first;
/// - the xterm forms every terminal of note sends (ECMA-48 CSI and SS3, `CSI 1;2C` for
///   Shift+Right, `CSI 1~` for Home, the Linux console's `CSI [ A`), with their modifiers;
/// - mouse clicks as SGR (1006) or X10 reports.
/// A lone ESC is the Esc key only once nothing followed it in time (`timeOut`); ESC before a
/// character or a sequence is Alt, which is ignored, as is any sequence it does not know.
public struct KeyDecoder: Sendable {
    private let known: [[UInt8]: Key]
    private let knownPrefixes: Set<[UInt8]>
    private var buffer: [UInt8] = []

    /// A sequence longer than this without its final byte is garbage, not a key.
    static let longestSequence = 32

    /// `known`: sequences the terminal description gives for keys (they win over the
    /// generic forms, which cover the rest).
    public init(known: [[UInt8]: Key] = [:]) {
        let escaped = known.filter { $0.key.first == 0x1B && $0.key.count > 1 }
        self.known = escaped
        knownPrefixes = Set(
            escaped.keys.flatMap { sequence in (1..<sequence.count).map { Array(sequence.prefix($0)) } })
    }

    /// Part of a sequence (or of a character) waits for the rest: ask again after a moment,
    /// then `timeOut`.
    public var isWaiting: Bool { !buffer.isEmpty }

    /// The events the bytes complete, in order.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [TerminalEvent] {
        buffer += bytes
        var events = [TerminalEvent]()
        while !buffer.isEmpty {
            switch next(in: buffer[...]) {
            case .incomplete:
                if buffer.count > Self.longestSequence { buffer = [] }  // garbage, not a key
                return events
            case .decoded(let event, let length):
                buffer.removeFirst(length)
                if let event { events.append(event) }
            }
        }
        return events
    }

    /// Nothing more came: a lone ESC is the Esc key, anything else unfinished is dropped.
    public mutating func timeOut() -> [TerminalEvent] {
        defer { buffer = [] }
        return buffer == [0x1B] ? [.key(.escape)] : []
    }

    enum Step: Equatable {
        case incomplete
        /// `length` bytes make one event, or nothing to act on (nil).
        case decoded(TerminalEvent?, length: Int)
    }

    func next(in bytes: ArraySlice<UInt8>) -> Step {
        guard let first = bytes.first else { return .incomplete }
        guard first == 0x1B else { return Self.character(bytes) }
        let sequence = Array(bytes)
        if let match = (1...min(sequence.count, Self.longestSequence)).reversed()
            .first(where: { known[Array(sequence.prefix($0))] != nil })
        {
            return .decoded(.key(known[Array(sequence.prefix(match))]!), length: match)
        }
        if knownPrefixes.contains(sequence) { return .incomplete }
        let rest = bytes.dropFirst()
        guard let second = rest.first else { return .incomplete }
        switch second {
        case UInt8(ascii: "["): return EscapeSequence.control(rest.dropFirst()).offset(by: 2)
        case UInt8(ascii: "O"): return EscapeSequence.singleShift(rest.dropFirst()).offset(by: 2)
        default:
            // Alt with a key (ESC ESC [ A is Alt+Up): read the key whole, then ignore it.
            switch next(in: rest) {
            case .incomplete: return .incomplete
            case .decoded(_, let length): return .decoded(nil, length: 1 + length)
            }
        }
    }

    /// One character (UTF-8) or control byte.
    static func character(_ bytes: ArraySlice<UInt8>) -> Step {
        let first = bytes[bytes.startIndex]
        switch first {
        case 0x0D, 0x0A: return .decoded(.key(.enter), length: 1)
        case 0x09: return .decoded(.key(.tab), length: 1)
        case 0x20: return .decoded(.key(.space), length: 1)
        case 0x00..<0x20, 0x7F: return .decoded(.key(.other(Int32(first))), length: 1)
        case 0x80..<0xC2, 0xF5...0xFF: return .decoded(nil, length: 1)  // never starts a character
        default: break
        }
        let length = first < 0x80 ? 1 : first < 0xE0 ? 2 : first < 0xF0 ? 3 : 4
        guard bytes.count >= length else {
            // A byte that cannot continue the character ends it: it was never one.
            return bytes.dropFirst().allSatisfy { $0 & 0xC0 == 0x80 } ? .incomplete : .decoded(nil, length: 1)
        }
        var decoder = UTF8()
        var iterator = bytes.prefix(length).makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return .decoded(nil, length: 1) }
        return .decoded(.key(.character(Character(scalar))), length: length)
    }
}

extension KeyDecoder.Step {
    func offset(by count: Int) -> Self {
        if case .decoded(let event, let length) = self { return .decoded(event, length: length + count) }
        return self
    }
}
