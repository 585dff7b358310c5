import Glibc
import CodeReading
import FrameCore
import Testing
@testable import ScanTUI

@Suite struct StderrCaptureTests {
    @Test func libraryChatterIsHeldBackAndDebuggingDropped() throws {
        let capture = try #require(StderrCapture())
        for line in ["WARNING: decoder/databar.c:1265: _zbar_decode_databar: Assertion \"seg->finder >= 0\" failed.\n",
                     "\ti=30 f=-1(101) part=1\n", "libfoo: something worth reading\n"] {
            _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        }
        #expect(capture.restore() == ["libfoo: something worth reading"])
    }
}
