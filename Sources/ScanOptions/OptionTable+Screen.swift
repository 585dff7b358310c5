import CaptureKit
import CodeReading
import Overlay
import PictureFiles

/// The options of the screen: how the picture is drawn.
extension OptionTable {
    package static let screen: [QrtuiOption] = [
        QrtuiOption(
            names: ["--glyphs"], argument: "SET", section: Section.screen,
            help: "how the picture is drawn: ascii, blocks, half (two pixels per cell, grey colours), braille",
            shownDefault: { $0.glyphs.rawValue }, completion: .choices(GlyphSet.allCases.map(\.rawValue)),
            effect: .value(parseGlyphs)),
        QrtuiOption(
            names: ["--preview"], argument: "HOW", section: Section.screen,
            help: "the camera in characters (everywhere), as a picture in the terminal's own pixels "
                + "(sixel, kitty graphics), or auto (the picture where the terminal draws one)",
            shownDefault: { $0.pictures.rawValue },
            completion: .choices(Options.PreviewChoice.allCases.map(\.rawValue)),
            effect: .value(parsePreview)),
        QrtuiOption(
            names: ["--fit"], section: Section.screen, help: "show the whole picture",
            shownDefault: { "--\($0.scaling.rawValue)" }, effect: .flag { $0.scaling = .fit }),
        QrtuiOption(
            names: ["--fill"], section: Section.screen, help: "fill the screen, cropping the picture",
            shownDefault: { "--\($0.scaling.rawValue)" }, effect: .flag { $0.scaling = .fill }),
        QrtuiOption(
            names: ["--color"], aliases: ["--colour"], argument: "WHEN", section: Section.screen,
            help: "auto (colours where the terminal has them, none when NO_COLOR is set), "
                + "always (even with NO_COLOR) or never",
            shownDefault: { $0.color.rawValue }, completion: .choices(Options.ColorChoice.allCases.map(\.rawValue)),
            effect: .value(parseColor)),
        QrtuiOption(
            names: ["--no-color"], aliases: ["--no-colour"], section: Section.screen, help: "the same as --color never",
            effect: .flag { $0.color = .never }),
        QrtuiOption(
            names: ["--no-beep"], section: Section.screen, help: "no terminal bell when a code is read",
            effect: .flag { $0.beep = false }),
    ]

    package static func parseGlyphs(_ options: inout Options, _ text: String) throws(UsageError) {
        guard let glyphs = GlyphSet(rawValue: text) else {
            throw UsageError(message: "--glyphs must be ascii, blocks, half or braille, not '\(text)'")
        }
        options.glyphs = glyphs
    }

    package static func parsePreview(_ options: inout Options, _ text: String) throws(UsageError) {
        guard let choice = Options.PreviewChoice(rawValue: text) else {
            throw UsageError(message: "--preview must be characters, picture or auto, not '\(text)'")
        }
        options.pictures = choice
    }

    package static func parseColor(_ options: inout Options, _ text: String) throws(UsageError) {
        guard let choice = text == "none" ? .never : Options.ColorChoice(rawValue: text) else {
            throw UsageError(message: "--color must be auto, always or never, not '\(text)'")
        }
        options.color = choice
    }
}
