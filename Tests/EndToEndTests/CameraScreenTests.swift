import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import PictureFiles
import Testing

/// The live screen on the fake camera: picture, success, failures, unplugging, all in tmux.
@Suite struct CameraScreenTests {
    let directory = TemporaryDirectory("camera-screen")
    func start(_ camera: FakeCamera, _ arguments: String = "--device /dev/video0") throws -> TmuxSession {
        try TmuxSession(
            width: 120, height: 40, command: "\(camera.shellPrefix) \(QRTUIProcess.executable) \(arguments)")
    }

    /// qrtui's process id in the pane (the shell's child).
    func pid(_ session: TmuxSession) throws -> String {
        let shell = try session.tmux(["display-message", "-p", "-t", "t", "#{pane_pid}"]).trimmingCharacters(
            in: .whitespacesAndNewlines)
        return try procFile("/proc/\(shell)/task/\(shell)/children").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// No buffer of the fake camera is still mapped and no descriptor of it is open.
    func expectNothingHeld(_ session: TmuxSession, _ camera: FakeCamera) throws {
        let maps = try procFile("/proc/\(try pid(session))/maps")
        #expect(!maps.contains("qrtui-fake-v4l2"))
        let log = camera.log
        #expect(log.filter { $0.hasPrefix("open ") }.count == log.filter { $0.hasPrefix("close ") }.count)
        #expect(log.filter { $0.hasPrefix("close ") }.allSatisfy { $0.hasSuffix("mappings=0") })
    }

    @Test(arguments: ["yuyv", "grey", "mjpeg"])
    func showsThePictureAndReadsTheCode(format: String) throws {
        let camera = FakeCamera("/dev/video0:\(format)")
        let session = try start(camera)
        let pane = try session.waitFor("the success status", seconds: 30) { $0.lines[39].contains("QR-Code") }
        #expect(pane.lines[39].contains("https://example.org/camera"))
        #expect(pane.lines[39].contains("/dev/video0"))
        #expect(pane.brackets != nil)
        // The picture is drawn: the code's dark and light modules give dense and sparse glyphs.
        #expect(Set(pane.lines.prefix(39).joined()).count > 6)
        let maps = try procFile("/proc/\(try pid(session))/maps")
        #expect(maps.contains("qrtui-fake-v4l2"))  // streaming: the buffers are mapped
        try session.send("q")
        let done = try session.waitFor("the shell") { $0.text.contains("EXIT=") }
        #expect(done.lines.contains("https://example.org/camera"))
        #expect(done.exitStatus == 0)
        #expect(camera.log.last?.hasSuffix("mappings=0") == true)
    }

    /// `?` on a camera lists its keys; on a still it does not (they would only say "need a camera").
    @Test func helpListsCameraKeysOnlyForACamera() throws {
        let camera = FakeCamera("/dev/video0:yuyv")
        let session = try start(camera)
        try session.waitFor("the success status", seconds: 30) { $0.lines[39].contains("QR-Code") }
        try session.send("?")
        let help = try session.waitFor("the help box") { $0.text.contains("qrtui keys") && $0.text.contains("q, esc") }
        #expect(help.text.contains("camera focus, exposure, zoom") && help.text.contains("mirror the picture"))
        try session.send("q")
        let still = directory.write(
            "code.png", PNGCodec.encode(CodeFixtures.qrScene("a still", width: 300, height: 300, moduleSize: 4)))
        let stillSession = try TmuxSession(width: 120, height: 40, command: "\(QRTUIProcess.executable) -i \(still)")
        try stillSession.waitFor("the success status") { $0.lines[39].contains("QR-Code") }
        try stillSession.send("?")
        let stillHelp = try stillSession.waitFor("the help box") {
            $0.text.contains("qrtui keys") && $0.text.contains("q, esc")
        }
        #expect(!stillHelp.text.contains("camera focus") && stillHelp.text.contains("mirror the picture"))
        try stillSession.send("q")
    }

    /// The screen on a fake YUYV camera (640x480) showing an EAN-13 of `twelve` digits at
    /// `moduleWidth` pixels a module, with a little fresh noise.
    func startOnEAN13(_ twelve: String, moduleWidth: Int) throws -> TmuxSession {
        let picture = directory.write(
            "ean13.pgm", NetpbmCodec.encode(EAN13.scene(twelve, moduleWidth: moduleWidth, width: 640, height: 480)))
        return try start(FakeCamera(settings: ["QRTUI_FAKE_IMAGE": picture, "QRTUI_FAKE_SIGMA": "3"]))
    }

    /// An EAN-13 wider than the scan area: the status says why nothing is read, and End reads it.
    @Test func aCodeWiderThanTheAreaIsSaidAndReadOnceWidened() throws {
        let session = try startOnEAN13("590123412345", moduleWidth: 5)
        let said = try session.waitFor("why nothing is read", seconds: 20) {
            $0.lines[39].contains("a code reaches past the scan area: End widens it")
        }
        #expect(!said.lines[39].contains("EAN-13"))
        try session.send("End")
        try session.waitFor("the code read", seconds: 20) { $0.lines[39].contains("EAN-13") }
        try session.send("q")
    }

    /// A usual barcode (an EAN-13 at 4 px a module, 380 px of bars) in a small camera's picture
    /// (640x480) is read in the area it starts with, no key pressed.
    @Test func theUsualBarcodeFitsTheStartingArea() throws {
        let session = try startOnEAN13("400638133393", moduleWidth: 4)
        try session.waitFor("the code read", seconds: 20) { $0.lines[39].contains("EAN-13") }
        try session.send("q")
    }

    @Test func permissionDeniedSaysWhatToDo() throws {
        let camera = FakeCamera(settings: ["QRTUI_FAKE_FAIL": "open:EACCES"])
        let session = try start(camera)
        let pane = try session.waitFor("the fail status") { $0.lines[39].contains("FAIL") }
        // The advice does not fit beside the reason at 120 columns: it is given whole above it.
        #expect(pane.lines[39].contains("cannot open /dev/video0: Permission denied"))
        #expect(
            pane.lines[38].trimmingCharacters(in: .whitespaces)
                == "join the video group: sudo usermod -aG video $USER, then log in again")
        try expectNothingHeld(session, camera)
        try session.send("q")
        let done = try session.waitFor("the shell") { $0.text.contains("EXIT=") }
        #expect(done.text.contains("qrtui: cannot open /dev/video0: Permission denied (join the video group"))
        #expect(done.exitStatus == 1)
    }

