import CodeFixtures
import Foundation
import FrameCore
import PictureFiles
import Testing

/// Codes shown in turn at one place (a ticket gate, a parcel desk, a video of labels), under
/// fresh sensor noise: each is announced once, within 2 frames of appearing (3 for 1D codes,
/// confirmation included), and nothing else is.
@Suite struct SwapTests {
    let directory = TemporaryDirectory("swap")

    /// The JSON lines of a run: each code's text and the frame it was announced in.
    static func announcements(_ run: QRTUIRun) -> [(text: String, frame: Int)] {
        run.stdoutText.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let text = object["text"] as? String, let frame = object["frame"] as? Int
            else { return nil }
            return (text, frame)
        }
    }

    /// Each code announced once, in time after the frame it appeared in, and nothing else.
    static func expectInTime(_ lines: [(text: String, frame: Int)], _ clip: SwapClip, stretch: Int? = nil) {
        let limit = clip.kind.isLinear ? 3 : 2
        #expect(Set(lines.map(\.text)).isSubset(of: clip.payloads), "\(clip.name): \(lines)")
        for (payload, appeared) in zip(clip.payloads, clip.appearances) {
            let seen = lines.filter { $0.text == payload }
            #expect(seen.count == 1, "\(clip.name): \(payload) announced \(seen.count) times: \(lines)")
            let frames = seen.first.map { $0.frame - appeared + 1 }
            #expect(frames.map { (1...limit).contains($0) } == true, "\(clip.name): \(payload) after \(frames ?? -1)")
        }
    }

    static let forms: [SwapClip] = {
        func clip(
            _ kind: SwapClip.Kind, _ size: Double, sigma: Double, blank: Int = 0, filling: Bool = false,
            large: Bool = false
        ) -> SwapClip {
            var clip = SwapClip(kind, moduleSize: size)
            (clip.sigma, clip.blankBetween, clip.filling, clip.framesEach) = (sigma, blank, filling, 15)
            if large { (clip.width, clip.height) = (1280, 720) }
            return clip
        }
        return [
            clip(.qr, 2, sigma: 12), clip(.qr, 4, sigma: 6), clip(.qr, 8, sigma: 0),
            clip(.qr, 16, sigma: 6, large: true),
            clip(.qr, 24, sigma: 12, large: true), clip(.qr, 4, sigma: 6, blank: 8),
            clip(.qr, 6, sigma: 12, filling: true),
            clip(.ean13, 2, sigma: 6), clip(.ean13, 3, sigma: 12, blank: 8), clip(.code128, 2, sigma: 0),
            clip(.code128, 3, sigma: 12, blank: 8), clip(.dataMatrix, 4, sigma: 12),
            clip(.dataMatrix, 6, sigma: 6, blank: 8),
        ]
    }()

    /// A Y4M file read headless (its work counted, so every run reads it alike).
    @Test(arguments: forms)
    func eachCodeOfAY4MFileIsAnnouncedInTime(_ clip: SwapClip) throws {
        let file = directory.write("swap.y4m", Y4MEncoder.encode(clip.frames()))
        let run = try QRTUIProcess.run(["--no-preview", "--format", "json", file], deadline: 120)
        #expect(run.status == 0, "\(run.stderr)")
        Self.expectInTime(Self.announcements(run), clip)
    }

    /// The fake camera showing the codes in turn (QRTUI_FAKE_SEQUENCE) with fresh noise: at 5
    /// frames a second, so that a loaded machine (and a debug build) does not make qrtui skip frames.
    @Test(arguments: [(SwapClip.Kind.qr, 3.0, 6.0), (.ean13, 3, 12), (.dataMatrix, 5, 0)])
    func eachCodeShownToTheCameraIsAnnouncedInTime(_ kind: SwapClip.Kind, _ size: Double, _ sigma: Double) throws {
        var clip = SwapClip(kind, moduleSize: size)
        (clip.sigma, clip.framesEach) = (sigma, 20)
        let pictures = clip.pictures().codes.enumerated().map { index, picture in
            directory.write("code-\(index).pgm", NetpbmCodec.encode(picture)) + ":\(clip.framesEach)"
        }
        let camera = FakeCamera(
            "/dev/video0:grey", payload: nil,
            settings: [
                "QRTUI_FAKE_SEQUENCE": pictures.joined(separator: ","), "QRTUI_FAKE_SIGMA": "\(sigma)",
            ])
        let run = try QRTUIProcess.run(
            [
                "--no-preview", "-d", "/dev/video0", "--size", "640x480", "--fps", "5", "--format", "json",
                "--timeout", "12.5",
            ],
            environment: camera.environment, deadline: 60)
        #expect(run.status == 0, "\(run.stderr)")
        // The first loop of the sequence (it starts again at frame 60).
        Self.expectInTime(Self.announcements(run).filter { $0.frame < 3 * clip.framesEach }, clip)
    }
}

extension SwapClip: CustomTestStringConvertible {
    public var testDescription: String { name }
}
