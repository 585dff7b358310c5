import Glibc

/// A function that a library loaded into the process may supply by name (a test's
/// `LD_PRELOAD` fake): a probe point, looked up once, that costs nothing where none is there.
public enum PreloadedSymbol {
    /// The function's address, or nil when no loaded library defines `name`.
    public static func address(_ name: String) -> UnsafeMutableRawPointer? {
        dlsym(nil, name)  // nil is RTLD_DEFAULT: every library in the process, in load order
    }
}
