import CSystem

/// glibc's malloc set for a scanner that runs for hours with threads that allocate at once
/// (README's paragraph on memory has the figures behind them).
public enum MallocTuning {
    /// qrtui's settings: two arenas, each keeping what it frees for its thread (one under
    /// `ulimit -v`, where every further arena's 64 MB reservation of address space would fail,
    /// and be tried again, at each allocation); blocks from 128 kB mapped apart, so a working
    /// picture's memory goes back to the system when it is freed.
    public static func settle() {
        limitArenas(to: AddressSpace.isLimited ? 1 : 2)
        fixThresholds()
    }

    /// At most `count` arenas (glibc's default is eight a core). True when set.
    @discardableResult
    public static func limitArenas(to count: Int32) -> Bool {
        qrtui_limit_malloc_arenas(count) == 1
    }

    /// Blocks of `map` bytes and more mapped apart, and the heap's top trimmed beyond `trim`,
    /// both fixed (glibc would raise the mapping size to each large block freed). True when
    /// glibc took both.
    @discardableResult
    public static func fixThresholds(mapFrom map: Int32 = 128 << 10, trimFrom trim: Int32 = 64 << 20) -> Bool {
        qrtui_fix_malloc_thresholds(map, trim) != 0
    }
}
