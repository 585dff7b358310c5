import FrameCore
import Overlay
import Testing

@testable import ScanOptions
@testable import ScanTUI

/// `--preview` and `g`: the camera as a picture in the terminal's pixels where it draws one,
/// and a word on the status line where it cannot.
@Suite struct PreviewChoiceTests {
    func state(_ choice: Options.PreviewChoice, noPictures: String?) -> LiveState {
        var options = Options()
        options.pictures = choice
        var state = LiveState(options: options, source: .demo(reason: .requested))
        state.terminal.noPictures = noPictures
        _ = state.update(.resize(columns: 120, rows: 40, cellAspect: 0.5))
        state.choosePreview(now: 0)
        _ = state.show(Frame.filled(width: 640, height: 480, value: 128), kind: .live, now: 0)
        return state
    }

    @Test func charactersAreTheDefaultEvenWhereThePictureCouldBeDrawn() {
        #expect(!state(.characters, noPictures: nil).showsPixels)
        #expect(state(.auto, noPictures: nil).showsPixels)
        #expect(state(.picture, noPictures: nil).showsPixels)
    }

    @Test func aPictureAskedForWhereNoneCanBeDrawnSaysSo() {
        let asked = state(.picture, noPictures: "tmux passes no pictures through")
        #expect(!asked.showsPixels)
        #expect(asked.scene(now: 0.1).info.notice == "characters (tmux passes no pictures through)")
        let auto = state(.auto, noPictures: "the terminal shows no pictures")
        #expect(!auto.showsPixels && auto.notice == nil)
    }

    /// `g` runs through the glyph sets, then the picture where the terminal draws one.
    @Test func gCyclesToThePictureOnlyWhereItCanBeDrawn() {
        func cycle(_ state: inout LiveState) -> [String] {
            (0..<(GlyphSet.allCases.count + 1)).map { _ in
                _ = state.update(.key(.character("g")))
                return state.notice?.text ?? ""
            }
        }
        var pixels = state(.characters, noPictures: nil)
        let names = GlyphSet.allCases.dropFirst().map { "glyphs: \($0.rawValue)" }
        #expect(cycle(&pixels) == names + ["glyphs: picture", "glyphs: \(GlyphSet.allCases[0].rawValue)"])
        var characters = state(.characters, noPictures: "the terminal shows no pictures")
        #expect(!cycle(&characters).contains("glyphs: picture"))
    }

    /// A box (help) is drawn in characters, over the characters' picture.
    @Test func noPixelsWhileABoxIsOpen() {
        var state = state(.picture, noPictures: nil)
        _ = state.update(.key(.character("?")))
        #expect(!state.showsPixels)
        _ = state.update(.key(.character("?")))
        #expect(state.showsPixels)
    }

    /// The backend could not draw it (too slow a link): characters, said, and `g` skips it.
    @Test func aPictureTheBackendCannotDrawFallsBackToCharacters() {
        var state = state(.picture, noPictures: nil)
        _ = state.update(.picturesUnavailable("the link is too slow for pictures (41 kB/s)", now: 1))
        #expect(!state.showsPixels)
        #expect(state.notice?.text == "characters (the link is too slow for pictures (41 kB/s))")
        for _ in 0..<(GlyphSet.allCases.count + 1) {
            _ = state.update(.key(.character("g")))
            #expect(!state.showsPixels)
        }
    }

    /// A picture refused at one size (too small a terminal) is tried again at another.
    @Test func aRefusedPictureIsTriedAgainAtAnotherSize() {
        var state = state(.picture, noPictures: nil)
        _ = state.update(.picturesUnavailable("the terminal is too small for a picture", now: 1))
        _ = state.update(.resize(columns: 120, rows: 40, cellAspect: 0.5))
        #expect(!state.showsPixels)  // the same size: nothing new to try
        _ = state.update(.resize(columns: 160, rows: 48, cellAspect: 0.5))
        #expect(state.showsPixels)
    }
}
