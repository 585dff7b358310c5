/// `--exec CMD` in words, as a shell would split it, and no more: spaces part words, quotes
/// ('...' as it is, "..." with \" \\ \$ \` escaped) and a backslash keep them together. Nothing
/// is expanded: CMD runs without a shell unless it is `sh -c '...'`.
package enum CommandWords {
    package static func split(_ text: String) throws(UsageError) -> [String] {
        var words = [String]()
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                if quote == "\"" && !"\"\\$`".contains(character) { word.append("\\") }
                word.append(character)
                escaped = false
            } else if character == "\\" && quote != "'" {
                escaped = true
                inWord = true
            } else if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" || character == "\n" {
                if inWord { words.append(word) }
                (word, inWord) = ("", false)
            } else {
                word.append(character)
                inWord = true
            }
        }
        if quote != nil || escaped {
            throw UsageError(message: "--exec: an unclosed quote or a lone backslash in '\(text)'")
        }
        if inWord { words.append(word) }
        guard !words.isEmpty else { throw UsageError(message: "--exec needs a command") }
        return words
    }
}