    @Test func aBusyCameraIsReleasedAtOnce() throws {
        let camera = FakeCamera(settings: ["QRTUI_FAKE_FAIL": "busy"])
        let session = try start(camera)
        let pane = try session.waitFor("the fail status") { $0.lines[39].contains("FAIL") }
        #expect(pane.lines[39].contains("/dev/video0 is busy: another program is using it"))
        // No picture will come: the middle says why, not that one is awaited.
        #expect(!pane.text.contains("waiting for the first picture"))
        #expect(pane.text.contains("no picture: /dev/video0 is busy"))
        #expect(camera.log.first?.hasPrefix("open /dev/video0") == true)
        try expectNothingHeld(session, camera)
        try session.send("q")
        #expect(try session.waitFor("the shell") { $0.text.contains("EXIT=") }.exitStatus == 1)
    }

    @Test func unpluggingKeepsTheLastPictureAndRecovers() throws {
        let camera = FakeCamera(settings: ["QRTUI_FAKE_UNPLUG": "40", "QRTUI_FAKE_REPLUG": "3"])
        let session = try start(camera)
        try session.waitFor("the code", seconds: 30) { $0.lines[39].contains("QR-Code") }
        let unplugged = try session.waitFor("the unplug", seconds: 30) { $0.lines[39].contains("unplugged") }
        #expect(unplugged.lines[39].contains("/dev/video0: the camera was unplugged (waiting for it to come back)"))
        #expect(unplugged.brackets != nil)
        #expect(Set(unplugged.lines.prefix(39).joined()).count > 6)  // the last picture stays
        // Nothing is held while unplugged: judged from the fake's log up to the replug, which
        // comes 3 s later and may have come already when the screen is slow (ThreadSanitizer).
        let log = camera.log
        let unpluggedLog = log.prefix { !$0.hasPrefix("replugged") }
        #expect(unpluggedLog.contains { $0.hasPrefix("unplug ") })
        #expect(
            unpluggedLog.filter { $0.hasPrefix("open ") }.count == unpluggedLog.filter { $0.hasPrefix("close ") }.count)
        #expect(unpluggedLog.filter { $0.hasPrefix("close ") }.allSatisfy { $0.hasSuffix("mappings=0") })
        if unpluggedLog.count == log.count { try expectNothingHeld(session, camera) }
        // The fake unplugs again 40 frames after each replug: on a slow machine the notice may
        // outlast that, so the status is looked for while the camera is back.
        let back = try session.waitFor("the camera to come back", seconds: 30) {
            $0.lines[39].contains("the camera is back") && !$0.lines[39].contains("FAIL")
        }
        #expect(!back.lines[39].contains("was unplugged"))
        try session.send("q")
        #expect(try session.waitFor("the shell") { $0.text.contains("EXIT=") }.exitStatus == 0)
    }
}

/// A /proc file read to its end (they report size 0, so size-based readers stop short).
func procFile(_ path: String) throws -> String {
    guard let handle = FileHandle(forReadingAtPath: path) else { throw CocoaError(.fileReadNoSuchFile) }
    defer { try? handle.close() }
    return String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
}
