import CaptureKit
import CodeReading
import FrameCore
import PictureFiles
import ScanOptions
import Synchronization
import SystemCalls

/// One scan, for the screen and headless alike: capture → reading → the one rule that
/// announces a code, each stage on a thread of its own, everything said as `PipelineEvent`s.
/// A screen also takes the frames as they come (`pictures`), steers where they are read
/// (`steer`), and asks for a frame to be read again (a still's area moved, a paused picture).
package final class Pipeline: Sendable {
    /// The frames as they come, for a screen to draw, the source's kind first.
    package typealias Pictures = HandOver<Frame, SourceKind, Never>

    package var output: PipelineOutput { reading.output }
    /// Nil headless.
    package let pictures: Pictures?
    private let feed: ScanFeed
    private let capture: CaptureThread
    private let reading: ReadingThread
    private let showing = ShowingCost()

    /// How a source is opened and read.
    package struct Setup: Sendable {
        package var choice: SourceFactory.Choice
        /// A source made by the caller instead of the one `choice` names (a benchmark's clip,
        /// a test's frames): the program's own capture, reading and announcing then run on it.
        package var given: Given?
        package var camera: @Sendable (String) -> CameraRequest
        package var limits = PictureLimits()
        package var environment: [String: String] = [:]
        package var policy: ReadingPolicy
        package var limit = ReadingLimit()
        /// The structured-append parts of the run's sources so far.
        package var messages = MessageParts()
        /// Keys' camera controls, and the camera told what reading saw of the scene.
        package var link: CameraLink?
        /// Readings kept until the front end takes them: a batch's file read ahead of its turn
        /// keeps going for as many (each holds its frame: a still's partial readings share one).
        package var keeps = 1

        package init(_ options: Options, choice: SourceFactory.Choice) {
            self.choice = choice
            camera = options.cameraRequest
            limits = options.limits
            environment = options.environment
            policy = options.reading
        }

        /// `source` read as the program reads a camera's or a file's frames, with `policy`.
        package init(given: Given, policy: ReadingPolicy) {
            choice = .demo(reason: .requested)
            self.given = given
            camera = { CameraRequest(path: $0) }
            self.policy = policy
        }
    }

    /// A source of the caller's, and how its frames are handed on and read.
    package struct Given: Sendable {
        package var open: @Sendable () throws(CaptureError) -> any FrameSource
        /// `.latestWins` as a camera's frames, `.lossless` as a file's.
        package var handOver: HandOverMode
        /// The scan area frames are read in (nil: the whole frame), as a screen steers it.
        package var area: PixelRect?
        /// Frames read with their work counted, as a file's are headless, not timed: every
        /// run reads alike, however busy the machine (a camera's frames are timed).
        package var countedWork: Bool

        package init(
            handOver: HandOverMode, area: PixelRect? = nil, countedWork: Bool = false,
            open: @escaping @Sendable () throws(CaptureError) -> any FrameSource
        ) {
            self.open = open
            self.handOver = handOver
            self.area = area
            self.countedWork = countedWork
        }
    }

    /// `onScreen`: the frames are shown (a recording plays at its own pace, the newest frame
    /// wins, nothing is read until the screen steers); else every frame of a file is read.
    package init(_ setup: Setup, onScreen: Bool) {
        let mode = onScreen ? .latestWins : setup.given?.handOver ?? setup.choice.handOver
        pictures = onScreen ? Pictures(mode: .latestWins) : nil
        let whole = ScanSteering(area: setup.given?.area, readsFrames: true)
        feed = ScanFeed(
            mode: mode, pictures: pictures, steering: onScreen ? .waiting : whole,
            countedWork: setup.given?.countedWork ?? false, link: setup.link)
        reading = ReadingThread(
            jobs: feed.jobs, policy: setup.policy, limit: setup.limit, messages: setup.messages,
            stillness: setup.link?.stillness, showing: showing, keeps: setup.keeps)
        capture = CaptureThread(into: feed) { () throws(CaptureError) in
            if let given = setup.given { return try given.open() }
            let source = try SourceFactory.open(
                setup.choice, camera: setup.camera, limits: setup.limits, link: setup.link,
                environment: setup.environment, deadline: setup.limit.deadline)
            return onScreen && source.kind == .recorded ? PacedSource(source) : source
        }
    }

    /// Where the source's frames are read from now on.
    package func steer(_ steering: ScanSteering) { feed.steer(steering) }

    /// The screen spent `seconds` of CPU showing a frame: reading pays it from its share.
    package func showed(cpu seconds: Double) { showing.add(seconds: seconds) }

    /// Reads `job` (a frame the screen shows) now: its place in the queue of frames.
    package func read(_ job: ScanJob) { feed.jobs.publish(job) }

    /// The source is open (a grab of the screen, say, is not while the desktop has not answered).
    package var sourceIsOpen: Bool { feed.isOpen }

    /// Frames replaced before anyone took them (the screen's, else reading's).
    package var dropped: Int { pictures?.dropped ?? feed.jobs.dropped }

    /// Stops reading (a thorough look ends at its next step) and the capture; true when both
    /// ended in time. A thread still blocked (a pipe nobody writes) is left to the exit.
    @discardableResult
    package func stop(reading readingTimeout: Double = 0, capture captureTimeout: Double) -> Bool {
        let readingEnded = reading.stop(timeout: readingTimeout)
        pictures?.close()
        return capture.stopAndWait(timeout: captureTimeout) && readingEnded
    }
}

