import Overlay
import Testing

@Suite struct VisibleTextTests {
    @Test func controlsBecomeVisibleEscapes() {
        #expect(
            VisibleText.escaping("a\u{1B}[31mb\u{07}\u{0}\u{7F}\u{9B}\u{202E}\t\r\n")
                == "a\\e[31mb\\x07\\x00\\x7F\\u{009B}\\u{202E}\\t\\r\\n")
        #expect(VisibleText.escaping("plain ✓ 日本") == "plain ✓ 日本")
        #expect(VisibleText.isPlain("plain ✓"))
        #expect(!VisibleText.isPlain("\u{1B}"))
    }

    @Test func aBackslashIsEscapedSoTextCannotPassForAnEscape() {
        // The text `\e` and a real ESC print differently.
        #expect(VisibleText.escaping("\\e") == "\\\\e")
        #expect(VisibleText.escaping("\u{1B}") == "\\e")
        #expect(VisibleText.escaping("C:\\dir") == "C:\\\\dir")
    }

    @Test func invisibleCharactersAreShown() {
        #expect(
            VisibleText.escaping("a\u{200B}b\u{FEFF}c\u{2066}d\u{00AD}") == "a\\u{200B}b\\u{FEFF}c\\u{2066}d\\u{00AD}")
    }

    @Test func terminalTextEscapesWhatIsInterpolatedOnly() {
        let name = "evil\u{1B}]0;PWNED\u{07}.png"
        let text: TerminalText = "cannot open \(name): \(42) files"
        #expect(text.escaped == "cannot open evil\\e]0;PWNED\\x07.png: 42 files")
        let nested: TerminalText = "error: \(text)"  // already safe: not escaped twice
        #expect(nested.escaped == "error: " + text.escaped)
        #expect(TerminalText(escaping: "\u{9B}2J").escaped == "\\u{009B}2J")
    }
}
