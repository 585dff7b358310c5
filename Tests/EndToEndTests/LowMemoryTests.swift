import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import Glibc
import PictureFiles
import Testing

/// Under `ulimit -v`, what cannot be had (a thread, a frame, room for a picture) ends qrtui
/// with exit 1 and a line saying so, every time: never a hang, a crash report or silence.
@Suite struct LowMemoryTests {
    let directory = TemporaryDirectory("low-memory")

    /// qrtui started by a shell that set the limit first (kilobytes of address space).
    func run(limitedTo kilobytes: Int, _ arguments: [String]) throws -> QRTUIRun {
        try QRTUIProcess.run(arguments, shell: "ulimit -v \(kilobytes)")
    }

    /// From too little to load the libraries to enough to read: each limit ends in the code,
    /// the loader's refusal, or exit 1 with qrtui's own line about memory.
    @Test func everyLimitEndsWithTheCodeOrAMessage() throws {
        var outcomes: [Int32: Int] = [:]
        for megabytes in stride(from: 20, through: 140, by: 3) {
            let run = try run(limitedTo: megabytes * 1000, ["--no-preview", "--demo", "--once", "--timeout", "10"])
            let context = "ulimit -v \(megabytes)000: status \(run.status), stderr: \(run.stderr)"
            #expect(!run.timedOut, "\(context)")
            outcomes[run.status, default: 0] += 1
            switch run.status {
            case 0: #expect(run.stdoutText == "https://example.org/qrtui-demo\n", "\(context)")
            case 1:
                #expect(run.stdout.isEmpty, "\(context)")
                #expect(
                    run.stderrLines.last.map { $0.hasPrefix("qrtui: ") && $0.contains("memory") } == true, "\(context)")
            case 127: #expect(run.stderr.contains("error while loading shared libraries"), "\(context)")
            default: Issue.record("unexpected ending: \(context)")
            }
        }
        // The sweep crossed the line: some limits were too low for qrtui and some enough.
        #expect(outcomes[0, default: 0] > 0 && outcomes[1, default: 0] > 0, "\(outcomes)")
    }

    /// zbar uses an allocation that failed as if it had not: a bad access near NULL, errno at
    /// ENOMEM. That ends qrtui as memory running out does (exit 1 and the line), never as a
    /// crash; any other bad access still crashes (the fault library's, at the camera's 5th poll).
    @Test func aNullUsedAfterAFailedAllocationIsMemoryRunningOut() throws {
        let camera = FakeCamera("/dev/video0:grey")
        var environment = camera.environment
        environment["LD_PRELOAD"] = FakeCamera.library + ":" + SignalFallbackTests.faults
        environment["QRTUI_FAULT_CRASH_POLLS"] = "5"
        let arguments = ["--no-preview", "--device", "/dev/video0", "--timeout", "10"]
        var noMemory = environment
        noMemory["QRTUI_FAULT_CRASH_AS_NO_MEMORY"] = "1"
        let ran = try QRTUIProcess.run(arguments, environment: noMemory)
        #expect(ran.status == 1 && !ran.timedOut, "status \(ran.status)")
        #expect(ran.stderrLines.last?.hasPrefix("qrtui: out of memory: an allocation failed") == true, "\(ran.stderr)")
        let crashed = try QRTUIProcess.run(arguments, environment: environment)
        #expect(crashed.status == 128 + SIGSEGV, "status \(crashed.status): \(crashed.stderr)")
    }

    /// A picture too large for the limit is refused before it is decoded, with its size.
    @Test func aPictureTooLargeForTheLimitIsRefused() throws {
        let path = directory.write("large.png", PNGCodec.encode(Frame.filled(width: 6000, height: 6000, value: 200)))
        let small = directory.write("small.png", PNGCodec.encode(Frame.filled(width: 64, height: 64, value: 200)))
        // Enough for qrtui (about 55 MB) and a small picture, far from the 124 MB a 36 MP one needs.
        let limit = 120_000
        let fits = try run(limitedTo: limit, ["--no-preview", small])
        #expect(fits.status == 4 && fits.stderrLines == ["qrtui: no code found in \(small)"], "\(fits.stderr)")
        for _ in 0..<3 {
            let refused = try run(limitedTo: limit, ["--no-preview", path])
            #expect(refused.status == 1 && refused.stdout.isEmpty)
            #expect(refused.stderrLines.count == 1, "\(refused.stderr)")
            #expect(
                refused.stderr.hasPrefix("qrtui: cannot make room for a picture of 6000x6000 (118 MB)"),
                "\(refused.stderr)")
        }
    }
}
