import Glibc

/// How qrtui's run ends.
public enum ProcessEnd {
    /// Ends the process with `status`: what stdio holds written out and the tools it started
    /// ended, as `exit` would, but not the libraries' static objects destroyed. A read left at
    /// work on a thread of its own (a picture that costs minutes, a whole scan of the scene
    /// when a key ends the screen) would otherwise go on in zxing-cpp's tables as they are
    /// freed, and the run that read its code would end in a crash.
    public static func now(_ status: Int32) -> Never {
        ToolGroup.endRunning()
        fflush(nil)
        _exit(status)
    }
}
