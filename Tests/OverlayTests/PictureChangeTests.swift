import FrameCore
import PictureOps
import Testing

@testable import Overlay

/// A picture in pixels is drawn again when it shows more than the last one did, beyond the
/// sensor's noise: a still scene's fresh noise draws nothing, a change is drawn at once.
@Suite struct PictureChangeTests {
    static let scene = Frame.plasma(width: 320, height: 240, seed: 3)

    static func picture(_ frame: Frame, area: Rect = Rect(x: 80, y: 60, width: 160, height: 120)) -> FramePicture {
        let image = GreyImage(width: frame.width, height: frame.height, pixels: frame.luma)
        let transform = ViewTransform.preview(
            frameWidth: frame.width, frameHeight: frame.height, columns: 80, rows: 24, cellAspect: 0.5, mode: .fit)
        return FramePicture(
            Scene(
                image: image, transform: transform, scanArea: ScanArea(rect: area), outlines: [], status: .scanning,
                info: StatusInfo(source: "t"), glyphs: .ascii, unicode: true), columns: 80, rows: 24)!
    }

    @Test func aStillScenesNoiseDrawsNothingAndAChangeIsDrawn() {
        var noise = SensorNoise(sigma: 6, seed: 9)
        var change = PictureChange()
        let first = Self.picture(noise.applied(to: Self.scene))
        let firstShown = change.shows(first)
        #expect(firstShown)
        change.drew(first)
        let still = (0..<30).map { _ in change.shows(Self.picture(noise.applied(to: Self.scene))) }
        #expect(still.allSatisfy { !$0 })
        // A dark square comes into view: drawn in that very frame.
        var luma = Self.scene.luma
        for y in 100..<140 { for x in 140..<180 { luma[y * Self.scene.stride + x] = 0 } }
        let moved = Frame(width: 320, height: 240, luma: luma)
        let shown = change.shows(Self.picture(noise.applied(to: moved)))
        #expect(shown)
    }

    @Test func newMarksAreDrawnAndARepaintDrawsAgain() {
        var change = PictureChange()
        let picture = Self.picture(Self.scene)
        change.drew(picture)
        let again = change.shows(picture)
        let otherArea = change.shows(Self.picture(Self.scene, area: Rect(x: 90, y: 60, width: 160, height: 120)))
        change.forget()
        let afterRepaint = change.shows(picture)
        #expect(!again && otherArea && afterRepaint)
    }
}
