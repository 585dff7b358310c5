import CSystem
import Glibc

/// Gives the memory a long run has freed back to the system, now and then. glibc keeps what
/// is freed: pages inside its arenas between blocks still in use, and a thread arena's top,
/// stay resident however long they lie unused. A live scanner's reading thread frees and
/// allocates small working blocks on every frame, in other places as the scene and the load
/// change, so without this its resident memory would creep up, all of it freed memory, over a
/// long run (`qrtui-bench --soak` watches it).
public struct FreedMemory: Sendable {
    /// Seconds between give-backs: each walks the arenas once (well under a millisecond for
    /// the few MB a reading thread holds).
    public static let interval = 5.0
    private var last: Double?

    public init() {}

    /// Gives freed memory back when `interval` has passed since the last time (the first call
    /// only starts the clock). True when it was given back now.
    @discardableResult
    public mutating func giveBackIfDue(now: Double) -> Bool {
        guard let last else {
            self.last = now
            return false
        }
        guard now - last >= Self.interval else { return false }
        self.last = now
        Self.giveBack()
        return true
    }

    /// Bytes malloc has handed out and not had back: what a library allocates while it
    /// works shows as this grows (a decoder's copy of a picture, say).
    public static var inUse: Int { qrtui_malloc_in_use() }

    /// Every whole free page of every arena back to the system now.
    public static func giveBack() {
        _ = qrtui_release_free_heap()
    }
}
