import CDBus
import Glibc

/// A screenshot asked of the desktop through xdg-desktop-portal (`org.freedesktop.portal.
/// Screenshot` on the session bus, by libdbus): the way GNOME, KDE and every Wayland desktop
/// hand one to a program, where grim (wlroots only) and import or maim (X11 only) cannot. The
/// portal writes the picture to a file for this request alone: it is read, then removed.
enum DesktopPortal {
    enum Outcome: Equatable {
        case picture([UInt8])
        /// No session bus, or no portal on it: the grab tools may serve instead.
        case absent
        case failed(String)
    }

    /// `interactive`: the desktop lets the user choose what to take (`--screen select`).
    static func screenshot(interactive: Bool, seconds: Double, limit: Int) -> Outcome {
        var uri = [CChar](repeating: 0, count: 4096)
        var message = [CChar](repeating: 0, count: 512)
        let status = qrtui_portal_screenshot(interactive ? 1 : 0, seconds, &uri, uri.count, &message, message.count)
        func text(_ characters: [CChar]) -> String {
            String(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        switch Int(status) {
        case QRTUI_PORTAL_PICTURE: return picture(at: text(uri), limit: limit)
        case QRTUI_PORTAL_ABSENT: return .absent
        case QRTUI_PORTAL_NO_ANSWER:
            return .failed("the desktop's screenshot portal did not answer within \(Int(seconds)) s")
        default: return .failed(text(message))
        }
    }

    /// The file a `file://` URI names, read and removed.
    static func picture(at uri: String, limit: Int) -> Outcome {
        guard let path = path(of: uri) else { return .failed("the screenshot portal gave no file: \(uri)") }
        defer { unlink(path) }
        do {
            return .picture(try FileInput(path: path).readAll(limit: limit))
        } catch {
            return .failed(error.description)
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
