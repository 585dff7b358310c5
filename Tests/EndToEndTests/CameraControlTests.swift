import Foundation
import Testing

/// The camera's keys on the live screen, in tmux on the fake camera: each key turns its
/// control (the fake logs every VIDIOC_S_CTRL), the status line says what it did, a camera
/// without the control says so, and the camera is left as it was found.
@Suite struct CameraControlTests {
    func start(_ camera: FakeCamera) throws -> TmuxSession {
        try TmuxSession(
            width: 120, height: 40,
            command: "\(camera.shellPrefix) \(QRTUIProcess.executable) --device /dev/video0")
    }

    /// Sends `key` and waits for the status line to say `saying`.
    func press(_ key: String, _ session: TmuxSession, saying: String) throws {
        try session.sendLiteral(key)
        try session.waitFor("'\(saying)' after \(key)") { $0.lines[39].contains(saying) }
    }

    @Test func eachKeyTurnsItsControlAndTheCameraIsLeftAsItWas() throws {
        let camera = FakeCamera("/dev/video0:yuyv+mjpeg", payload: nil, settings: ["QRTUI_FAKE_CONTROLS": "webcam"])
        let session = try start(camera)
        // The choice of format shows on the status line too.
        try session.waitFor("the camera's format") { $0.lines[39].contains("MJPEG 1280x720") }
        try press("]", session, saying: "auto focus off, focus 15 (0–250)")
        try press("]", session, saying: "focus 30 (0–250)")
        try press("[", session, saying: "focus 15 (0–250)")
        try press("e", session, saying: "manual exposure, exposure 350 (3–2047)")
        try press("E", session, saying: "exposure 250 (3–2047)")
        try press("z", session, saying: "zoom 120 (100–500)")
        try press("Z", session, saying: "zoom 100 (100–500)")
        try press("Z", session, saying: "zoom 100 is the lowest (100–500)")
        try press("f", session, saying: "auto focus on")
        let sets = camera.log.filter { $0.hasPrefix("set ") }.map { $0.split(separator: " ", maxSplits: 2)[2] }
        #expect(
            sets == [
                "Focus, Automatic Continuous=0", "Focus, Absolute=15", "Focus, Absolute=30", "Focus, Absolute=15",
                "Auto Exposure=1", "Exposure Time, Absolute=350", "Exposure Time, Absolute=250", "Zoom, Absolute=120",
                "Zoom, Absolute=100", "Focus, Automatic Continuous=1",
            ])
        try session.send("q")
        try session.waitFor("the shell") { $0.text.contains("EXIT=") }
        // What the camera is left with, as it was before qrtui.
        let left = try #require(camera.log.last { $0.hasPrefix("controls ") })
        #expect(
            left.hasSuffix(
                " Brightness=128 Contrast=32 Auto Exposure=3 Exposure Time, Absolute=250 "
                    + "Focus, Automatic Continuous=1 Focus, Absolute=0 Zoom, Absolute=100"))
    }

    @Test func aCameraWithoutAControlSaysSo() throws {
        let camera = FakeCamera(payload: nil, settings: ["QRTUI_FAKE_CONTROLS": "brightness,zoom_absolute:ro"])
        let session = try start(camera)
        try session.waitFor("the picture") { $0.lines[39].contains("/dev/video0") }
        try press("]", session, saying: "this camera has no focus control")
        try press("f", session, saying: "this camera has no auto focus")
        try press("z", session, saying: "zoom: the camera does not let it be set")
        // Without an exposure time, brightness.
        try press("e", session, saying: "brightness 140 (0–255)")
        try session.send("q")
        try session.waitFor("the shell") { $0.text.contains("EXIT=") }
        #expect(
            camera.log.filter { $0.hasPrefix("set ") }.map { $0.split(separator: " ", maxSplits: 2)[2] } == [
                "Brightness=140", "Brightness=128",
            ])
    }

    @Test func aCameraWithNoControlsAtAllSaysSo() throws {
        let session = try start(FakeCamera(payload: nil))
        try session.waitFor("the picture") { $0.lines[39].contains("/dev/video0") }
        try press("z", session, saying: "this camera has no zoom control")
        try press("e", session, saying: "no exposure or brightness control")
        try session.send("q")
        try session.waitFor("the shell") { $0.text.contains("EXIT=") }
    }
}
