import CaptureKit

enum HelpText {
    /// A comma-separated list broken into lines of at most 80 columns.
    static func wrapped(_ list: String, indent: Int) -> String {
        var lines = [""]
        for item in list.split(separator: ",") {
            let piece = (lines[lines.count - 1].isEmpty ? "" : ",") + item
            if indent + lines[lines.count - 1].count + piece.count >= 80 {
                lines[lines.count - 1] += ","
                lines.append(String(item))
            } else {
                lines[lines.count - 1] += piece
            }
        }
        return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
    }

    static let version = "0.1.0"

    static var usage: String {
        """
        qrtui \(version): a live QR and barcode scanner for the terminal.

        Usage: qrtui [OPTIONS]

        With no option qrtui reads the first camera; with no camera at all it shows the
        built-in demo scene. The screen is drawn on /dev/tty, so stdout carries codes
        only: xdg-open "$(qrtui --once)". Messages go to stderr.

        Sources (one of):
          -d, --device PATH       V4L2 camera device, e.g. /dev/video0
          -i, --input FILE        a PNG, JPEG, PGM/PPM image or Y4M video; - reads stdin
                                  (ffmpeg -i clip.mp4 -f yuv4mpegpipe - | qrtui -i -)
              --demo              the built-in demo scene (a drifting QR code)
              --loop              repeat the --input file when it ends
              --size WxH          camera picture size (default 1280x720, or the nearest)
              --fps N             camera frame rate (default 30)
              --list-devices      list cameras with their formats, sizes and rates

        Scanning:
          -S, --symbologies LIST  codes to read, comma-separated (default: all of them):
                                  \(wrapped(CommandLineParser.knownSymbologies, indent: 26))
              --effort E          scan budget per frame: fast, normal (20 ms; cameras'
                                  and videos' default), thorough (every pass; stills'
                                  default) or ms
              --confirm N         1D codes on a stream are announced after N identical
                                  reads (default 2); QR codes at once

        Screen:
              --glyphs SET        how the picture is drawn: ascii (default), blocks,
                                  half (two pixels per cell, grey colours), braille
              --fit               show the whole picture (default: fill the screen)
              --color WHEN        auto (default) or none; NO_COLOR is respected too
              --no-beep           no terminal bell when a code is read

        Keys:
          arrows                  move the scan area
          shift+arrows            resize it (right/up grow, left/down shrink)
          + -                     grow / shrink it
          mouse click             centre it there
          enter                   copy the last code (OSC 52, and wl-copy, xclip or
                                  xsel when a display is present)
          space                   pause (freeze the picture)
          g                       next glyph set
          ?                       help
          q, esc                  stop; the last code is printed on stdout

        Output:
              --no-preview        no screen: print each new code as it is found
                                  (also --nodisplay, as in zbarcam)
              --once              exit after the first code
              --timeout SECONDS   give up after SECONDS
              --format FORMAT     text (default): the payload as text, one per line
                                  raw: the payload bytes as encoded (also --raw)
                                  json: one JSON object per line with type, text,
                                  base64 bytes when not UTF-8, corners and frame number
          -h, --help              this help
          -V, --version           the version

        Payloads written to a terminal have control characters escaped (\\e, \\n, \\x07);
        written to a pipe they are exact.

        Exit status: 0 a code was read, 1 a device or input failed, 2 usage error,
        4 ended without reading a code.
        """
    }
}
