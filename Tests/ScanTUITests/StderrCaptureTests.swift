import Glibc
import SystemCalls
import Testing

@testable import ScanTUI

@Suite struct StderrCaptureTests {
    @Test func libraryChatterIsHeldBackAndDebuggingDropped() throws {
        // A descriptor of the test's own stands in for stderr: parallel tests keep theirs.
        let ends = try Syscall.pipe()
        defer {
            Syscall.close(ends.read)
            Syscall.close(ends.write)
        }
        let capture = try #require(StderrCapture(target: ends.write))
        for line in [
            "WARNING: decoder/databar.c:1265: _zbar_decode_databar: Assertion \"seg->finder >= 0\" failed.\n",
            "\ti=30 f=-1(101) part=1\n", "libfoo: something worth reading\n",
        ] {
            try Syscall.writeAll(ends.write, Array(line.utf8))
        }
        #expect(capture.restore() == ["libfoo: something worth reading"])
        // Afterwards the descriptor leads where it did before: into the pipe.
        try Syscall.writeAll(ends.write, Array("after\n".utf8))
        var buffer = [UInt8](repeating: 0, count: 16)
        let n = try buffer.withUnsafeMutableBytes { raw throws(Errno) in try Syscall.read(ends.read, into: raw) }
        #expect(Array(buffer.prefix(n)) == Array("after\n".utf8))
    }
}
