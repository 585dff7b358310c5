import Testing

@testable import Overlay

@Suite struct StatusBarTests {
    func line(
        _ status: ReaderStatus, info: StatusInfo = StatusInfo(source: "demo"), width: Int = 60,
        unicode: Bool = true
    ) -> (String, CellGrid) {
        var grid = CellGrid(width: width, height: 1)
        StatusBar.draw(status, info: info, unicode: unicode, row: 0, into: &grid)
        return (grid.lines[0], grid)
    }

    @Test func successShowsTypeAndEscapedPayload() {
        let (text, grid) = line(.success(CodeSummary(type: "QR-Code", text: "a\u{1B}[2Jb", byteCount: 6)))
        #expect(text.hasPrefix(" ✔ QR-Code  a\\e[2Jb │ demo"))
        #expect(grid[1, 0].style.background == .green)
    }

    @Test func severalCodesInSightAreCountedBesideTheOneShown() {
        var info = StatusInfo(source: "demo")
        info.codesInSight = 3
        let summary = CodeSummary(type: "QR-Code", text: "A", byteCount: 1)
        #expect(line(.success(summary), info: info, width: 80).0.hasPrefix(" ✔ QR-Code  3 codes (h lists them) · A │"))
        #expect(
            line(.success(summary), info: info, width: 80, unicode: false).0.hasPrefix(
                " OK QR-Code  3 codes (h lists them) - A |"))
        info.codesInSight = 1
        #expect(line(.success(summary), info: info).0.hasPrefix(" ✔ QR-Code  A │"))
    }

    /// Frames gathered for a faint code: the user is told what is going on, and to hold still.
    @Test func gatheringFramesForAFaintCodeAsksToHoldStill() {
        var info = StatusInfo(source: "/dev/video0")
        info.gathering = 12
        #expect(
            line(.scanning, info: info, width: 100).0.hasPrefix(
                " ◎ Scanning gathering frames for a faint code (12): hold still │"))
        info.gathering = nil
        #expect(!line(.scanning, info: info, width: 100).0.contains("gathering"))
    }

    @Test func longPayloadsAreCutWithAnEllipsisAndNoControlCharacterSurvives() {
        let payload = String(repeating: "\u{1B}]52;c;AAAA\u{07}\u{9B}", count: 800)  // about 10 kB
        #expect(payload.utf8.count > 10_000)
        let (text, grid) = line(
            .success(CodeSummary(type: "QR-Code", text: payload, byteCount: payload.utf8.count)), width: 80)
        #expect(text.hasSuffix("…"))
        #expect(grid.cells.count == 80)
        #expect(
            grid.cells.allSatisfy {
                $0.text.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }
            })
    }

    @Test func wideCharactersTakeTwoCells() {
        let (text, grid) = line(.success(CodeSummary(type: "QR-Code", text: "日本語", byteCount: 9)), width: 40)
        #expect(text.hasPrefix(" ✔ QR-Code  日本語 │"))
        let start = 12
        #expect(grid[start, 0].text == "日" && grid[start + 1, 0].isContinuation && grid[start + 2, 0].text == "本")
    }

    @Test func failureShowsReasonAndHint() {
        let (text, grid) = line(
            .fail(reason: "cannot open /dev/video0: Permission denied", hint: "join the video group"), width: 100)
        #expect(text.hasPrefix(" ✘ FAIL  cannot open /dev/video0: Permission denied (join the video group)"))
        #expect(grid[1, 0].style.background == .red)
    }

    @Test func detailsDropOutWhenNarrowButTheStatusStays() {
        let info = StatusInfo(source: "/dev/video0", frameSize: (1280, 720), framesPerSecond: 29.97)
        let (wide, _) = line(.scanning, info: info, width: 160)
        #expect(wide.contains("/dev/video0 │ 1280x720 │ 30 fps │ ←↑↓→ move"))
        let (narrow, _) = line(.scanning, info: info, width: 60)
        #expect(narrow.hasPrefix(" ◎ Scanning aim the code into the brackets"))
        #expect(!narrow.contains("move"))
        // The way to help stays at every width where it fits after the status.
        #expect(narrow.contains("│ ? help"))
        let (tiny, _) = line(.scanning, info: info, width: 20)
        #expect(!tiny.contains("help"))
    }

    @Test func aFilterIsNamedWhileNothingIsRead() {
        var info = StatusInfo(source: "/dev/video0")
        info.looksFor = ["EAN-13"]
        #expect(line(.scanning, info: info, width: 80).0.hasPrefix(" ◎ Scanning looking for EAN-13 only"))
        info.lastCode = CodeSummary(type: "EAN-13", text: "5901234123457", byteCount: 13)
        #expect(line(.scanning, info: info, width: 80).0.hasPrefix(" ◎ Scanning last: 5901234123457"))
    }

    @Test func demoPauseAndAsciiFallback() {
        let info = StatusInfo(source: "demo", isDemo: true, paused: true)
        let (text, _) = line(.stop(byUser: true), info: info, width: 60, unicode: false)
        #expect(text.hasPrefix(" DEMO  STOP  stopped | demo"))
        // Paused is not scanning: the status says so, and how to go on.
        let (paused, _) = line(.scanning, info: info, width: 60, unicode: false)
        #expect(paused.hasPrefix(" DEMO  PAUSED  space resumes"))
        #expect(!paused.contains("Scanning"))
    }
}
