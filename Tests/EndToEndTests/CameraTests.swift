import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import PictureFiles
import Testing

/// The camera path against the fake V4L2 device: libv4l2, mmap streaming, every failure.
@Suite struct CameraTests {
    func run(_ camera: FakeCamera, _ arguments: [String], deadline: Double = 30) throws -> QRTUIRun {
        try QRTUIProcess.run(arguments, environment: camera.environment, deadline: deadline)
    }

    @Test(arguments: ["yuyv", "grey", "mjpeg"])
    func readsACodeFromEachFormatAndClosesCleanly(format: String) throws {
        let camera = FakeCamera("/dev/video0:\(format)")
        let result = try run(camera, ["--device", "/dev/video0", "--no-preview", "--once", "--timeout", "20"])
        #expect(result.status == 0)
        #expect(result.stdoutText == "https://example.org/camera\n")
        #expect(result.stderr.isEmpty)
        let log = camera.log
        #expect(log.first == "open /dev/video0 fd=\(log.first?.split(separator: "=").last ?? "")")
        // The fake YUYV camera sends 1280x720 at 10 fps only: 640x480 at 30 is taken.
        let size = format == "yuyv" ? "640x480" : "1280x720"
        #expect(log.contains { $0.hasPrefix("streamon ") && $0.hasSuffix(size) })
        #expect(log.contains { $0.hasPrefix("streamoff ") })
        #expect(log.last?.hasPrefix("close fd=") == true && log.last?.hasSuffix("mappings=0") == true)
    }

    @Test func theDefaultSourceIsTheFirstCaptureDevice() throws {
        // video0 is a metadata node of the camera, as UVC cameras have: it is passed over.
        let camera = FakeCamera("/dev/video0:meta,/dev/video1:grey")
        let result = try run(camera, ["--no-preview", "--once", "--timeout", "20"])
        #expect(result.status == 0)
        #expect(result.stdoutText == "https://example.org/camera\n")
        #expect(camera.log.contains { $0.hasPrefix("streamon ") })
        #expect(camera.log.filter { $0.hasPrefix("open /dev/video1") }.count >= 1)
    }

