/// A URI query's pairs as the two-factor parsers read them: each name percent-decoded and
/// lowercased, and where its value lies in the text (still encoded).
struct QueryPair {
    let name: String
    let value: Range<String.Index>
}

enum QueryPairs {
    /// The pairs after the first `?` of `text` (split at `&`).
    static func of(_ text: String) -> [QueryPair] {
        guard let question = text.firstIndex(of: "?") else { return [] }
        var pairs = [QueryPair]()
        var start = text.index(after: question)
        while start <= text.endIndex {
            let end = text[start...].firstIndex(of: "&") ?? text.endIndex
            let pair = text[start..<end]
            if !pair.isEmpty {
                let equals = pair.firstIndex(of: "=") ?? end
                let valueStart = equals == end ? end : text.index(after: equals)
                let name = PercentDecoding.decode(text[start..<equals], plusIsSpace: true).lowercased()
                pairs.append(QueryPair(name: name, value: valueStart..<end))
            }
            guard end < text.endIndex else { break }
            start = text.index(after: end)
        }
        return pairs
    }
}

extension CodeMeaning {
    /// Where a payload holds secrets, wherever they lie in it. What a terminal must never show,
    /// nor a hook get unasked:
    /// - every value a two-factor URI names `secret` or `data` (an account's secret, an
    ///   export's data), however the name is spelt (`SECRET=`, `secr%65t=`), and wherever the URI
    ///   begins: at the start, after spaces, in a contact's note, in a link's query, whole or
    ///   percent-encoded (`otpauth%3A%2F%2F…%3Fsecret%3D…`);
    /// - a Wi-Fi code's password (`P:`), wherever `WIFI:` begins, whether or not the rest of it
    ///   makes a network (no SSID, an empty one, a byte-order mark before it).
    public static func secretRanges(in text: String) -> [Range<String.Index>] {
        let bytes = Array(text.utf8)
        var spans = [Range<Int>]()
        for start in SecretSearch.occurrences(of: "otpauth", in: bytes) {
            spans += SecretSearch.queryValues(in: bytes, from: start, question: "?", and: "&", equals: "=")
            spans += SecretSearch.queryValues(in: bytes, from: start, question: "%3f", and: "%26", equals: "%3d")
        }
        for start in SecretSearch.occurrences(of: "wifi:", in: bytes) {
            spans += SecretSearch.wifiPasswords(in: bytes, from: start + 5)
        }
        return SecretSearch.merged(spans).map { span in
            let utf8 = text.utf8
            let lower = utf8.index(utf8.startIndex, offsetBy: span.lowerBound)
            return lower..<utf8.index(lower, offsetBy: span.count)
        }
    }
}

/// The byte-level search behind `secretRanges`: ASCII words matched without regard to case.
private enum SecretSearch {
    static let secretNames: Set<String> = ["secret", "data"]

    /// Where `word` (lower case ASCII) begins in `bytes`, in any case.
    static func occurrences(of word: String, in bytes: [UInt8]) -> [Int] {
        let pattern = Array(word.utf8)
        guard bytes.count >= pattern.count else { return [] }
        return (0...(bytes.count - pattern.count)).filter { at(pattern, in: bytes, $0) }
    }

    static func at(_ pattern: [UInt8], in bytes: [UInt8], _ offset: Int) -> Bool {
        guard offset + pattern.count <= bytes.count else { return false }
        for (index, byte) in pattern.enumerated() where lower(bytes[offset + index]) != byte { return false }
        return true
    }

    static func lower(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// The values named `secret` or `data` in the query after the first `question` past
    /// `start`, its pairs parted by `and` and named before `equals` (the separators of a URI as
    /// it is, or percent-encoded inside another), each running to the next pair or the end.
    static func queryValues(in bytes: [UInt8], from start: Int, question: String, and: String, equals: String)
        -> [Range<Int>]
    {
        let (mark, parting, naming) = (Array(question.utf8), Array(and.utf8), Array(equals.utf8))
        guard let query = (start..<bytes.count).first(where: { at(mark, in: bytes, $0) }) else { return [] }
        var values = [Range<Int>]()
        var pairStart = query + mark.count
        while pairStart <= bytes.count {
            let end = (pairStart..<bytes.count).first { at(parting, in: bytes, $0) } ?? bytes.count
            if let equal = (pairStart..<end).first(where: { at(naming, in: bytes, $0) }) {
                if secretNames.contains(name(bytes[pairStart..<equal])), equal + naming.count < end {
                    values.append((equal + naming.count)..<end)
                }
            }
            pairStart = end + parting.count
        }
        return values
    }

    /// A name as a parser reads it: percent-decoded (again, where it was encoded twice), `+` a
    /// space, in lower case.
    static func name(_ raw: ArraySlice<UInt8>) -> String {
        var name = Substring(String(decoding: raw, as: UTF8.self))
        for _ in 0..<3 {
            let decoded = PercentDecoding.decode(name, plusIsSpace: true)
            if decoded == name { break }
            name = Substring(decoded)
        }
        return name.lowercased()
    }

    /// The values of `P:` fields from `start` (just past `WIFI:`), in the `KEY:value;` syntax
    /// with its backslash escapes.
    static func wifiPasswords(in bytes: [UInt8], from start: Int) -> [Range<Int>] {
        var passwords = [Range<Int>]()
        var fieldStart = start
        var colon: Int?
        var index = start
        func finish(at end: Int) {
            if let colon, name(bytes[fieldStart..<colon]) == "p", colon + 1 < end {
                passwords.append((colon + 1)..<end)
            }
            colon = nil
            fieldStart = end + 1
        }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 1  // the next byte is literal
            case UInt8(ascii: ";"): finish(at: index)
            case UInt8(ascii: ":") where colon == nil: colon = index
            default: break
            }
            index += 1
        }
        finish(at: bytes.count)
        return passwords
    }

    /// Spans that overlap or touch, joined.
    static func merged(_ spans: [Range<Int>]) -> [Range<Int>] {
        var joined = [Range<Int>]()
        for span in spans.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = joined.last, span.lowerBound <= last.upperBound {
                joined[joined.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
            } else {
                joined.append(span)
            }
        }
        return joined
    }
}
