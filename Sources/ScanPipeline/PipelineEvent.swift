import CaptureKit
import CodeReading
import FrameCore
import SystemCalls

/// What the reading thread is asked to read: one frame, in its scan area (nil: all of it).
package struct ScanJob: Sendable, Equatable {
    package let frame: Frame
    package var area: PixelRect? = nil
    /// Stills are read thoroughly, moving pictures within the policy's budget.
    package let kind: SourceKind
    /// The frame came at the pace of the world (a camera, anything on the screen), not as fast
    /// as it is read (a file headless, whose reading's work is counted so every run reads alike).
    package var realTime = true

    package init(frame: Frame, area: PixelRect? = nil, kind: SourceKind, realTime: Bool = true) {
        self.frame = frame
        self.area = area
        self.kind = kind
        self.realTime = realTime
    }

    /// A frame is known by its place in its source (comparing planes would cost a frame's bytes).
    package static func == (a: ScanJob, b: ScanJob) -> Bool {
        a.frame.sequence == b.frame.sequence && a.frame.timestamp == b.frame.timestamp
            && a.frame.width == b.frame.width && a.frame.height == b.frame.height
            && a.area == b.area && a.kind == b.kind && a.realTime == b.realTime
    }
}

/// One frame read: the codes in sight (corners in frame pixels), those it announces, and the
/// wall time the reading took.
package struct PipelineReading: Sendable {
    package let job: ScanJob
    package let reading: FrameReading
    /// The codes this reading makes news, in the order found: announced once, by one rule
    /// (`CodeTracker`) for the screen and headless alike.
    package var announced: [DetectedCode] = []
    /// Parts of structured-append messages not read whole that are news, by the same rule: no
    /// code to show, print or hand on (only JSON lists them), as a part may hold a piece of a
    /// secret its message's meaning would mask.
    package var parts: [DetectedCode] = []
    /// A still's codes told as its scan goes, or a camera frame's new 2D code as it is read
    /// (`EarlyCodes`): the frame's whole reading comes after.
    package var partial = false
    package var milliseconds = 0.0
}

/// What the pipeline tells its front end, in order.
package enum PipelineEvent: Sendable {
    /// A frame was read.
    case read(PipelineReading)
    /// News from the source (a camera unplugged and back, corrupt frames, its stream).
    case notice(CaptureNotice)
    /// The source ended (a file read through).
    case ended
    case failed(CaptureError)
}

/// The pipeline's output: the screen polls it, headless waits on it. Every reading is kept
/// until taken (what one announced is announced nowhere else): the reading waits while
/// `capacity` readings are (a batch's file read ahead of its turn keeps several); the
/// source's end comes once.
package final class PipelineOutput: Sendable {
    private typealias Events = HandOver<PipelineReading, CaptureNotice, CaptureError>
    private let channel: Events

    init(mode: HandOverMode, capacity: Int = 1) { channel = Events(mode: mode, capacity: capacity) }

    /// The next event, waiting until `deadline` (monotonic seconds; nil: for ever); nil when
    /// none came by then, or the output was closed.
    package func take(until deadline: Double? = nil) -> PipelineEvent? { Self.event(channel.take(until: deadline)) }

    /// The next event, without waiting.
    package func poll() -> PipelineEvent? { take(until: 0) }

    /// `action` runs (on the reading thread) whenever an event becomes available.
    package func onAvailable(_ action: @escaping @Sendable () -> Void) { channel.onAvailable(action) }

    func publish(_ reading: PipelineReading) -> Bool { channel.publish(reading) }
    func notify(_ notice: CaptureNotice) { channel.notify(notice, supersedes: CaptureNotice.supersedes) }
    func finish(_ error: CaptureError?) { channel.finish(error) }
    func close() { channel.close() }

    private static func event(_ item: Events.Item?) -> PipelineEvent? {
        switch item {
        case .value(let reading)?: .read(reading)
        case .notice(let notice)?: .notice(notice)
        case .ended?: .ended
        case .failed(let error)?: .failed(error)
        case nil: nil
        }
    }
}

/// The source's news as both front ends word it (the screen on its status line, headless on
/// stderr).
package enum SourceNews {
    /// A camera unplugged: qrtui waits for it.
    package static let waiting = "waiting for it to come back"
    package static let back = "the camera is back"

    package static func skipped(_ corrupt: Int) -> String {
        "skipped \(corrupt) corrupt frame\(corrupt == 1 ? "" : "s")"
    }
}
