import Testing

@testable import Overlay

/// Bytes as terminals send them, decoded whole: no part of a sequence is a key of its own.
@Suite struct KeyDecoderTests {
    func decode(_ text: String, known: [[UInt8]: Key] = [:]) -> [TerminalEvent] {
        var decoder = KeyDecoder(known: known)
        let events = decoder.feed(Array(text.utf8))
        return events + (decoder.isWaiting ? decoder.timeOut() : [])
    }

    @Test(arguments: [
        // xterm and tmux (normal and application cursor modes), rxvt, with modifiers
        ("\u{1B}[A", Key.up), ("\u{1B}OB", .down), ("\u{1B}[C", .right), ("\u{1B}OD", .left),
        ("\u{1B}[1;2A", .shiftUp), ("\u{1B}[1;2B", .shiftDown), ("\u{1B}[1;2C", .shiftRight),
        ("\u{1B}[1;2D", .shiftLeft),
        ("\u{1B}O2C", .shiftRight), ("\u{1B}[a", .shiftUp), ("\u{1B}[d", .shiftLeft),
        ("\u{1B}[H", .home), ("\u{1B}OH", .home), ("\u{1B}[1~", .home), ("\u{1B}[7~", .home),
        ("\u{1B}[F", .end), ("\u{1B}OF", .end), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
        ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[2~", .insert), ("\u{1B}[3~", .delete),
        ("\u{1B}OP", .function(1)), ("\u{1B}[15~", .function(5)), ("\u{1B}[24~", .function(12)),
        // the Linux console's F1 and F5
        ("\u{1B}[[A", .function(1)), ("\u{1B}[[E", .function(5)),
        ("\u{1B}[Z", .backTab), ("\u{1B}OM", .enter), ("\u{1B}Ok", .character("+")), ("\u{1B}Om", .character("-")),
    ])
    func sequencesAreOneKey(sequence: String, key: Key) {
        #expect(decode(sequence) == [.key(key)])
        // Within other input, it is still one key and nothing of it spills out.
        #expect(decode("q" + sequence + "x") == [.key(.character("q")), .key(key), .key(.character("x"))])
    }

    @Test(arguments: [
        "\u{1B}x", "\u{1B}Q", "\u{1B}é", "\u{1B}\u{1B}[A", "\u{1B}[1;3C", "\u{1B}[1;5D", "\u{1B}[3;5~",
        "\u{1B}[200~", "\u{1B}[I", "\u{1B}[?1;2c", "\u{1B}[99x", "\u{1B}O5Q", "\u{1B}[<0;10;5m",
        "\u{1B}[<64;10;5M", "\u{1B}[<32;10;5M", "\u{1B}[M#!!",
    ])
    func altKeysUnknownSequencesAndOtherMouseReportsAreIgnoredWhole(sequence: String) {
        #expect(decode(sequence).isEmpty)
        #expect(decode(sequence + "q") == [.key(.character("q"))])
    }

    @Test func onlyALoneEscapeIsTheEscapeKey() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.isWaiting)
        #expect(decoder.timeOut() == [.key(.escape)])
        #expect(!decoder.isWaiting)
        // A sequence split in two reads is one key.
        #expect(decoder.feed(Array("\u{1B}[1;".utf8)).isEmpty)
        #expect(decoder.feed(Array("2C".utf8)) == [.key(.shiftRight)])
        // A sequence cut short, with nothing after it, is dropped: it is not Esc.
        #expect(decoder.feed(Array("\u{1B}[1;2".utf8)).isEmpty)
        #expect(decoder.timeOut().isEmpty)
    }

    @Test func mouseClicksInSGRFormReachEveryColumn() {
        #expect(decode("\u{1B}[<0;10;5M") == [.click(column: 9, row: 4)])
        #expect(decode("\u{1B}[<0;300;60M") == [.click(column: 299, row: 59)])
        // X10, as a terminal without 1006 sends it: button 0 at column 1, row 2.
        #expect(decode("\u{1B}[M !\"") == [.click(column: 0, row: 1)])
    }

    @Test func theTerminalDescriptionsSequencesWin() {
        // TERM=linux names F1 `ESC [ [ A`; a made-up description names Shift+Up `ESC [ 9 9 z`.
        let known: [[UInt8]: Key] = [Array("\u{1B}[99z".utf8): .shiftUp, Array("\u{1B}[[A".utf8): .function(1)]
        #expect(decode("\u{1B}[99z", known: known) == [.key(.shiftUp)])
        #expect(decode("\u{1B}[[A", known: known) == [.key(.function(1))])
        // A prefix of a named sequence waits for the rest.
        var decoder = KeyDecoder(known: known)
        #expect(decoder.feed(Array("\u{1B}[9".utf8)).isEmpty)
        #expect(decoder.feed(Array("9z".utf8)) == [.key(.shiftUp)])
    }

    @Test func charactersAndControlsDecode() {
        #expect(
            decode("q é 日\r\t") == [
                .key(.character("q")), .key(.space), .key(.character("é")), .key(.space),
                .key(.character("日")), .key(.enter), .key(.tab),
            ])
        // Bytes that are no character are dropped, not passed on.
        var decoder = KeyDecoder()
        #expect(decoder.feed([0xFF, 0x80, 0x61]) == [.key(.character("a"))])
        #expect(decoder.feed([0xE6, 0x97]).isEmpty)  // half a character waits
        #expect(decoder.feed([0xA5]) == [.key(.character("日"))])
        #expect(decoder.feed([0xE6, 0x41]) == [.key(.character("A"))])
    }

    @Test func garbageWithoutAnEndIsDroppedNotHeldForever() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array(("\u{1B}[" + String(repeating: "1", count: 40)).utf8)).isEmpty)
        #expect(!decoder.isWaiting)
        #expect(decoder.feed(Array("x".utf8)) == [.key(.character("x"))])
    }
}
