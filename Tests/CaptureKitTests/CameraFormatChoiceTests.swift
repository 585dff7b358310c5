import CV4L2
import Testing

@testable import CaptureKit

/// What qrtui asks a camera for: size first, then the frame rate, then the cheapest format.
@Suite struct CameraFormatChoiceTests {
    func format(_ fourcc: UInt32, _ sizes: [(Int, Int, Double)]) -> CameraFormat {
        CameraFormat(
            fourcc: fourcc, name: FourCC.string(fourcc), emulated: false,
            sizes: sizes.map { CameraSize(width: $0.0, height: $0.1, rates: [$0.2]) })
    }

    /// A USB 2 webcam: YUYV at 10 fps in HD, MJPEG at 30.
    var webcam: [CameraFormat] {
        [
            format(QRTUI_PIX_FMT_YUYV, [(640, 480, 30), (1280, 720, 10)]),
            format(QRTUI_PIX_FMT_MJPEG, [(640, 480, 30), (1280, 720, 30)]),
        ]
    }

    @Test func theRateAskedForComesBeforeTheCheaperFormat() throws {
        let hd = try #require(CameraFormatChoice.choose(from: webcam, for: CameraRequest(path: "/dev/video0")))
        #expect(hd.fourcc == QRTUI_PIX_FMT_MJPEG && hd.width == 1280 && hd.framesPerSecond == 30)
        #expect(hd.convertedFrom == nil)  // decoded by qrtui, not libv4l2
        // Asked for 10 fps, YUYV reaches it and costs less.
        let slow = try #require(
            CameraFormatChoice.choose(from: webcam, for: CameraRequest(path: "v", framesPerSecond: 10)))
        #expect(slow.fourcc == QRTUI_PIX_FMT_YUYV && slow.width == 1280)
        // At 640x480 both reach 30 fps: YUYV.
        let small = try #require(
            CameraFormatChoice.choose(from: webcam, for: CameraRequest(path: "v", width: 640, height: 480)))
        #expect(small.fourcc == QRTUI_PIX_FMT_YUYV && small.width == 640)
    }

    /// YUYV only: 1280x720 at 10 fps, 640x480 at 30. A fluent rate comes before the size unless
    /// the user named the size; a camera with no fluent size gives its nearest size.
    @Test func aFluentRateComesBeforeTheSizeUnlessTheSizeIsAsked() throws {
        let formats = [format(QRTUI_PIX_FMT_YUYV, [(1280, 720, 10), (640, 480, 30)])]
        let fluent = try #require(CameraFormatChoice.choose(from: formats, for: CameraRequest(path: "v")))
        #expect(fluent.width == 640 && fluent.framesPerSecond == 30)
        let asked = try #require(
            CameraFormatChoice.choose(from: formats, for: CameraRequest(path: "v", sizeAsked: true)))
        #expect(asked.width == 1280 && asked.framesPerSecond == 10)
        // Asked for 10 fps, 1280x720 is fluent enough.
        let slow = try #require(
            CameraFormatChoice.choose(from: formats, for: CameraRequest(path: "v", framesPerSecond: 10)))
        #expect(slow.width == 1280)
        let slowOnly = [format(QRTUI_PIX_FMT_YUYV, [(1280, 720, 10), (640, 480, 15)])]
        let nearest = try #require(CameraFormatChoice.choose(from: slowOnly, for: CameraRequest(path: "v")))
        #expect(nearest.width == 1280 && nearest.framesPerSecond == 10)
    }

    @Test func aFormatQrtuiCannotReadIsConvertedByLibv4l2() throws {
        let formats = [format(QRTUI_PIX_FMT_RGB24, [(1280, 720, 30)])]
        let choice = try #require(CameraFormatChoice.choose(from: formats, for: CameraRequest(path: "v")))
        #expect(choice.fourcc == QRTUI_PIX_FMT_YUV420 && choice.convertedFrom == QRTUI_PIX_FMT_RGB24)
        #expect(
            CameraFormatChoice.describe(
                fourcc: choice.fourcc, convertedFrom: choice.convertedFrom, width: 1280, height: 720, rate: 30)
                == "YU12 from RGB3 (libv4l2) 1280x720 at 30 fps")
    }
}

