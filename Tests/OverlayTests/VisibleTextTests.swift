import Overlay
import Testing

@Suite struct VisibleTextTests {
    @Test func controlsBecomeVisibleEscapes() {
        #expect(VisibleText.escaping("a\u{1B}[31mb\u{07}\u{0}\u{7F}\u{9B}\u{202E}\t\r\n") == "a\\e[31mb\\x07\\x00\\x7f\\u{9b}\\u{202e}\\t\\r\\n")
        #expect(VisibleText.escaping("plain ✓ 日本") == "plain ✓ 日本")
        #expect(VisibleText.isPlain("plain ✓"))
        #expect(!VisibleText.isPlain("\u{1B}"))
    }
}
