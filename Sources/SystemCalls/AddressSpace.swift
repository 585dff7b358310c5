import Glibc

/// Whether the memory a process may map (`ulimit -v`) has room for what it is about to
/// allocate: Swift cannot recover from an allocation that fails (it stops the process), so a
/// large one is tried first as a reservation of address space that touches no memory.
public enum AddressSpace {
    /// Whether `ulimit -v` set a limit at all.
    public static var isLimited: Bool {
        var limit = rlimit()
        return getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0 && limit.rlim_cur != rlim_t.max
    }

    /// Room for `bytes` more, or the errno of the reservation that failed.
    public static func ensureRoom(for bytes: Int) throws(Errno) {
        guard bytes > 0 else { return }
        guard let reserved = mmap(nil, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
            reserved != MAP_FAILED
        else { throw Errno.current }
        munmap(reserved, bytes)
    }

    /// The whole pages within `start..<end` (addresses) given back to the system: they read as
    /// zeros after, and cost nothing until written again.
    public static func giveBack(from start: UnsafeMutableRawPointer, to end: UnsafeMutableRawPointer) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let first = (Int(bitPattern: start) + page - 1) / page * page
        let last = Int(bitPattern: end) / page * page
        if last > first { madvise(UnsafeMutableRawPointer(bitPattern: first), last - first, MADV_DONTNEED) }
    }
}
