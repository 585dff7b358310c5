import FrameCore
import PictureFiles
import SystemCalls

/// Pictures from the user's own desktop, read as a still: the screen (`--screen`; `--screen
/// select` a part of it the user marks), or the picture on the clipboard (`--clipboard`). The
/// screen is asked of the desktop's screenshot portal first (`DesktopPortal`: GNOME, KDE);
/// where no portal answers, and for the clipboard, the session's tools: Wayland: grim (and
/// slurp), wl-paste; X11: ImageMagick's import or maim, xclip.
public enum DesktopGrab {
    public enum Kind: Equatable, Sendable {
        case screen(select: Bool)
        case clipboard
    }

    /// The most a grab may be: a PNG of the largest screens is a few tens of megabytes.
    static let mostBytes = 256 << 20

    /// One tool's call: the program and its arguments (the grab on its stdout).
    struct Command: Equatable {
        let program: String
        let arguments: [String]
    }

    /// The name the picture goes by in messages and JSON's `source`.
    public static func name(_ kind: Kind) -> String {
        switch kind {
        case .screen(let select): select ? "screen (selection)" : "screen"
        case .clipboard: "clipboard"
        }
    }

    /// The grab read as a still; the portal's answer is waited for until `deadline` (monotonic
    /// seconds) at most.
    public static func open(
        _ kind: Kind, environment: [String: String], limits: PictureLimits = PictureLimits(),
        deadline: Double = .infinity
    ) throws(CaptureError) -> any FrameSource {
        let name = name(kind)
        if case .screen(let select) = kind, !(environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty {
            let seconds = select ? Session.selectionDeadline : Session.deadline
            switch DesktopPortal.screenshot(
                interactive: select, seconds: seconds, deadline: deadline, limit: Self.mostBytes,
                folders: PortalFile.folders(environment))
            {
            case .picture(let bytes): return try still(bytes, name: name, limits: limits)
            case .failed(let why): throw .desktop(why)
            case .absent: break
            }
        }
        let session = try Session(environment)
        if kind == .clipboard { try session.checkClipboardHoldsAPicture() }
        let bytes = try session.run(
            try session.command(for: kind), name: name, limit: Self.mostBytes,
            waitsForUser: kind == .screen(select: true))
        return try still(bytes, name: name, limits: limits)
    }

    private static func still(_ bytes: [UInt8], name: String, limits: PictureLimits) throws(CaptureError)
        -> any FrameSource
    {
        guard !bytes.isEmpty else { throw .empty(path: name) }
        return try StillImageSource(name: name) { () throws(PictureError) in
            try PictureDecoder.decode(bytes, path: name, limits: limits)
        }
    }
}

extension DesktopGrab {
    /// The graphical session qrtui runs in, and the tools it offers.
    struct Session {
        let wayland: Bool
        let environment: [String: String]
        /// How long a tool may take: a grab is done in a moment, a selection waits for the user
        /// to mark an area.
        static let deadline = 10.0
        static let selectionDeadline = 60.0

        init(_ environment: [String: String]) throws(CaptureError) {
            self.environment = environment
            wayland = !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
            guard wayland || !(environment["DISPLAY"] ?? "").isEmpty else {
                throw .desktop(
                    "no graphical session: the screen and the clipboard need Wayland or X11 "
                        + "(WAYLAND_DISPLAY or DISPLAY)")
            }
        }

        func find(_ program: String) -> String? { ProgramPath.find(program, in: environment) }

        /// The first of `choices` the session has, or why none.
        func first(_ choices: [Command], missing: String) throws(CaptureError) -> Command {
            for choice in choices {
                if let path = find(choice.program) { return Command(program: path, arguments: choice.arguments) }
            }
            throw .desktop(missing)
        }

        func command(for kind: Kind) throws(CaptureError) -> Command {
            switch (kind, wayland) {
            case (.screen(false), true):
                return try first(
                    [Command(program: "grim", arguments: ["-"])], missing: "no screen grabber: install grim")
            case (.screen(true), true):
                guard let slurp = find("slurp") else { throw .desktop("no selection tool: install slurp (with grim)") }
                let area = try run(
                    Command(program: slurp, arguments: []), name: "slurp", limit: 256, waitsForUser: true)
                let geometry = String(decoding: area, as: UTF8.self).filter { $0 != "\n" }
                guard !geometry.isEmpty else { throw .desktop("no area was selected") }
                return try first(
                    [Command(program: "grim", arguments: ["-g", geometry, "-"])],
                    missing: "no screen grabber: install grim")
            case (.screen(let select), false):
                let choices =
                    select
                    ? [Command(program: "maim", arguments: ["-s"]), Command(program: "import", arguments: ["png:-"])]
                    : [
                        Command(program: "import", arguments: ["-window", "root", "png:-"]),
                        Command(program: "maim", arguments: []),
                    ]
                return try first(choices, missing: "no screen grabber: install ImageMagick (import) or maim")
            case (.clipboard, true):
                return try first(
                    [Command(program: "wl-paste", arguments: ["--no-newline", "--type", "image/png"])],
                    missing: "no clipboard tool: install wl-clipboard (wl-paste)")
            case (.clipboard, false):
                return try first(
                    [
                        Command(
                            program: "xclip", arguments: ["-selection", "clipboard", "-target", "image/png", "-out"])
                    ],
                    missing: "no clipboard tool: install xclip")
            }
        }

        /// A clipboard that offers no picture is said to, rather than read: it may hold text,
        /// a code's payload perhaps, which is no picture to read a code from.
        func checkClipboardHoldsAPicture() throws(CaptureError) {
            let list =
                wayland
                ? Command(program: "wl-paste", arguments: ["--list-types"])
                : Command(program: "xclip", arguments: ["-selection", "clipboard", "-target", "TARGETS", "-out"])
            guard let path = find(list.program) else { return }  // `command` says which tool is missing
            let types = String(
                decoding: try run(
                    Command(program: path, arguments: list.arguments), name: list.program,
                    limit: 1 << 16), as: UTF8.self
            ).split(separator: "\n").map { String($0) }
            if types.contains("image/png") { return }
            if types.contains(where: { $0.hasPrefix("text/") || $0 == "UTF8_STRING" || $0 == "STRING" }) {
                throw .desktop("the clipboard holds text, not a picture: copy the picture of the code, not its text")
            }
            throw .desktop("the clipboard holds no picture (PNG)")
        }

        /// The tool's stdout; a tool that fails says so, with what it said.
        func run(_ command: Command, name: String, limit: Int, waitsForUser: Bool = false) throws(CaptureError)
            -> [UInt8]
        {
            let output: ChildProcess.Output
            do {
                output = try ChildProcess.run(
                    command.program, command.arguments, environment: environment, limit: limit,
                    deadline: MonotonicClock.now() + (waitsForUser ? Self.selectionDeadline : Self.deadline))
            } catch {
                throw .system(operation: "posix_spawn", path: command.program, errno: error)
            }
            guard output.ending == .exited(0) else {
                let said = String(decoding: output.stderr.prefix(200), as: UTF8.self).split(separator: "\n").first
                let program = command.program.split(separator: "/").last.map(String.init) ?? command.program
                throw .desktop("\(program) failed (\(output.ending.description))" + (said.map { ": \($0)" } ?? ""))
            }
            return output.stdout
        }
    }
}
