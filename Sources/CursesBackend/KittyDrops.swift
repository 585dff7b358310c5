import Overlay
import SystemCalls

/// Kitty pictures left where a terminal on this machine reads them (shared memory, or a file
/// in /tmp), the escape carrying only the name: no compression, no base64, nearly nothing
/// through the link. The terminal removes each drop it reads. Drops go round a few names fixed
/// at the start, each one's last drop removed before it is used again, so that what the
/// terminal never read (a picture cleared first) does not pile up, and a crash knows what to
/// remove (`paths`).
final class KittyDrops {
    let drop: LocalDrop
    /// The names drops go round, and the next one to use.
    let names: [String]
    private var next = 0
    /// Drops kept for the terminal to read: the one a name held is removed as it is used again.
    static let kept = 3

    /// Nil where pictures go in the escapes themselves.
    init?(_ transfer: KittyTransfer) {
        switch transfer {
        case .direct: return nil
        case .sharedMemory: drop = .sharedMemory
        case .file: drop = .file
        }
        let drop = drop
        names = (0..<Self.kept).map { drop.freshName("picture\($0)") }
    }

    /// The drops' places in the file system, for a crash to remove with nothing but unlink(2).
    var paths: [String] { names.map { drop.path(of: $0) } }

    /// The escape that shows `pixels` at the cursor, scaled to `cells`, its pixels left as a
    /// drop (nil: the drop could not be left, and pictures go in the escapes from now on).
    func send(_ pixels: PicturePixels, cells: (Int, Int)?) -> [UInt8]? {
        let name = names[next]
        next = (next + 1) % names.count
        drop.remove(name)  // the drop this name held, if the terminal never read it
        guard drop.leave(pixels.rgb, as: name) else { return nil }
        return KittyPicture.dropped(
            name, fileNotShared: drop == .file, width: pixels.width, height: pixels.height, cells: cells)
    }

    /// Removes every drop the terminal may not have read.
    func removeAll() {
        for name in names { drop.remove(name) }
    }

    deinit { removeAll() }
}
