import CDBus
import FrameCore
import Glibc

/// A screenshot asked of the desktop through xdg-desktop-portal (`org.freedesktop.portal.
/// Screenshot` on the session bus, by libdbus): the way GNOME, KDE and every Wayland desktop
/// hand one to a program, where grim (wlroots only) and import or maim (X11 only) cannot. Only
/// the portal (the name's owner) may answer, on the request's own object; the file it names is
/// read as untrusted and removed only where it is provably the portal's shot (`PortalFile`).
enum DesktopPortal {
    enum Outcome: Equatable {
        case picture([UInt8])
        /// No session bus, or no portal on it: the grab tools may serve instead.
        case absent
        case failed(String)
    }

    /// `interactive`: the desktop lets the user choose what to take (`--screen select`). The
    /// answer is waited for `seconds` at most, and until `deadline` (monotonic seconds) at most.
    static func screenshot(
        interactive: Bool, seconds: Double, deadline: Double = .infinity, limit: Int, folders: [String]
    ) -> Outcome {
        var uri = [CChar](repeating: 0, count: 4096)
        var message = [CChar](repeating: 0, count: 512)
        let wait = min(seconds, max(0, deadline - MonotonicClock.now()))
        let requested = PortalFile.fileSystemNow()
        let status = qrtui_portal_screenshot(interactive ? 1 : 0, wait, &uri, uri.count, &message, message.count)
        func text(_ characters: [CChar]) -> String {
            String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        switch Int(status) {
        case QRTUI_PORTAL_PICTURE:
            guard let path = path(of: text(uri)) else {
                return .failed("the screenshot portal gave no file: \(text(uri))")
            }
            do {
                let file = PortalFile(path: path, folders: folders, requested: requested)
                return .picture(try file.take(limit: limit, deadline: deadline))
            } catch {
                return .failed(error.description)
            }
        case QRTUI_PORTAL_ABSENT: return .absent
        case QRTUI_PORTAL_NO_ANSWER:
            guard wait >= seconds else {
                return .failed("the desktop's screenshot portal did not answer by the deadline (--timeout)")
            }
            return .failed("the desktop's screenshot portal did not answer within \(Int(seconds)) s")
        default: return .failed(text(message))
        }
    }

    /// "file:///tmp/a%20b.png" as "/tmp/a b.png"; nil for any other URI.
    static func path(of uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var bytes = [UInt8]()
        var rest = Array(uri.utf8.dropFirst(7))[...]
        // file://host/path: only the local host.
        if let slash = rest.firstIndex(of: UInt8(ascii: "/")), slash > rest.startIndex {
            guard String(decoding: rest[..<slash], as: UTF8.self) == "localhost" else { return nil }
            rest = rest[slash...]
        }
        while let byte = rest.first {
            rest = rest.dropFirst()
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard rest.count >= 2, let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16) else {
                return nil
            }
            bytes.append(value)
            rest = rest.dropFirst(2)
        }
        guard bytes.first == UInt8(ascii: "/"), !bytes.contains(0) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
