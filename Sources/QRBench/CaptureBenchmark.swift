import CaptureKit
import CodeFixtures
import CodeReading
import FrameCore
import Glibc
import PictureFiles
import PictureOps
import SystemCalls

/// Frames per second the capture path sustains from the fake camera with pacing off, and
/// the CPU it spends per frame (libv4l2, luma extraction, hand-over; for MJPEG the decoding
/// too). The benchmark runs itself again with the fake camera preloaded.
struct CaptureBenchmark {
    let frames: Int
    static let devices = "/dev/video0:yuyv,/dev/video1:grey,/dev/video2:mjpeg"

    /// Re-executes this program with LD_PRELOAD set, unless that was already done.
    static func ensureFakeCamera() {
        guard getenv("QRTUI_FAKE_DEVICES") == nil else { return }
        let executable = (try? readLink("/proc/self/exe")) ?? CommandLine.arguments[0]
        let directory = productsDirectory
        let picture = CodeFixtures.qrScene("https://example.org/bench", width: 640, height: 480, moduleSize: 5)
        let scratch = TemporaryDirectory("capture-bench")
        let image = scratch.write("picture.pgm", NetpbmCodec.encode(picture))
        setenv("LD_PRELOAD", directory + "/libFakeV4L2.so", 1)
        setenv("QRTUI_FAKE_DEVICES", devices, 1)
        setenv("QRTUI_FAKE_IMAGE", image, 1)
        setenv("QRTUI_FAKE_FPS", "0", 1)
        let argv = CommandLine.arguments.map { strdup($0) } + [nil]
        execv(executable, argv)
        fatalError("cannot run \(executable) again: \(String(cString: strerror(errno)))")
    }

    /// Where this program and its siblings (qrtui, the fake camera) were built.
    static var productsDirectory: String {
        let executable = (try? readLink("/proc/self/exe")) ?? CommandLine.arguments[0]
        return String(executable[..<(executable.lastIndex(of: "/") ?? executable.endIndex)])
    }

    func run() -> String {
        var rows = [["size", "camera format", "delivered as", "frames/s", "CPU ms/frame"]]
        for (width, height) in [(1280, 720), (1920, 1080)] {
            for (path, label) in [("/dev/video0", "YUYV"), ("/dev/video1", "GREY"), ("/dev/video2", "MJPEG")] {
                rows.append(["\(width)x\(height)", label] + measure(path, width, height))
            }
        }
        return table(rows) + "\n\n" + transforms()
    }

    /// The MJPEG decoder's two IDCTs on a camera's frame (4:2:2, quality 85, a sheet of codes
    /// with sensor noise): the camera path takes the accurate one.
    private func transforms() -> String {
        var rows = [["size", "IDCT", "ms/frame"]]
        for (width, height) in [(1280, 720), (1920, 1080)] {
            var noise = SensorNoise(sigma: 3, seed: 5)
            let scene = noise.applied(
                to: CodeFixtures.qrScene("https://example.org/bench", width: width, height: height, moduleSize: 4))
            let bytes = JPEGCodec.encode(scene, quality: 85, colour: true)
            for (transform, label) in [(MJPEGDecoder.Transform.accurate, "accurate (the camera's)"), (.fast, "fast")] {
                guard let decoder = MJPEGDecoder(transform) else { continue }
                var plane = [UInt8](repeating: 0, count: width * height)
                let start = cpuSeconds()
                for _ in 0..<frames {
                    bytes.withUnsafeBytes { source in
                        plane.withUnsafeMutableBufferPointer {
                            _ = decoder.decodeGrey(source, width: width, height: height, into: $0)
                        }
                    }
                }
                rows.append(["\(width)x\(height)", label, format((cpuSeconds() - start) * 1000 / Double(frames))])
            }
        }
        return "MJPEG decoded to grey, CPU per frame, each IDCT:\n\n" + table(rows)
    }

    private func measure(_ path: String, _ width: Int, _ height: Int) -> [String] {
        do {
            let camera = try V4L2Camera(CameraRequest(path: path, width: width, height: height, framesPerSecond: 30))
            defer { camera.shutdown() }
            for _ in 0..<5 { _ = try camera.nextFrame() }  // warm up
            let cpuBefore = cpuSeconds()
            let start = MonotonicClock.now()
            var count = 0
            while count < frames, try camera.nextFrame() != nil { count += 1 }
            let wall = MonotonicClock.now() - start
            let cpu = cpuSeconds() - cpuBefore
            return [
                FourCC.string(camera.fourcc)
                    + (camera.convertedFrom.map { " (libv4l2 from \(FourCC.string($0)))" } ?? ""),
                format(Double(count) / wall, 0), format(cpu * 1000 / Double(max(1, count))),
            ]
        } catch {
            return ["failed: \(error)", "-", "-"]
        }
    }

    private func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

func readLink(_ path: String) throws -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink(path, &buffer, buffer.count - 1)
    guard length > 0 else { throw CaptureError.system(operation: "readlink", path: path, errno: .current) }
    return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
