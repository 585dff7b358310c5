import CodeFixtures
import Foundation
import FrameCore
import PictureFiles
import Testing

/// A faint, small code in a dim room under heavy noise, which no frame alone reads: read from
/// the frames together by the real qrtui, from a file and from the fake camera in MJPEG.
@Suite struct FaintCodeTests {
    let directory = TemporaryDirectory("faint")

    /// A still one and a shaking one (`qrtui-bench --fusion` keeps both: no frame alone reads).
    static let clips = [FaintClip(seed: 2), FaintClip(seed: 3, shake: 2)]

    @Test(arguments: clips)
    func aFaintCodeInAFileIsReadFromItsFramesTogether(_ clip: FaintClip) throws {
        let file = directory.write("faint.y4m", Y4MEncoder.encode(clip.frames()))
        let run = try QRTUIProcess.run(["--no-preview", "--format", "json", file], deadline: 120)
        #expect(run.status == 0, "\(clip.name): \(run.stderr)")
        #expect(SwapTests.announcements(run).map(\.text) == [clip.payloads[0]], "\(clip.name)")
    }

    /// The camera loops the clip (MJPEG at 30 fps, as webcams send 720p): the code is read, and
    /// nothing else is.
    @Test func aFaintCodeShownToAnMJPEGCameraIsRead() throws {
        let clip = Self.clips[0]
        let file = directory.write("faint.y4m", Y4MEncoder.encode(clip.frames()))
        let camera = FakeCamera(
            "/dev/video0:mjpeg", payload: nil, settings: ["QRTUI_FAKE_CLIP": file, "QRTUI_FAKE_NOISE": "0"])
        let run = try QRTUIProcess.run(
            [
                "--no-preview", "--format", "json", "--once", "-d", "/dev/video0", "--size", "1280x720", "--timeout",
                "30",
            ],
            environment: camera.environment, deadline: 60)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(SwapTests.announcements(run).map(\.text) == [clip.payloads[0]])
    }
}
