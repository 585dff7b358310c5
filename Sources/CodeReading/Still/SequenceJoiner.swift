import Synchronization

/// Structured append: the parts of messages seen (in one frame or many, one file or several),
/// kept by message; once every index of a message is in, their bytes in order are the message.
/// Parts are joined only when they agree on everything the symbology carries: the symbology,
/// the message's id, the count, each index once, and (QR) the parity of the whole message.
/// Two different parts at one index mean two messages that cannot be told apart: that message
/// is never joined, its parts stay codes of their own. A wrong message is a misread.
struct SequenceJoiner {
    private var messages: [Key: [Int: SymbolPart]] = [:]
    private var order: [Key] = []
    /// Messages read whole lately, by their parts' bytes: a part of one seen again (the last
    /// part, still in sight after the join) is the message's, not the start of another.
    private var finished: [(key: Key, parts: [Int: [UInt8]])] = []
    /// Messages whose parts cannot be told apart (the newest kept).
    private var ambiguous: [Key] = []
    /// Messages kept at once (the oldest forgotten first).
    static let capacity = 8

    fileprivate struct Key: Hashable {
        let symbology: Symbology
        let id: String
        let count: Int

        init(_ place: SequencePlace) {
            symbology = place.symbology
            id = place.id
            count = place.count
        }
    }

    /// What one frame's parts made: the messages they complete, and which of its parts belong
    /// to a message read whole (now, or lately), no longer codes of their own.
    struct Joining {
        var messages: [DetectedCode] = []
        fileprivate var done: [(key: Key, parts: [Int: [UInt8]])] = []

        func isDone(_ part: DetectedCode) -> Bool {
            guard let place = part.sequence else { return false }
            return done.contains { $0.key == Key(place) && $0.parts[place.index] == part.bytes }
        }
    }

    /// The messages of which some parts were seen, none read whole: their symbology, how many
    /// parts they have and which were seen (1-based, as the symbols number them).
    var unfinished: [(symbology: Symbology, count: Int, seen: [Int])] {
        order.compactMap { key in messages[key].map { (key.symbology, key.count, $0.keys.sorted().map { $0 + 1 }) } }
    }

    /// The messages these parts (of one frame) complete.
    mutating func add(_ parts: [SymbolPart]) -> Joining {
        var byKey = [Key: [SymbolPart]]()
        var keys = [Key]()  // in the order seen, so messages come out in a stable order
        for part in parts {
            guard let place = part.sequence else { continue }
            if byKey[Key(place)] == nil { keys.append(Key(place)) }
            byKey[Key(place), default: []].append(part)
        }
        var joined = Joining()
        for key in keys where !ambiguous.contains(key) {
            let parts = byKey[key] ?? []
            if let whole = finished.first(where: { $0.key == key }),
                parts.allSatisfy({ part in part.sequence.map { whole.parts[$0.index] == part.bytes } ?? false })
            {
                joined.done.append(whole)
                continue
            }
            if messages[key] == nil {
                order.append(key)
                if order.count > Self.capacity { messages[order.removeFirst()] = nil }
            }
            var pieces = messages[key] ?? [:]
            let clash = parts.contains { part in
                guard let index = part.sequence?.index else { return false }
                let here = parts.filter { $0.sequence?.index == index }.map(\.bytes)
                return Set(here + (pieces[index].map { [$0.bytes] } ?? [])).count > 1
            }
            if clash {
                markAmbiguous(key)
                continue
            }
            for part in parts { if let index = part.sequence?.index { pieces[index] = part } }
            messages[key] = pieces
            guard pieces.count == key.count else { continue }
            forget(key)
            guard let code = message(key, of: pieces) else { continue }
            let whole = (key: key, parts: pieces.mapValues(\.bytes))
            joined.messages.append(code)
            joined.done.append(whole)
            finished.removeAll { $0.key == key }
            finished.append(whole)
            if finished.count > Self.capacity { finished.removeFirst() }
        }
        return joined
    }

    /// The message every one of its `pieces` makes; nil (and the message marked ambiguous) where
    /// QR's parity, the XOR of every byte of the message that each part carries, disagrees.
    private mutating func message(_ key: Key, of pieces: [Int: SymbolPart]) -> DetectedCode? {
        let inOrder = (0..<key.count).compactMap { pieces[$0] }
        let bytes = inOrder.flatMap(\.bytes)
        if key.symbology == .qr, UInt8(key.id) != bytes.reduce(0, ^) {
            markAmbiguous(key)
            return nil
        }
        // The joined message has no one place in the picture: no corners to outline.
        let code = DetectedCode(symbology: key.symbology, bytes: bytes, corners: [])
        let contents = inOrder.compactMap(\.eciContent)
        guard contents.count == inOrder.count, contents.contains(where: \.isDeclared) else { return code }
        return code.saying(ECIContent(joining: contents))
    }

    private mutating func forget(_ key: Key) {
        messages[key] = nil
        order.removeAll { $0 == key }
    }

    private mutating func markAmbiguous(_ key: Key) {
        forget(key)
        ambiguous.append(key)
        if ambiguous.count > Self.capacity { ambiguous.removeFirst() }
    }
}

/// The parts of the messages of one run, shared by the readers of its sources, so the parts
/// of one message in several files are joined as zbarimg users expect.
public final class MessageParts: Sendable {
    private let joiner: Joiner
    /// Returns once this source's parts may join the run's (files read at once join in order).
    private let turn: @Sendable () -> Void

    public init() {
        joiner = Joiner()
        turn = {}
    }

    private init(joiner: Joiner, turn: @escaping @Sendable () -> Void) {
        self.joiner = joiner
        self.turn = turn
    }

    /// The same run's messages, for a source whose parts join them once `turn` returns.
    public func inTurn(_ turn: @escaping @Sendable () -> Void) -> MessageParts {
        MessageParts(joiner: joiner, turn: turn)
    }

    func add(_ parts: [SymbolPart]) -> SequenceJoiner.Joining {
        if !parts.isEmpty { turn() }
        return joiner.state.withLock { $0.add(parts) }
    }

    /// Messages of which some parts were read and never the whole: their symbology, their
    /// count of parts, and which were read (1-based, as the symbols number them).
    public var unfinished: [(symbology: Symbology, count: Int, seen: [Int])] {
        joiner.state.withLock { $0.unfinished }
    }

    private final class Joiner: Sendable {
        let state = Mutex(SequenceJoiner())
    }
}
