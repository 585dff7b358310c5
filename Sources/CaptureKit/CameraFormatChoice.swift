import CV4L2
import FrameCore

/// What qrtui asks of a camera (`--size`, `--fps`).
public struct CameraRequest: Equatable, Sendable {
    public var path: String
    public var width: Int
    public var height: Int
    public var framesPerSecond: Int

    /// What a camera is asked for when the user names nothing: HD at a webcam's usual rate.
    public static let standard = (width: 1280, height: 720, framesPerSecond: 30)

    public init(
        path: String, width: Int = standard.width, height: Int = standard.height,
        framesPerSecond: Int = standard.framesPerSecond
    ) {
        self.path = path
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
    }
}

/// How luma is taken out of a frame in a given pixel format.
enum LumaLayout: Equatable {
    case grey, yuyv, uyvy, planar

    init?(fourcc: UInt32) {
        switch fourcc {
        case QRTUI_PIX_FMT_GREY: self = .grey
        case QRTUI_PIX_FMT_YUYV: self = .yuyv
        case QRTUI_PIX_FMT_UYVY: self = .uyvy
        case QRTUI_PIX_FMT_YUV420, QRTUI_PIX_FMT_YVU420, QRTUI_PIX_FMT_NV12, QRTUI_PIX_FMT_NV21: self = .planar
        default: return nil
        }
    }
}

/// The format to ask the camera for: the size closest to the request; at that size GREY or
/// a YUV format whose luma is taken directly, as long as it is fast enough; else MJPEG (or
/// anything else) decoded by libv4l2 into YU12.
struct CameraFormatChoice: Equatable {
    let fourcc: UInt32
    let width: Int
    let height: Int
    /// The camera's own format when libv4l2 converts (nil: the frames arrive as they are).
    let convertedFrom: UInt32?

    static let slowest = 15.0

    static func choose(from formats: [CameraFormat], for request: CameraRequest) -> CameraFormatChoice? {
        let native = formats.filter { !$0.emulated }
        let offers = native.flatMap { format in format.sizes.map { (format, $0) } }
        func distance(_ size: CameraSize) -> Int { abs(size.width - request.width) + abs(size.height - request.height) }
        guard let best = offers.map({ distance($0.1) }).min() else {
            // A camera that lists no sizes: try its first format at the requested size.
            guard let first = native.first else { return nil }
            return direct(first.fourcc, request.width, request.height)
        }
        let atSize = offers.filter { distance($0.1) == best }
        let wanted = min(Double(request.framesPerSecond), slowest)
        let rank: [UInt32] = [
            QRTUI_PIX_FMT_GREY, QRTUI_PIX_FMT_YUYV, QRTUI_PIX_FMT_UYVY, QRTUI_PIX_FMT_NV12,
            QRTUI_PIX_FMT_NV21, QRTUI_PIX_FMT_YUV420, QRTUI_PIX_FMT_YVU420,
        ]
        let directOffers = atSize.filter { LumaLayout(fourcc: $0.0.fourcc) != nil }
            .sorted { (rank.firstIndex(of: $0.0.fourcc) ?? 99) < (rank.firstIndex(of: $1.0.fourcc) ?? 99) }
        if let fast = directOffers.first(where: { $0.1.rates.isEmpty || $0.1.fastest >= wanted }) {
            return direct(fast.0.fourcc, fast.1.width, fast.1.height)
        }
        if let compressed = atSize.first(where: {
            $0.0.fourcc == QRTUI_PIX_FMT_MJPEG || $0.0.fourcc == QRTUI_PIX_FMT_JPEG
        }) {
            return converted(compressed.0.fourcc, compressed.1)
        }
        if let slow = directOffers.first { return direct(slow.0.fourcc, slow.1.width, slow.1.height) }
        return atSize.first.map { converted($0.0.fourcc, $0.1) }
    }

    private static func direct(_ fourcc: UInt32, _ width: Int, _ height: Int) -> CameraFormatChoice {
        CameraFormatChoice(fourcc: fourcc, width: width, height: height, convertedFrom: nil)
    }

    private static func converted(_ source: UInt32, _ size: CameraSize) -> CameraFormatChoice {
        CameraFormatChoice(fourcc: QRTUI_PIX_FMT_YUV420, width: size.width, height: size.height, convertedFrom: source)
    }
}