/// Where the screen wants frames read: its scan area in frame pixels (nil: the whole frame),
/// and whether the source's frames are read at all (not while the picture is paused, nor
/// before the screen has placed its area).
package struct ScanSteering: Sendable, Equatable {
    package var area: PixelRect?
    package var readsFrames: Bool

    package init(area: PixelRect?, readsFrames: Bool) {
        self.area = area
        self.readsFrames = readsFrames
    }

    static let whole = ScanSteering(area: nil, readsFrames: true)
    static let waiting = ScanSteering(area: nil, readsFrames: false)
}

/// The capture's side of the pipeline: each frame to the screen's pictures (if any) and, as
/// the steering says, to reading.
final class ScanFeed: CaptureSink {
    typealias Jobs = HandOver<ScanJob, CaptureNotice, CaptureError>
    let jobs: Jobs
    private let pictures: Pipeline.Pictures?
    private let state: Mutex<(steering: ScanSteering, kind: SourceKind, open: Bool)>
    private let countedWork: Bool
    /// Tells the frames a camera decoded for the screen alone: they are not read.
    private let link: CameraLink?

    init(
        mode: HandOverMode, pictures: Pipeline.Pictures?, steering: ScanSteering, countedWork: Bool = false,
        link: CameraLink? = nil
    ) {
        jobs = Jobs(mode: mode)
        self.pictures = pictures
        self.countedWork = countedWork
        self.link = link
        state = Mutex((steering, .recorded, false))
    }

    func steer(_ steering: ScanSteering) { state.withLock { $0.steering = steering } }

    var isOpen: Bool { state.withLock { $0.open } }

    func opened(_ kind: SourceKind) {
        state.withLock {
            $0.kind = kind
            $0.open = true
        }
        pictures?.notify(kind)
    }

    func deliver(_ frame: Frame, paced: Bool) -> Bool {
        pictures?.publish(frame)
        let (steering, kind) = state.withLock { ($0.steering, $0.kind) }
        guard steering.readsFrames, link?.isForScreenOnly(frame) != true else { return !jobs.isClosed }
        // Cameras come in real time, and pipes fed at their pace; files and faster pipes as
        // fast as they are read.
        let realTime = !countedWork && (kind == .live || paced)
        return jobs.publish(ScanJob(frame: frame, area: steering.area, kind: kind, realTime: realTime))
    }

    func notify(_ notice: CaptureNotice) { jobs.notify(notice, supersedes: CaptureNotice.supersedes) }
    func finish(_ error: CaptureError?) { jobs.finish(error) }
    func close() { jobs.close() }
    var isClosed: Bool { jobs.isClosed }
}
