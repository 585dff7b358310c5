import CV4L2
import FrameCore
import Glibc
import PictureFiles
import PictureOps
import SystemCalls

/// A V4L2 camera through libv4l2 (which also copes with unusual drivers and converts the
/// formats qrtui cannot read): mmap streaming with several buffers, luma taken from each
/// frame, MJPEG decoded to grey here (`MJPEGDecoder`, paced by `DecodePacing`). Controls the
/// keys change are put back, and everything is released (STREAMOFF, munmap, close), by
/// `shutdown`, also from deinit.
public final class V4L2Camera: FrameSource {
    public let name: String
    public let kind = SourceKind.live
    public private(set) var framesPerSecond: Double?
    public let width: Int
    public let height: Int
    /// The pixel format frames arrive in, and the camera's own when libv4l2 converts.
    public let fourcc: UInt32
    public let convertedFrom: UInt32?
    public private(set) var corruptFrames = 0
    /// MJPEG frames dequeued and not decoded (a still scene: see `DecodePacing`).
    public private(set) var skippedDecodes = 0
    /// What it streams: "MJPEG 1280x720 at 30 fps".
    public var stream: String {
        CameraFormatChoice.describe(
            fourcc: fourcc, convertedFrom: convertedFrom, width: width, height: height, rate: framesPerSecond)
    }

    private var device: V4L2Device?
    private let stride: Int
    private let layout: LumaLayout
    private var buffers: [UnsafeMutableRawBufferPointer] = []
    private var streaming = false
    private var sequence = 0
    private var noticeHandler: ((CaptureNotice) -> Void)?
    /// Where each frame's luma goes; a reconnecting camera passes the same pool to every
    /// device it opens, so replugging allocates no planes.
    private let pool: FramePool
    private let link: CameraLink?
    private var controls: CameraControls?
    private var decoder: MJPEGDecoder?
    private var pacing = DecodePacing()
    private var announced = false

    public init(_ request: CameraRequest, pool: FramePool = FramePool(), link: CameraLink? = nil) throws(CaptureError) {
        self.pool = pool
        self.link = link
        let device = try V4L2Device(path: request.path)
        name = request.path
        let choice = try Self.choice(of: device, for: request)
        var format = v4l2_format()
        format.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        format.fmt.pix.width = UInt32(choice.width)
        format.fmt.pix.height = UInt32(choice.height)
        format.fmt.pix.pixelformat = choice.fourcc
        format.fmt.pix.field = V4L2_FIELD_NONE.rawValue
        try device.control(QRTUI_VIDIOC_S_FMT, "VIDIOC_S_FMT", &format)
        guard let layout = LumaLayout(fourcc: format.fmt.pix.pixelformat), format.fmt.pix.width > 0,
            format.fmt.pix.height > 0
        else {
            throw .unsupported(
                path: request.path,
                detail: "the camera offers no usable picture format (got \(FourCC.string(format.fmt.pix.pixelformat)))")
        }
        width = Int(format.fmt.pix.width)
        height = Int(format.fmt.pix.height)
        let bytesPerLine = Int(format.fmt.pix.bytesperline)
        stride = bytesPerLine > 0 ? bytesPerLine : (layout == .yuyv || layout == .uyvy ? 2 * width : width)
        self.layout = layout
        if layout == .jpeg {
            guard let decoder = MJPEGDecoder() else {
                throw .system(operation: "tjInitDecompress", path: request.path, errno: .outOfMemory)
            }
            self.decoder = decoder
        }
        fourcc = format.fmt.pix.pixelformat
        convertedFrom = choice.convertedFrom
        self.device = device
        controls = CameraControls(device: device)
        framesPerSecond = Self.setRate(device, request.framesPerSecond) ?? choice.framesPerSecond
        do {
            try startStreaming(device)
        } catch {
            shutdown()
            throw error
        }
    }

    deinit { shutdown() }

