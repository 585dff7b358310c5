import CaptureKit

enum HelpText {
    static let version = "0.1.0"

    static var usage: String {
        """
        qrtui \(version): a live QR and barcode scanner for the terminal.

        Usage: qrtui [OPTIONS]

        With no option qrtui reads the first camera; with no camera at all it shows the
        built-in demo scene. The screen is drawn on /dev/tty, so stdout carries codes only:
        xdg-open "$(qrtui --once)". Messages go to stderr.

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
          -S, --symbologies LIST  comma-separated codes to read (default: all zbar reads):
                                  \(CommandLineParser.knownSymbologies)
              --effort E          scan budget per frame: fast, normal (default for cameras,
                                  20 ms), thorough (every pass; default for files) or ms
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
