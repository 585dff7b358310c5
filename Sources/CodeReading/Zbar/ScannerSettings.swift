import CZbar

/// zbar's scanner settings that a user may give (`-Sx-density=2`, `-Stest-inverted`), taken
/// as zbar takes them. nil densities leave the choice to qrtui (every line, or every other one
/// while a large code is followed).
public struct ScannerSettings: Sendable, Equatable {
    /// Scan every Nth column (zbar's X_DENSITY: vertical lines) and every Nth row (Y_DENSITY:
    /// horizontal lines); 0 turns that direction off.
    public var xDensity: Int?
    public var yDensity: Int?
    /// zbar also tries each picture inverted when it finds nothing (light codes on dark).
    public var testInverted = false

    public init(xDensity: Int? = nil, yDensity: Int? = nil, testInverted: Bool = false) {
        self.xDensity = xDensity
        self.yDensity = yDensity
        self.testInverted = testInverted
    }

    /// zbar's own debugging output on stderr (`-vv` and more): 0 is none.
    public static func setLibraryVerbosity(_ level: Int) {
        zbar_set_verbosity(Int32(level))
    }
}
