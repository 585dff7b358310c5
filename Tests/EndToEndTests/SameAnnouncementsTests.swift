import CodeFixtures
import Foundation
import FrameCore
import PictureFiles
import Testing

/// One rule announces codes, headless and on the screen: the same clip gives the same codes in
/// the same order both ways.
@Suite struct SameAnnouncementsTests {
    let directory = TemporaryDirectory("same-announcements")

    /// Five codes of four kinds in turn, blank frames between, each frame with noise of its own;
    /// each fits the screen's starting scan area (400 px wide for 640x480).
    func clip() -> (path: String, payloads: [String]) {
        var frames = [Frame]()
        var payloads = [String]()
        let parts: [(SwapClip.Kind, Double, Int)] = [
            (.qr, 4, 2), (.ean13, 3, 1), (.dataMatrix, 5, 1), (.code128, 2, 1),
        ]
        for (index, (kind, size, count)) in parts.enumerated() {
            var clip = SwapClip(kind, moduleSize: size)
            (clip.codes, clip.framesEach, clip.blankBetween, clip.sigma) = (count, 20, 10, 6)
            frames += clip.frames(seed: UInt64(index + 1))
            payloads += clip.payloads
        }
        return (directory.write("five.y4m", Y4MEncoder.encode(frames)), payloads)
    }

    /// The texts a `--history` file recorded, in order.
    static func recorded(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["text"] as? String
        }
    }

    @Test func headlessAndTheScreenAnnounceTheSameCodesInTheSameOrder() throws {
        let (file, payloads) = clip()
        let headless = directory.path + "/headless.jsonl"
        let run = try QRTUIProcess.run(["--no-preview", "--history", headless, file], deadline: 120)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.recorded(headless) == payloads)

        let screen = directory.path + "/screen.jsonl"
        let session = try TmuxSession(
            width: 100, height: 30, command: "\(QRTUIProcess.executable) -i \(file) --history \(screen) --no-beep")
        let last = try #require(payloads.last)
        try session.waitFor("the last code", seconds: 60) { $0.lines[29].contains(last) }
        try session.send("q")
        try session.waitFor("the shell") { $0.text.contains("EXIT=") }
        #expect(Self.recorded(screen) == payloads)
    }
}