/// While the scene is still, an MJPEG camera decodes every third frame (every other one on a
/// screen, one in two of them only drawn), while only followed codes move every other frame,
/// and at once any frame whose size jumps.
@Suite struct DecodePacingTests {
    @Test func aStillSceneDecodesEveryThirdFrameAndASizeJumpAtOnce() {
        var pacing = DecodePacing()
        let wobble = [100_000, 100_300, 99_800, 100_100, 99_900, 100_200, 100_000, 99_700, 100_100]
        // Moving: every frame.
        #expect(wobble.allSatisfy { pacing.shouldDecode(size: $0, motion: .changing) })
        // Still: one in three.
        let still = wobble.map { pacing.shouldDecode(size: $0, motion: .still) }
        #expect(still.filter { $0 }.count == 3)
        #expect(still == [false, false, true, false, false, true, false, false, true])
        // Something new comes into view: more detail, a larger frame, decoded at once.
        let jumped = pacing.shouldDecode(size: 112_000, motion: .still)
        #expect(jumped)
    }

    @Test func onAScreenNoTwoFramesInARowAreLeftUndecoded() {
        var pacing = DecodePacing()
        let wobble = [100_000, 100_300, 99_800, 100_100, 99_900, 100_200, 100_000, 99_700, 100_100]
        #expect(wobble.allSatisfy { pacing.shouldDecode(size: $0, motion: .changing, shown: true) })
        let still = wobble.map { pacing.shouldDecode(size: $0, motion: .still, shown: true) }
        #expect(still == [false, true, false, true, false, true, false, true, false])
        let jumped = pacing.shouldDecode(size: 112_000, motion: .still, shown: true)
        #expect(jumped)
    }

    /// Of a still scene's frames decoded for a screen, one in two is read (every fourth frame,
    /// about headless's every third); a size jump is read at once, and headless every decoded
    /// frame is.
    @Test func onAScreenEveryOtherDecodedFrameOfAStillSceneIsForTheScreenAlone() {
        let wobble = [100_000, 100_300, 99_800, 100_100, 99_900, 100_200, 100_000, 99_700, 100_100]
        for shown in [true, false] {
            var pacing = DecodePacing()
            #expect(wobble.allSatisfy { pacing.shouldDecode(size: $0, motion: .changing, shown: shown) })
            #expect(!pacing.forScreenOnly)
            let read = wobble.map {
                pacing.shouldDecode(size: $0, motion: .still, shown: shown) && !pacing.forScreenOnly
            }
            #expect(
                read
                    == (shown
                        ? [false, false, false, true, false, false, false, true, false]
                        : [false, false, true, false, false, true, false, false, true]))
            #expect(pacing.shouldDecode(size: 112_000, motion: .still, shown: shown) && !pacing.forScreenOnly)
        }
    }

    @Test func whileOnlyFollowedCodesMoveEveryOtherFrameIsDecoded() {
        for shown in [false, true] {
            var pacing = DecodePacing()
            let wobble = [100_000, 100_300, 99_800, 100_100, 99_900, 100_200, 100_000, 99_700, 100_100]
            let followed = wobble.map { pacing.shouldDecode(size: $0, motion: .followed, shown: shown) }
            #expect(followed == [true, false, true, false, true, false, true, false, true])
            // A new code comes into view beside the followed one: decoded at once.
            let jumped = pacing.shouldDecode(size: 112_000, motion: .followed, shown: shown)
            #expect(jumped)
            // Something else moves: every frame again.
            let moving = wobble.map { pacing.shouldDecode(size: $0, motion: .changing, shown: shown) }
            #expect(moving.allSatisfy { $0 })
        }
    }

    @Test func aThirdOfASecondOfFramesMakesASceneStillOrFollowed() {
        let stillness = SceneStillness()
        #expect(stillness.motion == .changing)
        for _ in 0..<9 { stillness.sceneWas(still: false, followed: true) }
        #expect(stillness.motion == .changing)
        stillness.sceneWas(still: true)
        #expect(stillness.motion == .followed)  // still frames count as followed ones
        for _ in 0..<9 { stillness.sceneWas(still: true) }
        #expect(stillness.motion == .still)
        stillness.sceneWas(still: false, followed: true)
        #expect(stillness.motion == .followed)
        stillness.sceneWas(still: false)
        #expect(stillness.motion == .changing)
        for _ in 0..<10 { stillness.sceneWas(still: false, followed: true) }
        #expect(stillness.motion == .followed)
    }
}
