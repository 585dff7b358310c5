import Overlay
import SystemCalls

/// Kitty pictures left where a terminal on this machine reads them (shared memory, or a file
/// in /tmp), the escape carrying only the name: no compression, no base64, nearly nothing
/// through the link. The terminal removes each drop it reads; the last few are remembered and
/// removed here too, so that drops it never read (a picture cleared first) do not pile up.
final class KittyDrops {
    let drop: LocalDrop
    private var names: [String] = []
    /// Drops kept for the terminal to read: older ones are removed as new ones are left.
    static let kept = 3

    /// Nil where pictures go in the escapes themselves.
    init?(_ transfer: KittyTransfer) {
        switch transfer {
        case .direct: return nil
        case .sharedMemory: drop = .sharedMemory
        case .file: drop = .file
        }
    }

    /// The escape that shows `pixels` at the cursor, scaled to `cells`, its pixels left as a
    /// drop (nil: the drop could not be left, and pictures go in the escapes from now on).
    func send(_ pixels: PicturePixels, cells: (Int, Int)?) -> [UInt8]? {
        let name = drop.freshName("picture")
        guard drop.leave(pixels.rgb, as: name) else { return nil }
        names.append(name)
        while names.count > Self.kept { drop.remove(names.removeFirst()) }
        return KittyPicture.dropped(
            name, fileNotShared: drop == .file, width: pixels.width, height: pixels.height, cells: cells)
    }

    /// Removes every drop the terminal may not have read.
    func removeAll() {
        for name in names { drop.remove(name) }
        names = []
    }

    deinit { removeAll() }
}
