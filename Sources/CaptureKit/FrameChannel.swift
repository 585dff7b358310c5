import Dispatch
import FrameCore
import SystemCalls

/// Where a capture thread delivers what its source gives (a frame channel, or a scan
/// pipeline's feed).
public protocol CaptureSink: AnyObject, Sendable {
    /// The source is open; frames follow.
    func opened(_ kind: SourceKind)
    /// A frame; `paced`: it came at the pace of the world (`FrameSource.arrivesPaced`). False
    /// once the sink wants no more.
    func deliver(_ frame: Frame, paced: Bool) -> Bool
    func notify(_ notice: CaptureNotice)
    /// The source ended: `error` nil for a normal end of input.
    func finish(_ error: CaptureError?)
    /// The consumer has gone: the capture stops after its current frame.
    func close()
    var isClosed: Bool { get }
}

extension CaptureNotice {
    /// Only the latest corrupt-frame count matters.
    public static func supersedes(_ new: CaptureNotice, _ old: CaptureNotice) -> Bool {
        if case .corruptFrames = new, case .corruptFrames = old { true } else { false }
    }
}

/// A source's frames handed to one consumer as they are (the tests', the benchmarks').
public final class FrameChannel: CaptureSink {
    public typealias Frames = HandOver<Frame, CaptureNotice, CaptureError>
    public let frames: Frames

    public init(mode: Frames.Mode) { frames = Frames(mode: mode) }

    public func opened(_ kind: SourceKind) {}
    public func deliver(_ frame: Frame, paced: Bool) -> Bool { frames.publish(frame) }
    public func notify(_ notice: CaptureNotice) { frames.notify(notice, supersedes: CaptureNotice.supersedes) }
    public func finish(_ error: CaptureError?) { frames.finish(error) }
    public func close() { frames.close() }
    public var isClosed: Bool { frames.isClosed }
}

/// Opens and runs a frame source on its own thread and delivers its frames to a sink.
/// Opening happens there too, so a source that blocks while opening (a FIFO nobody writes,
/// a slow device) never blocks the caller, and its errors arrive like any other.
public final class CaptureThread: Sendable {
    private let sink: any CaptureSink
    private let finished = DispatchSemaphore(value: 0)

    public init(
        into sink: any CaptureSink,
        open: @escaping @Sendable () throws(CaptureError) -> any FrameSource
    ) {
        self.sink = sink
        let finished = self.finished
        do throws(Errno) {
            try SystemThread.start("qrtui capture") {
                Self.run(sink, open)  // the source is released (devices closed) when this returns
                finished.signal()
            }
        } catch {
            // Too little memory for a thread: the sink hears it as any failure to open.
            sink.finish(.outOfMemory(need: "a thread", errno: error))
            finished.signal()
        }
    }

    private static func run(_ sink: any CaptureSink, _ open: () throws(CaptureError) -> any FrameSource) {
        do throws(CaptureError) {
            let source = try open()
            sink.opened(source.kind)
            source.setNoticeHandler { sink.notify($0) }
            while !sink.isClosed {
                guard let frame = try source.nextFrame(cancelled: { sink.isClosed }) else { break }
                guard sink.deliver(frame, paced: source.arrivesPaced) else { return }
            }
            sink.finish(nil)
        } catch {
            sink.finish(error)
        }
    }

    /// Asks the thread to stop; it ends after its current frame.
    public func stop() { sink.close() }

    /// Stops and waits (at most `timeout` seconds) until the source is closed: a camera
    /// has then stopped streaming, unmapped its buffers and closed its device.
    @discardableResult
    public func stopAndWait(timeout: Double = 2) -> Bool {
        stop()
        return finished.wait(timeout: .now() + timeout) == .success
    }
}
