import Glibc
import SystemCalls

/// The file a screenshot portal's answer names, taken as untrusted: whatever the answer says,
/// only a regular file is read (no link followed, never a FIFO, a device or a folder, at most
/// `limit` bytes, before the deadline), and it is removed only where it is provably the
/// portal's own shot for this request: in a folder portals write shots to, owned by the user,
/// under one name only, and made after the request.
struct PortalFile {
    let path: String
    /// Where the portal may have written its shot (`folders(_:)`).
    let folders: [String]
    /// The file system's clock (CLOCK_REALTIME_COARSE, what it stamps files with) when the
    /// screenshot was asked for.
    let requested: timespec

    /// Where portals write their shots: the user's pictures folder (KDE) and its Screenshots
    /// (GNOME's shell), and the temporary folder (wlroots' portal).
    static func folders(_ environment: [String: String]) -> [String] {
        var folders = [environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"]
        if let pictures = picturesFolder(environment) { folders += [pictures, pictures + "/Screenshots"] }
        return folders
    }

    /// XDG_PICTURES_DIR as xdg-user-dirs writes it (`"$HOME/Pictures"`), else ~/Pictures.
    static func picturesFolder(_ environment: [String: String]) -> String? {
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        let fd = try? Syscall.open(config + "/user-dirs.dirs", O_RDONLY | O_NONBLOCK | O_NOFOLLOW)
        let lines = fd.flatMap { fd -> [UInt8]? in
            defer { Syscall.close(fd) }
            return try? FileInput.readRegular(fd, path: "user-dirs.dirs", limit: 1 << 16)
        }
        for line in String(decoding: lines ?? [], as: UTF8.self).split(separator: "\n") {
            let text = line.trimmingSpaces
            guard text.hasPrefix("XDG_PICTURES_DIR=\"") && text.hasSuffix("\"") && text.count > 19 else { continue }
            let value = String(text.dropFirst(18).dropLast())
            if value.hasPrefix("$HOME/") { return home + value.dropFirst(5) }
            if value.hasPrefix("/") { return value }
        }
        return home + "/Pictures"
    }

    /// The picture's bytes; the file is then removed if it is the portal's own shot.
    func take(limit: Int, deadline: Double) throws(CaptureError) -> [UInt8] {
        guard let status = Syscall.status(of: path, following: false) else {
            throw .desktop("the screenshot portal named a file that is not there: \(path)")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .desktop("the screenshot portal named \(Self.kind(status.st_mode)), not a picture file: \(path)")
        }
        let fd: Int32
        do {
            fd = try Syscall.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY)
        } catch {
            throw .system(operation: "open", path: path, errno: error)
        }
        defer { Syscall.close(fd) }
        var opened = stat()
        guard fstat(fd, &opened) == 0, opened.st_dev == status.st_dev, opened.st_ino == status.st_ino,
            opened.st_mode & S_IFMT == S_IFREG
        else { throw .desktop("the screenshot portal's file changed while it was opened: \(path)") }
        guard Int(opened.st_size) <= limit else {
            throw .desktop("the screenshot portal's file is larger than \(limit >> 20) MB: \(path)")
        }
        let bytes = try FileInput.readRegular(fd, path: path, limit: limit, deadline: deadline)
        removeIfPortals(opened)
        return bytes
    }

    /// Removes the file (the inode `read`) where all of it holds: it lies in one of `folders`
    /// (the very folder, whatever links lead there), it is that inode still, a regular file of
    /// the user's with no other name, made after the request.
    private func removeIfPortals(_ read: stat) {
        guard let slash = path.lastIndex(of: "/") else { return }
        let folder = slash == path.startIndex ? "/" : String(path[..<slash])
        let name = String(path[path.index(after: slash)...])
        guard !name.isEmpty, name != ".", name != "..",
            let directory = try? Syscall.open(folder, O_RDONLY | O_DIRECTORY | O_NONBLOCK)
        else { return }
        defer { Syscall.close(directory) }
        var here = stat()
        guard fstat(directory, &here) == 0,
            folders.contains(where: {
                Syscall.status(of: $0).map { $0.st_dev == here.st_dev && $0.st_ino == here.st_ino } ?? false
            })
        else { return }
        var entry = stat()
        let found = ArgumentBytes.withSystemPath(name) { fstatat(directory, $0, &entry, AT_SYMLINK_NOFOLLOW) }
        guard found == 0, entry.st_dev == read.st_dev, entry.st_ino == read.st_ino, entry.st_mode & S_IFMT == S_IFREG,
            entry.st_uid == getuid(), entry.st_nlink == 1
        else { return }
        let made = Syscall.birthTime(of: name, in: directory) ?? entry.st_ctim
        guard (made.tv_sec, made.tv_nsec) >= (requested.tv_sec, requested.tv_nsec) else { return }
        _ = ArgumentBytes.withSystemPath(name) { unlinkat(directory, $0, 0) }
    }

    /// What a file that is not a regular one is, for the message.
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFLNK: "a symbolic link"
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }

    /// The file system's clock now: what it stamps a file made from now on with, at the least.
    static func fileSystemNow() -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &now)
        return now
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" || text.last == "\r" { text = text.dropLast() }
        return text
    }
}
