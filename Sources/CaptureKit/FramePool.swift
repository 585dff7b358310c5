import FrameCore
import SystemCalls

/// A fixed set of pixel planes a camera fills frame after frame. A plane comes back to the
/// pool when the last copy of its frame is gone. glibc's arenas keep the most memory a process
/// ever had in use, so a plane allocated while one frame more than ever before is in flight
/// would stay resident for good. The pool allocates all its planes with the first frame: its
/// high-water mark is reached then. When every plane is out (a consumer holding frames), a plane is allocated apart and
/// freed as usual, so capture never waits on a consumer.
public final class FramePool: PlaneRecycler, @unchecked Sendable {  // `planes` guarded by `lock`
    /// Frames in flight at most, with room to spare: the one being filled, one waiting in the
    /// channel, the screen's, a scan job waiting and one being read, the reader's last frame.
    public static let defaultCapacity = 8

    public let capacity: Int
    // A pthread lock, not Synchronization's Mutex: ThreadSanitizer (in `make test`) sees pthread locks only.
    private let lock = ConditionLock()
    private var planes = Planes()

    private struct Planes {
        var free: [[UInt8]] = []
        var size = 0
        var lentOut = 0
        var allocatedApart = 0
    }

    public init(capacity: Int = FramePool.defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    /// Planes handed out and not yet back.
    public var inFlight: Int { lock.withLock { planes.lentOut } }
    /// Planes allocated apart because every pooled one was out.
    public var allocatedApart: Int { lock.withLock { planes.allocatedApart } }
    /// Planes waiting in the pool.
    public var idle: Int { lock.withLock { planes.free.count } }

    /// A frame whose `width * height` plane `fill` writes every byte of; nil (and the plane
    /// back in the pool) when `fill` returns false.
    public func frame(
        width: Int, height: Int, sequence: Int, timestamp: Double,
        fill: (UnsafeMutableBufferPointer<UInt8>) -> Bool
    ) -> Frame? {
        let size = width * height
        guard var plane = lend(size: size) else {
            var apart = [UInt8](repeating: 0, count: size)
            guard apart.withUnsafeMutableBufferPointer({ fill($0) }) else { return nil }
            return Frame(width: width, height: height, sequence: sequence, timestamp: timestamp, luma: apart)
        }
        // Unique by now (its frame and lease are gone), so this writes in place.
        guard plane.withUnsafeMutableBufferPointer({ fill($0) }) else {
            recycle(plane)
            return nil
        }
        return Frame(
            width: width, height: height, sequence: sequence, timestamp: timestamp, luma: plane, recycler: self)
    }

    private func lend(size: Int) -> [UInt8]? {
        lock.withLock {
            if planes.size != size {  // the first frame or a new picture size: all planes anew
                planes.free = (0..<capacity).map { _ in [UInt8](repeating: 0, count: size) }
                planes.size = size
                planes.lentOut = 0
            }
            guard let plane = planes.free.popLast() else {
                planes.allocatedApart += 1
                return nil
            }
            planes.lentOut += 1
            return plane
        }
    }

    /// A pooled frame's plane, back (called when the last copy of its frame is gone).
    public func recycle(_ plane: [UInt8]) {
        lock.withLock {
            guard plane.count == planes.size, planes.lentOut > 0 else { return }  // lent before the size changed: freed
            planes.lentOut -= 1
            planes.free.append(plane)
        }
    }
}