    /// What to ask of a capture device that can stream.
    private static func choice(of device: V4L2Device, for request: CameraRequest) throws(CaptureError)
        -> CameraFormatChoice
    {
        let capabilities = try device.nodeCapabilities()
        guard capabilities & QRTUI_CAP_VIDEO_CAPTURE != 0 else {
            throw .unsupported(path: request.path, detail: "not a video capture device (a metadata or output node?)")
        }
        guard capabilities & QRTUI_CAP_STREAMING != 0 else {
            throw .unsupported(path: request.path, detail: "the device cannot stream frames (no mmap I/O)")
        }
        guard let choice = CameraFormatChoice.choose(from: try device.formats(), for: request) else {
            throw .unsupported(path: request.path, detail: "the camera offers no usable picture format")
        }
        return choice
    }

    private static func setRate(_ device: V4L2Device, _ rate: Int) -> Double? {
        var parameters = v4l2_streamparm()
        parameters.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        parameters.parm.capture.timeperframe = v4l2_fract(numerator: 1, denominator: UInt32(max(1, rate)))
        guard (try? device.control(QRTUI_VIDIOC_S_PARM, "VIDIOC_S_PARM", &parameters)) != nil else { return nil }
        let fraction = parameters.parm.capture.timeperframe
        return fraction.numerator > 0 ? Double(fraction.denominator) / Double(fraction.numerator) : nil
    }

    private func startStreaming(_ device: V4L2Device) throws(CaptureError) {
        var request = v4l2_requestbuffers()
        request.count = 4
        request.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        request.memory = V4L2_MEMORY_MMAP.rawValue
        try device.control(QRTUI_VIDIOC_REQBUFS, "VIDIOC_REQBUFS", &request)
        guard request.count > 0 else { throw .system(operation: "VIDIOC_REQBUFS", path: name, errno: .outOfMemory) }
        for index in 0..<request.count {
            var buffer = v4l2_buffer()
            buffer.index = index
            buffer.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
            buffer.memory = V4L2_MEMORY_MMAP.rawValue
            try device.control(QRTUI_VIDIOC_QUERYBUF, "VIDIOC_QUERYBUF", &buffer)
            let memory = v4l2_mmap(
                nil, Int(buffer.length), PROT_READ | PROT_WRITE, MAP_SHARED, device.fd, Int64(buffer.m.offset))
            guard let memory, memory != MAP_FAILED else {
                throw .system(operation: "mmap", path: name, errno: .current)
            }
            buffers.append(UnsafeMutableRawBufferPointer(start: memory, count: Int(buffer.length)))
            try device.control(QRTUI_VIDIOC_QBUF, "VIDIOC_QBUF", &buffer)
        }
        var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
        try device.control(QRTUI_VIDIOC_STREAMON, "VIDIOC_STREAMON", &type)
        streaming = true
    }

    /// Stops streaming, unmaps the buffers and closes the device. Safe to call again.
    public func shutdown() {
        guard let device else { return }
        controls?.restore()
        controls = nil
        if streaming {
            var type = Int32(V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue)
            try? device.control(QRTUI_VIDIOC_STREAMOFF, "VIDIOC_STREAMOFF", &type)
            streaming = false
        }
        for buffer in buffers { v4l2_munmap(buffer.baseAddress, buffer.count) }
        buffers = []
        self.device = nil  // closes it
    }

    public func setNoticeHandler(_ handler: @escaping (CaptureNotice) -> Void) { noticeHandler = handler }

    public func nextFrame() throws(CaptureError) -> Frame? { try nextFrame(cancelled: { false }) }

