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
    /// Where a two-factor code's text holds secrets: every value the parsers would take as an
    /// account's `secret` or an export's `data`, however the name is spelt (`SECRET=`,
    /// `secr%65t=`), in any text that begins `otpauth`. What a terminal must never show.
    public static func secretRanges(in text: String) -> [Range<String.Index>] {
        guard text.prefix(7).lowercased() == "otpauth" else { return [] }
        return QueryPairs.of(text).filter { $0.name == "secret" || $0.name == "data" }.map(\.value)
    }
}
