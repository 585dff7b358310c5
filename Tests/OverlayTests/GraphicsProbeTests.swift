import Testing

@testable import Overlay

/// What a terminal can draw, from scripted answers to `GraphicsProbe.questions`.
@Suite struct GraphicsProbeTests {
    static func answers(_ chunks: String...) -> GraphicsProbe {
        var probe = GraphicsProbe()
        for chunk in chunks { probe.feed(Array(chunk.utf8)) }
        return probe
    }

    @Test func xtermAsAVT340DrawsSixel() {
        // Debian's xterm -ti vt340: no kitty answer; XTSMGRAPHICS; the cell; DA with 4.
        let probe = Self.answers(
            "\u{1B}[?1;0;1024S\u{1B}[?2;0;1000;1000S\u{1B}[6;20;10t\u{1B}[?63;1;2;4;6;9;15;16;22;28c")
        #expect(probe.finished)
        #expect(probe.support.sixel && !probe.support.kitty)
        #expect(probe.support.colourRegisters == 1024)
        #expect(probe.support.sixelLimit == PixelSize(width: 1000, height: 1000))
        #expect(probe.support.cellPixels == PixelSize(width: 10, height: 20))
        #expect(probe.support.drawsPictures)
        #expect(probe.other.isEmpty)
        #expect(probe.support.summary == "sixel (1024 colours), cells of 10x20 px")
    }

    @Test func anXtermWithoutSixelAnswersXTSMGRAPHICSButNotAttribute4() {
        let probe = Self.answers("\u{1B}[?1;0;256S\u{1B}[?2;3;0S\u{1B}[6;17;8t\u{1B}[?64;1;2;6;9;15;18;21;22c")
        #expect(probe.finished)
        #expect(!probe.support.sixel && !probe.support.kitty && !probe.support.drawsPictures)
        #expect(probe.support.sixelLimit == nil)
        #expect(probe.support.summary == "characters only, cells of 8x17 px")
    }

    @Test func kittyAnswersItsQueryOK() {
        let probe = Self.answers("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;22;11t\u{1B}[?62;c")
        #expect(probe.support.kitty && !probe.support.sixel && probe.support.drawsPictures)
        #expect(probe.support.summary == "kitty graphics, cells of 11x22 px")
    }

    @Test func aTerminalThatRefusesTheKittyQueryDrawsNoKittyPictures() {
        let probe = Self.answers("\u{1B}_Gi=31;ENOTSUPPORTED:no graphics here\u{1B}\\\u{1B}[?62;22c")
        #expect(probe.finished && !probe.support.kitty && !probe.support.drawsPictures)
    }

    @Test func aTerminalThatAnswersNothingIsLeftWithCharacters() {
        var probe = Self.answers()
        probe.giveUp()
        #expect(!probe.finished && !probe.support.drawsPictures)
        #expect(probe.support.summary == "characters only (the terminal answered no question)")
    }

    @Test func tmuxAnswersForItselfWithoutSixelOrKitty() {
        // tmux 3.3 answers Primary DA itself and passes neither protocol's question on.
        let probe = Self.answers("\u{1B}[?1;2c")
        #expect(probe.finished && !probe.support.sixel && !probe.support.kitty)
    }

    @Test func insideTmuxOrScreenTheKittyQuestionIsNotPut() {
        // They take the APC it comes in for a title: the pane's would change.
        #expect(GraphicsProbe.asksKitty(environment: ["TERM": "xterm-kitty"]))
        #expect(!GraphicsProbe.asksKitty(environment: ["TERM": "xterm-256color", "TMUX": "/tmp/tmux-0/default,1,0"]))
        #expect(!GraphicsProbe.asksKitty(environment: ["TERM": "screen-256color"]))
        #expect(!GraphicsProbe.asksKitty(environment: ["TERM": "xterm", "STY": "1234.pts-0"]))
        let questions = String(decoding: GraphicsProbe.questions(askingKitty: false), as: UTF8.self)
        #expect(!questions.contains("\u{1B}_") && questions.hasSuffix("\u{1B}[c"))
    }

    @Test func keysTypedAmongTheAnswersAreKeptInOrder() {
        // "q", an arrow (CSI A: no answer), an answer split across two reads, Esc O P (F1).
        let probe = Self.answers("q\u{1B}[A\u{1B}[6;2", "0;10tx\u{1B}OP\u{1B}[?63;4c")
        #expect(probe.support.cellPixels == PixelSize(width: 10, height: 20) && probe.support.sixel)
        #expect(probe.other == Array("q\u{1B}[Ax\u{1B}OP".utf8))
    }

    @Test func theWindowsPixelsGiveTheCellWhereTheTerminalDidNotSay() {
        var probe = Self.answers("\u{1B}[?63;4c")
        probe.assume(window: PixelSize(width: 1600, height: 960), columns: 160, rows: 48)
        #expect(probe.support.cellPixels == PixelSize(width: 10, height: 20))
        probe.assume(window: PixelSize(width: 800, height: 480), columns: 160, rows: 48)
        #expect(probe.support.cellPixels == PixelSize(width: 10, height: 20))  // the terminal's word stands
    }

    /// A kitty on this machine reads the 1x1 picture the probe left in shared memory and in a
    /// file; one over SSH finds neither and is sent pictures in the escapes.
    @Test func theDropsKittyCouldReadChooseHowPicturesGo() {
        let questions = String(
            decoding: GraphicsProbe.questions(askingKitty: true, drops: ("c2ht", "ZmlsZQ==")), as: UTF8.self)
        #expect(questions.contains("\u{1B}_Gi=32,s=1,v=1,a=q,t=s,f=24;c2ht\u{1B}\\"))
        #expect(questions.contains("\u{1B}_Gi=33,s=1,v=1,a=q,t=t,f=24;ZmlsZQ==\u{1B}\\"))
        let ok = "\u{1B}_Gi=31;OK\u{1B}\\"
        let local = Self.answers(ok + "\u{1B}_Gi=32;OK\u{1B}\\\u{1B}_Gi=33;OK\u{1B}\\\u{1B}[?62;c")
        #expect(local.support.kitty && local.support.kittyTransfer == .sharedMemory && local.other.isEmpty)
        let fileOnly = Self.answers(ok + "\u{1B}_Gi=32;ENOENT:gone\u{1B}\\\u{1B}_Gi=33;OK\u{1B}\\\u{1B}[?62;c")
        #expect(fileOnly.support.kittyTransfer == .file)
        #expect(fileOnly.support.summary == "kitty graphics (by temporary file)")
        let remote = Self.answers(ok + "\u{1B}_Gi=32;ENOENT:x\u{1B}\\\u{1B}_Gi=33;EBADF:x\u{1B}\\\u{1B}[?62;c")
        #expect(remote.support.kitty && remote.support.kittyTransfer == .direct && remote.other.isEmpty)
        #expect(remote.support.summary == "kitty graphics")
    }
}