    /// Waits for the next good frame; corrupt frames are skipped and counted. Returns nil
    /// once `cancelled` says so (checked a few times a second).
    public func nextFrame(cancelled: () -> Bool) throws(CaptureError) -> Frame? {
        guard let device else { return nil }
        if !announced {
            announced = true
            noticeHandler?(.streaming(stream))
        }
        while !cancelled() {
            for change in link?.takeChanges() ?? [] {
                if let report = controls?.apply(change) { noticeHandler?(.control(report)) }
            }
            var descriptors = [pollfd(fd: device.fd, events: Int16(POLLIN), revents: 0)]
            let ready: Int
            do {
                ready = try Syscall.poll(&descriptors, milliseconds: 100)
            } catch {
                throw .system(operation: "poll", path: name, errno: error)
            }
            if descriptors[0].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
                throw .system(operation: "poll", path: name, errno: .noSuchDevice)  // unplugged
            }
            guard ready > 0, descriptors[0].revents & Int16(POLLIN) != 0 else { continue }
            if let frame = try dequeue(device) { return frame }
        }
        return nil
    }

    private func dequeue(_ device: V4L2Device) throws(CaptureError) -> Frame? {
        var buffer = v4l2_buffer()
        buffer.type = V4L2_BUF_TYPE_VIDEO_CAPTURE.rawValue
        buffer.memory = V4L2_MEMORY_MMAP.rawValue
        do {
            try device.control(QRTUI_VIDIOC_DQBUF, "VIDIOC_DQBUF", &buffer)
        } catch {
            switch error.errno {
            // A frame was ready (poll said so) but libv4l2 could not decode it (a corrupt
            // MJPEG): non-blocking, it drops it with EAGAIN, or EIO after several in a row.
            case .wouldBlock?, .ioError?:
                countCorrupt()
                return nil
            default: throw error
            }
        }
        defer { try? device.control(QRTUI_VIDIOC_QBUF, "VIDIOC_QBUF", &buffer) }
        // The buffer the driver meant is lost to the stream, which stalls once all are: it is
        // opened again, as after an unplug.
        guard Int(buffer.index) < buffers.count else {
            throw .driverFault(
                path: name, detail: "the driver handed back buffer \(buffer.index), of \(buffers.count) it was given")
        }
        let memory = UnsafeRawBufferPointer(buffers[Int(buffer.index)])
        if layout == .jpeg,
            !pacing.shouldDecode(
                size: Int(buffer.bytesused), motion: link?.stillness.motion ?? .changing,
                shown: link?.picturesShown ?? false)
        {
            skippedDecodes += 1
            sequence += 1
            return nil
        }
        let frame = pool.frame(width: width, height: height, sequence: sequence, timestamp: MonotonicClock.now()) {
            buffer.flags & QRTUI_BUF_FLAG_ERROR == 0 && extractLuma(memory, used: Int(buffer.bytesused), into: $0)
        }
        guard let frame else {
            countCorrupt()
            return nil
        }
        if layout == .jpeg { link?.decoded(sequence: sequence, forScreenOnly: pacing.forScreenOnly) }
        sequence += 1
        return frame
    }

    private func countCorrupt() {
        corruptFrames += 1
        noticeHandler?(.corruptFrames(total: corruptFrames))
    }

    /// Writes one frame's luma plane into `plane`; false when the frame is too short to hold a picture.
    func extractLuma(_ memory: UnsafeRawBufferPointer, used: Int, into plane: UnsafeMutableBufferPointer<UInt8>) -> Bool
    {
        let available = min(used > 0 ? used : memory.count, memory.count)
        if layout == .jpeg, let decoder {
            return decoder.decodeGrey(
                UnsafeRawBufferPointer(rebasing: memory.prefix(available)), width: width, height: height, into: plane)
        }
        let needed = stride * (height - 1) + (layout == .yuyv || layout == .uyvy ? 2 * width : width)
        guard available >= needed else { return false }
        let (step, offset) =
            switch layout {
            case .grey, .planar, .jpeg: (1, 0)
            case .yuyv: (2, 0)
            case .uyvy: (2, 1)
            }
        LumaPlane.write(memory, width: width, height: height, stride: stride, step: step, offset: offset, into: plane)
        return true
    }
}
