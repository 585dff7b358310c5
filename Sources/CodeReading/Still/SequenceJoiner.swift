/// Structured append for the symbols that carry their place in the message (Data Matrix,
/// Aztec, PDF417 through zxing-cpp): the parts seen, in one frame or many, kept by message;
/// once every index of a message is in, their bytes in order are the message.
struct SequenceJoiner {
    private var messages: [Key: [Int: [UInt8]]] = [:]
    private var order: [Key] = []
    /// Messages kept at once (the oldest forgotten first).
    static let capacity = 8

    fileprivate struct Key: Hashable {
        let symbology: Symbology
        let id: String
        let count: Int
    }

    /// A message read whole, and which parts it was made of.
    struct Message {
        let code: DetectedCode
        fileprivate let key: Key

        func completes(_ part: DetectedCode) -> Bool {
            part.sequence.map { Key(symbology: $0.symbology, id: $0.id, count: $0.count) == key } ?? false
        }
    }

    /// The messages these parts complete.
    mutating func add(_ parts: [SymbolPart]) -> [Message] {
        var joined = [Message]()
        for part in parts {
            guard let place = part.sequence else { continue }
            let key = Key(symbology: place.symbology, id: place.id, count: place.count)
            if messages[key] == nil {
                order.append(key)
                if order.count > Self.capacity { messages[order.removeFirst()] = nil }
            }
            messages[key, default: [:]][place.index] = part.bytes
            guard let pieces = messages[key], pieces.count == place.count else { continue }
            let bytes = (0..<place.count).flatMap { pieces[$0] ?? [] }
            // The joined message has no one place in the picture: no corners to outline. Its
            // parts seen again by another pass join it again: once is enough.
            if !joined.contains(where: { $0.key == key }) {
                joined.append(
                    Message(code: DetectedCode(symbology: place.symbology, bytes: bytes, corners: []), key: key))
            }
            messages[key] = nil
            order.removeAll { $0 == key }
        }
        return joined
    }
}