    @Test func aDefaultCameraThatCannotBeOpenedIsReportedNotSkipped() throws {
        let camera = FakeCamera(settings: ["QRTUI_FAKE_FAIL": "open:EACCES"])
        let result = try run(camera, ["--no-preview"], deadline: 20)
        #expect(result.status == 1)
        #expect(
            result.stderrLines == [
                "qrtui: cannot open /dev/video0: Permission denied (join the video group: sudo usermod -aG video $USER, then log in again)"
            ])
    }

    @Test func sizeAndRateOptionsReachTheDevice() throws {
        let camera = FakeCamera("/dev/video0:grey")
        let result = try run(
            camera, ["-d", "/dev/video0", "--no-preview", "--once", "--size", "640x480", "--fps", "15"])
        #expect(result.status == 0)
        #expect(camera.log.contains { $0.hasPrefix("streamon ") && $0.hasSuffix("640x480") })
    }

    @Test func listsDevicesWithFormatsAndSizes() throws {
        let camera = FakeCamera("/dev/video0:yuyv,/dev/video1:meta,/dev/video2:mjpeg")
        let result = try run(camera, ["--list-devices"])
        #expect(result.status == 0)
        #expect(
            result.stdoutText.split(separator: "\n").map(String.init) == [
                "/dev/video0: qrtui fake camera (fake_v4l2, platform:qrtui-fake)",
                "  YUYV  YUYV 4:2:2  640x480 @ 30 fps, 1280x720 @ 10 fps, 1920x1080 @ 5 fps",
                "  qrtui streams YUYV 640x480 at 30 fps",
                "  no controls",
                "/dev/video1: qrtui fake metadata (fake_v4l2, platform:qrtui-fake): not a video capture device",
                "/dev/video2: qrtui fake camera (fake_v4l2, platform:qrtui-fake)",
                "  MJPG  Motion-JPEG  640x480 @ 30 fps, 1280x720 @ 30 fps, 1920x1080 @ 30 fps",
                "  qrtui streams MJPEG 1280x720 at 30 fps",
                "  no controls",
            ])
        // A size asked for comes before the rate.
        let asked = try run(camera, ["--list-devices", "--size", "1280x720"])
        #expect(asked.stdoutText.contains("  qrtui streams YUYV 1280x720 at 10 fps"))
        let streamed = try run(camera, ["-d", "/dev/video0", "--no-preview", "--once", "-v"])
        #expect(streamed.stderr.contains("qrtui: /dev/video0: streaming YUYV 640x480 at 30 fps"))
    }

    /// A webcam with MJPEG and YUYV, its YUYV at 10 fps at 1280x720: qrtui takes MJPEG at
    /// 30 fps, lists the choice and the camera's controls, and says what it streams.
    @Test func aWebcamIsStreamedAsMJPEGAt30FPS() throws {
        let camera = FakeCamera(
            "/dev/video0:yuyv+mjpeg", settings: ["QRTUI_FAKE_CONTROLS": "focus_auto,zoom_absolute:ro"])
        let list = try run(camera, ["--list-devices"])
        #expect(
            list.stdoutText.split(separator: "\n").map(String.init) == [
                "/dev/video0: qrtui fake camera (fake_v4l2, platform:qrtui-fake)",
                "  YUYV  YUYV 4:2:2   640x480 @ 30 fps, 1280x720 @ 10 fps, 1920x1080 @ 5 fps",
                "  MJPG  Motion-JPEG  640x480 @ 30 fps, 1280x720 @ 30 fps, 1920x1080 @ 30 fps",
                "  qrtui streams MJPEG 1280x720 at 30 fps",
                "  controls:",
                "    Focus, Automatic Continuous on",
                "    Zoom, Absolute 100 (100–500, step 1, default 100, read-only)",
            ])
        // At 640x480 YUYV reaches 30 fps too, and costs less to read.
        let small = try run(camera, ["--list-devices", "--size", "640x480"])
        #expect(small.stdoutText.contains("  qrtui streams YUYV 640x480 at 30 fps"))
        let read = try run(camera, ["-d", "/dev/video0", "--no-preview", "--once", "-v"])
        #expect(read.status == 0)
        #expect(read.stderr.contains("qrtui: /dev/video0: streaming MJPEG 1280x720 at 30 fps"))
        #expect(camera.log.contains { $0.hasPrefix("streamon ") && $0.hasSuffix("MJPG 30 fps 1280x720") })
    }

    @Test(arguments: [
        (
            "open:EACCES",
            "cannot open /dev/video0: Permission denied (join the video group: sudo usermod -aG video $USER, then log in again)"
        ),
        (
            "open:ENOENT",
            "cannot open /dev/video0: No such file or directory (no such device; qrtui --list-devices shows the cameras)"
        ),
        (
            "busy",
            "/dev/video0 is busy: another program is using it (close it and try again; fuser /dev/video* names it)"
        ),
    ])
    func failuresAreOneClearLineAndStatusOne(failure: String, message: String) throws {
        let camera = FakeCamera(settings: ["QRTUI_FAKE_FAIL": failure])
        let result = try run(camera, ["--device", "/dev/video0", "--no-preview"], deadline: 20)
        #expect(!result.timedOut)
        #expect(result.status == 1)
        #expect(result.stderrLines == ["qrtui: " + message])
        // Whatever was opened was closed again, with nothing left mapped.
        let opens = camera.log.filter { $0.hasPrefix("open ") }.count
        #expect(camera.log.filter { $0.hasPrefix("close ") && $0.hasSuffix("mappings=0") }.count == opens)
    }

    @Test func notACaptureDeviceAndNoUsableFormat() throws {
        let camera = FakeCamera("/dev/video1:meta,/dev/video2:h264")
        let meta = try run(camera, ["--device", "/dev/video1", "--no-preview"])
        #expect(meta.status == 1)
        #expect(
            meta.stderrLines == [
                "qrtui: /dev/video1: unsupported: not a video capture device (a metadata or output node?)"
            ])
        let h264 = try run(camera, ["--device", "/dev/video2", "--no-preview"])
        #expect(h264.status == 1)
        #expect(h264.stderrLines.count == 1)
        #expect(h264.stderr.hasPrefix("qrtui: /dev/video2: unsupported: the camera offers no usable picture format"))
    }

    /// A file or a node that is no camera, given with -d: said so, with the way to read a picture.
    @Test func notACameraSaysHowToReadAPicture() throws {
        let directory = TemporaryDirectory("not-a-camera")
        let picture = directory.write("code.png", PNGCodec.encode(CodeFixtures.qrScene("x", width: 100, height: 100)))
        for path in ["/dev/null", picture, directory.path] {
            let result = try QRTUIProcess.run(["--device", path, "--no-preview"])
            #expect(result.status == 1)
            #expect(result.stderrLines.count == 1)
            #expect(result.stderr.hasPrefix("qrtui: cannot open \(path): "))
            #expect(result.stderr.hasSuffix(" (not a camera: read pictures with -i)\n"), "\(result.stderr)")
        }
    }

    /// A camera unplugged and not back when the run ends: a failure, not "no code found".
    @Test func aCameraUnpluggedForGoodEndsWithStatusOne() throws {
        let camera = FakeCamera(payload: nil, settings: ["QRTUI_FAKE_UNPLUG": "5"])
        let result = try run(camera, ["--device", "/dev/video0", "--no-preview", "--timeout", "4"])
        #expect(!result.timedOut)
        #expect(result.status == 1)
        #expect(
            result.stderrLines == [
                "qrtui: /dev/video0: the camera was unplugged; waiting for it to come back",
                "qrtui: /dev/video0: the camera was unplugged and has not come back",
            ])
    }

    /// A driver that hands back a buffer it never gave (its buffer lost, so the stream would
    /// stall once all are): it is said, and the camera opened again; its code is still read.
    @Test func aBadBufferIndexFromTheDriverIsToldAndTheCameraOpenedAgain() throws {
        let camera = FakeCamera("/dev/video0:grey", settings: ["QRTUI_FAKE_BAD_INDEX": "3"])
        let result = try run(
            camera, ["--device", "/dev/video0", "--size", "640x480", "--no-preview", "--timeout", "3"])
        #expect(!result.timedOut)
        #expect(result.status == 0 && result.stdoutText.hasPrefix("https://example.org/camera\n"), "\(result.stderr)")
        let lines = result.stderrLines
        #expect(
            lines.first
                == "qrtui: /dev/video0: the driver handed back buffer 11, of 4 it was given: the stream is opened "
                + "again; waiting for it to come back", "\(lines)")
        #expect(lines.contains("qrtui: /dev/video0: the camera is back"), "\(lines)")
        #expect(camera.log.filter { $0.hasPrefix("open ") }.count >= 2)
    }

    @Test func aMissingDeviceNode() throws {
        let result = try run(FakeCamera(), ["--device", "/dev/video42", "--no-preview"])
        #expect(result.status == 1)
        #expect(
            result.stderrLines == [
                "qrtui: cannot open /dev/video42: No such file or directory (no such device; qrtui --list-devices shows the cameras)"
            ])
    }

    @Test func unpluggedCameraIsWaitedForAndComesBack() throws {
        let camera = FakeCamera(payload: nil, settings: ["QRTUI_FAKE_UNPLUG": "5", "QRTUI_FAKE_REPLUG": "0.5"])
        // Room for a loaded machine: the camera is back within about a second.
        let result = try run(camera, ["--device", "/dev/video0", "--no-preview", "--timeout", "6"])
        #expect(!result.timedOut)
        #expect(result.status == 4)
        let lines = result.stderrLines
        #expect(lines.first == "qrtui: /dev/video0: the camera was unplugged; waiting for it to come back")
        #expect(lines.contains("qrtui: /dev/video0: the camera is back"))
        #expect(lines.last == "qrtui: no code found within 6 s")
        let log = camera.log
        #expect(log.filter { $0.hasPrefix("open ") }.count >= 2)
        #expect(log.filter { $0.hasPrefix("open ") }.count == log.filter { $0.hasPrefix("close ") }.count)
        #expect(log.filter { $0.hasPrefix("close ") }.allSatisfy { $0.hasSuffix("mappings=0") })
    }

    /// Every time the camera is opened again it is unplugged again after as many frames: the
    /// soak benchmark's cycles, here a few of them in one process.
    @Test func aCameraUnpluggedAgainAndAgainIsFollowedEachTime() throws {
        let camera = FakeCamera("/dev/video0:grey", settings: ["QRTUI_FAKE_UNPLUG": "6", "QRTUI_FAKE_REPLUG": "0.2"])
        let result = try run(
            camera, ["--device", "/dev/video0", "--size", "640x480", "--no-preview", "--timeout", "5"])
        #expect(!result.timedOut)
        #expect(result.status == 0)
        // The code is read from the camera each time it comes back (and printed again when
        // it was out of sight long enough to count as a new sighting).
        let printed = result.stdoutText.split(separator: "\n")
        #expect(!printed.isEmpty && printed.allSatisfy { $0 == "https://example.org/camera" })
        let log = camera.log
        let unplugs = log.filter { $0.hasPrefix("unplug ") }.count
        #expect(unplugs >= 3, "unplugged \(unplugs) times")
        #expect(log.filter { $0.hasPrefix("replugged ") }.count >= unplugs - 1)
        // Each unplug is told (the last may fall just before the timeout ends the run).
        let told = result.stderrLines.filter { $0.hasSuffix("the camera was unplugged; waiting for it to come back") }
            .count
        #expect(told == unplugs || told == unplugs - 1)
        #expect(result.stderrLines.filter { $0.hasSuffix("the camera is back") }.count >= unplugs - 1)
        #expect(log.filter { $0.hasPrefix("open ") }.count == log.filter { $0.hasPrefix("close ") }.count)
        #expect(log.filter { $0.hasPrefix("close ") }.allSatisfy { $0.hasSuffix("mappings=0") })
    }

    @Test func corruptFramesAreSkippedCountedAndSurvived() throws {
        let camera = FakeCamera("/dev/video0:mjpeg", settings: ["QRTUI_FAKE_CORRUPT": "0-11"])
        let result = try run(camera, ["--device", "/dev/video0", "--no-preview", "--once", "--timeout", "20"])
        #expect(result.status == 0)
        #expect(result.stdoutText == "https://example.org/camera\n")
        let line = try #require(result.stderrLines.first)
        #expect(line.hasPrefix("qrtui: /dev/video0: skipped ") && line.hasSuffix(" corrupt frames"))
    }
}
