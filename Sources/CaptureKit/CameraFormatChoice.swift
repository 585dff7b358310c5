import CV4L2
import FrameCore

/// What qrtui asks of a camera (`--size`, `--fps`).
public struct CameraRequest: Equatable, Sendable {
    public var path: String
    public var width: Int
    public var height: Int
    public var framesPerSecond: Int
    /// The user named the size (`--size`): it comes before a fluent rate.
    public var sizeAsked: Bool

    /// What a camera is asked for when the user names nothing: HD at a webcam's usual rate.
    public static let standard = (width: 1280, height: 720, framesPerSecond: 30)

    public init(
        path: String, width: Int = standard.width, height: Int = standard.height,
        framesPerSecond: Int = standard.framesPerSecond, sizeAsked: Bool = false
    ) {
        self.path = path
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        self.sizeAsked = sizeAsked
    }
}

/// How luma is taken out of a frame in a given pixel format.
enum LumaLayout: Equatable {
    case grey, yuyv, uyvy, planar
    /// A JPEG a frame (MJPEG): decoded to grey here (`MJPEGDecoder`).
    case jpeg

    init?(fourcc: UInt32) {
        switch fourcc {
        case QRTUI_PIX_FMT_GREY: self = .grey
        case QRTUI_PIX_FMT_YUYV: self = .yuyv
        case QRTUI_PIX_FMT_UYVY: self = .uyvy
        case QRTUI_PIX_FMT_YUV420, QRTUI_PIX_FMT_YVU420, QRTUI_PIX_FMT_NV12, QRTUI_PIX_FMT_NV21: self = .planar
        case QRTUI_PIX_FMT_MJPEG, QRTUI_PIX_FMT_JPEG: self = .jpeg
        default: return nil
        }
    }

    /// What turning a frame into grey costs, cheapest first: the luma as it lies, the luma
    /// every other byte, a JPEG's entropy decoding.
    var cost: Int {
        switch self {
        case .grey, .planar: 0
        case .yuyv, .uyvy: 1
        case .jpeg: 2
        }
    }
}

/// The format to ask the camera for, from the camera's own list: among the sizes it sends at
/// 25 fps or more (a picture that follows a hand; all of them when the user named the size,
/// or when none is that fast), the size closest to the request; at that size the formats that come closest to the frame rate asked for (a USB 2
/// webcam sends 1280x720 at 30 fps only as MJPEG, its YUYV at 10); among those the cheapest
/// to turn into grey (GREY and YUV as they are, MJPEG decoded here). A format qrtui cannot
/// read itself is converted to YU12 by libv4l2, as a last resort.
struct CameraFormatChoice: Equatable {
    let fourcc: UInt32
    let width: Int
    let height: Int
    /// The frame rate the camera lists for it (nil: it lists none).
    let framesPerSecond: Double?
    /// The camera's own format when libv4l2 converts (nil: the frames arrive as they are).
    let convertedFrom: UInt32?

    /// The least rate a moving code is followed at, unless the user asked for less.
    static let fluentRate = 25.0

    static func choose(from formats: [CameraFormat], for request: CameraRequest) -> CameraFormatChoice? {
        let native = formats.filter { !$0.emulated }
        let wanted = Double(request.framesPerSecond)
        // A size that lists no rates is taken to reach any.
        func reach(_ size: CameraSize) -> Double { size.rates.isEmpty ? wanted : min(size.fastest, wanted) }
        var offers = native.flatMap { format in format.sizes.map { (format: format, size: $0) } }
        let fluent = offers.filter { reach($0.size) >= min(wanted, Self.fluentRate) - 0.5 }
        if !request.sizeAsked && !fluent.isEmpty { offers = fluent }
        func distance(_ size: CameraSize) -> Int { abs(size.width - request.width) + abs(size.height - request.height) }
        guard let best = offers.map({ distance($0.size) }).min() else {
            // A camera that lists no sizes: try its first format at the requested size.
            guard let first = native.first else { return nil }
            return choice(first.fourcc, CameraSize(width: request.width, height: request.height, rates: []))
        }
        let atSize = offers.filter { distance($0.size) == best }
        let fastest = atSize.map { reach($0.size) }.max() ?? wanted
        let quick = atSize.filter { reach($0.size) >= fastest - 0.5 }
        func cost(_ fourcc: UInt32) -> Int { LumaLayout(fourcc: fourcc)?.cost ?? 3 }
        guard let pick = quick.min(by: { cost($0.format.fourcc) < cost($1.format.fourcc) }) else { return nil }
        return choice(pick.format.fourcc, pick.size)
    }

    private static func choice(_ fourcc: UInt32, _ size: CameraSize) -> CameraFormatChoice {
        let rate = size.rates.isEmpty ? nil : size.fastest
        guard LumaLayout(fourcc: fourcc) == nil else {
            return CameraFormatChoice(
                fourcc: fourcc, width: size.width, height: size.height, framesPerSecond: rate, convertedFrom: nil)
        }
        return CameraFormatChoice(
            fourcc: QRTUI_PIX_FMT_YUV420, width: size.width, height: size.height, framesPerSecond: rate,
            convertedFrom: fourcc)
    }

    /// "MJPEG 1280x720 at 30 fps", "YU12 from BGR3 (libv4l2) 640x480".
    static func describe(fourcc: UInt32, convertedFrom: UInt32?, width: Int, height: Int, rate: Double?) -> String {
        let name = fourcc == QRTUI_PIX_FMT_MJPEG ? "MJPEG" : FourCC.string(fourcc)
        let converted = convertedFrom.map { " from \(FourCC.string($0)) (libv4l2)" } ?? ""
        let fps = rate.map { " at \(Int($0.rounded())) fps" } ?? ""
        return "\(name)\(converted) \(width)x\(height)\(fps)"
    }
}
