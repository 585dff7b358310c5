import FrameCore
import Glibc

/// A camera that survives being unplugged: the failure is reported as a notice, the last
/// picture stays where it is shown, and the device is opened again once it is back.
public final class ReconnectingCamera: FrameSource {
    public let request: CameraRequest
    public let kind = SourceKind.live
    private var camera: V4L2Camera?
    private var noticeHandler: ((CaptureNotice) -> Void)?
    private var corruptBefore = 0
    /// One set of frame planes for every time the device is opened.
    private let pool = FramePool()
    private let link: CameraLink?
    static let retryInterval = 0.5

    /// Opening failures here (missing, permission, busy) are final: only a camera that worked
    /// and went away is waited for.
    public init(_ request: CameraRequest, link: CameraLink? = nil) throws(CaptureError) {
        self.request = request
        self.link = link
        camera = try V4L2Camera(request, pool: pool, link: link)
    }

    public var name: String { request.path }
    public var framesPerSecond: Double? { camera?.framesPerSecond }
    public var corruptFrames: Int { corruptBefore + (camera?.corruptFrames ?? 0) }

    public func setNoticeHandler(_ handler: @escaping (CaptureNotice) -> Void) {
        noticeHandler = handler
        camera?.setNoticeHandler(forwarding(handler))
    }

    /// Corrupt-frame counts continue across reconnections.
    private func forwarding(_ handler: @escaping (CaptureNotice) -> Void) -> (CaptureNotice) -> Void {
        { [unowned self] notice in
            if case .corruptFrames = notice { handler(.corruptFrames(total: corruptFrames)) } else { handler(notice) }
        }
    }

    public func nextFrame() throws(CaptureError) -> Frame? { try nextFrame(cancelled: { false }) }

    public func nextFrame(cancelled: () -> Bool) throws(CaptureError) -> Frame? {
        while !cancelled() {
            guard let camera else {
                reconnect(cancelled: cancelled)
                continue
            }
            do {
                return try camera.nextFrame(cancelled: cancelled)
            } catch  where error.needsReopening {
                corruptBefore += camera.corruptFrames
                camera.shutdown()
                self.camera = nil
                noticeHandler?(.disconnected(error))
            }
        }
        return nil
    }

    private func reconnect(cancelled: () -> Bool) {
        let deadline = MonotonicClock.now() + Self.retryInterval
        while MonotonicClock.now() < deadline && !cancelled() {
            MonotonicClock.sleep(until: min(deadline, MonotonicClock.now() + 0.05))
        }
        guard !cancelled(), let camera = try? V4L2Camera(request, pool: pool, link: link) else { return }
        if let handler = noticeHandler { camera.setNoticeHandler(forwarding(handler)) }
        self.camera = camera
        noticeHandler?(.reconnected)
    }
}
