import CodeFixtures
import Foundation
import FrameCore
import PictureFiles
import PictureOps
import SystemCalls

/// `--live-photos DIR`: BoofCV's QR photos (as `--qr-photos` scores them) as a webcam sees
/// them: each scaled to fit 1280x720 on black, its ground truth mapped with it, and played for
/// 2 s with fresh sensor noise (σ 3) three ways, each read by the real qrtui: a Y4M file of 60
/// frames, the fake camera in MJPEG (4:2:2, quality 85) at 30 fps, and in YUYV (10 fps at
/// 720p, as webcams offer it). Beside them, in the same run, the still path on the first frame
/// and zbarimg on it. Per category: codes found, extra, and the frame of each code's first
/// announcement (median and most).
struct LivePhotosBenchmark {
    let root: String
    /// Only the categories whose name contains this.
    let only: String?
    /// Name each picture where a live way finds less than the still path.
    let listCases: Bool
    static let (width, height) = (1280, 720)
    static let sigma = 3.0
    static let seconds = 2.0
    let directory = TemporaryDirectory("live-photos")

    enum Way: String, CaseIterable {
        case still, zbarimg, y4m = "Y4M file", mjpeg = "MJPEG camera", yuyv = "YUYV camera"
    }

    struct Tally {
        var pictures = 0, codes = 0
        var found: [Way: Int] = [:], extra: [Way: Int] = [:]
        var firstFrames: [Way: [Int]] = [:]

        mutating func add(_ other: Tally) {
            pictures += other.pictures
            codes += other.codes
            for way in Way.allCases {
                found[way, default: 0] += other.found[way, default: 0]
                extra[way, default: 0] += other.extra[way, default: 0]
                firstFrames[way, default: []] += other.firstFrames[way, default: []]
            }
        }
    }

    /// The photos of `category` that decode, with their ground truth (nil: none given).
    private func photos(in category: String) -> [(name: String, picture: Frame, truth: [QRPhotosBenchmark.Quad]?)] {
        QRPhotosBenchmark.pictures(in: "\(root)/\(category)").compactMap { name in
            let photo = "\(root)/\(category)/\(name)"
            guard let data = FileManager.default.contents(atPath: photo),
                let picture = try? PictureDecoder.decode(Array(data), path: photo)
            else { return nil }
            return (name, picture, QRPhotosBenchmark.truth(at: String(photo.dropLast(4)) + ".txt"))
        }
    }

    /// Writes each photo's scene (as played, before the noise) into `folder` as
    /// CATEGORY-NAME.pgm: to try qrtui on them.
    func writeScenes(into folder: String) throws -> String {
        var written = 0
        for category in try QRPhotosBenchmark.categories(in: root).filter({ only.map($0.contains) ?? true }) {
            for photo in photos(in: category) {
                let scene = Self.scene(photo.picture, truth: []).frame
                let path = "\(folder)/\(category)-\(photo.name.split(separator: ".")[0]).pgm"
                guard FileManager.default.createFile(atPath: path, contents: Data(NetpbmCodec.encode(scene))) else {
                    throw CocoaError(.fileWriteUnknown)
                }
                written += 1
            }
        }
        return "\(written) scenes written into \(folder)"
    }

    func run(progress: (String) -> Void) throws -> String {
        var header = ["category", "pictures", "codes", "still", "zbarimg"]
        for way in [Way.y4m, .mjpeg, .yuyv] { header += [way.rawValue, "extra", "frame (median, most, late)"] }
        var rows = [header]
        var total = Tally()
        let categories = try QRPhotosBenchmark.categories(in: root).filter { only.map($0.contains) ?? true }
        for category in categories {
            progress("live-photos: \(category)")
            var tally = Tally()
            for (name, picture, truth) in photos(in: category) {
                guard let truth else { continue }
                let one = measure(Self.scene(picture, truth: truth), seed: UInt64(tally.pictures + total.pictures))
                let still = one.found[.still, default: 0]
                let ways = [Way.y4m, .mjpeg, .yuyv]
                let late = ways.contains { one.firstFrames[$0, default: []].contains { $0 > Self.inTime } }
                if listCases, late || ways.contains(where: { one.found[$0, default: 0] < still }) {
                    let counts = ways.map {
                        "\($0.rawValue) \(one.found[$0, default: 0]) (frames \(one.firstFrames[$0, default: []].sorted()))"
                    }
                    print("\(category)/\(name): still \(still), " + counts.joined(separator: ", "))
                }
                tally.add(one)
            }
            rows.append(row(category, tally))
            total.add(tally)
        }
        rows.append(row("all", total))
        return table(rows)
            + "\n\nframe: the frame of each code's first announcement (a camera's sequence; YUYV at 10 fps, "
            + "the others at 30), late: codes first announced after frame \(Self.inTime); zbarimg's count is "
            + "capped at the truth's, as it gives no corners."
    }

    /// A code's first announcement is in time up to this frame.
    static let inTime = 30

    private func row(_ name: String, _ t: Tally) -> [String] {
        var cells = [
            name, "\(t.pictures)", "\(t.codes)", "\(t.found[.still, default: 0])", "\(t.found[.zbarimg, default: 0])",
        ]
        for way in [Way.y4m, .mjpeg, .yuyv] {
            let frames = t.firstFrames[way, default: []].sorted()
            let late = frames.count { $0 > Self.inTime }
            let median = frames.isEmpty ? "-" : "\(frames[frames.count / 2]), \(frames.last ?? 0), \(late)"
            cells += ["\(t.found[way, default: 0])", "\(t.extra[way, default: 0])", median]
        }
        return cells
    }

    /// `photo` scaled to fit the frame, centred on black, and its truth mapped as it was.
    static func scene(_ photo: Frame, truth: [QRPhotosBenchmark.Quad]) -> (
        frame: Frame, truth: [QRPhotosBenchmark.Quad]
    ) {
        let fit = min(Double(width) / Double(photo.width), Double(height) / Double(photo.height))
        // Pixels averaged down to within twice the size (as a sensor's do), then drawn smooth.
        let shrunk = photo.shrunk(by: max(1, Int(1 / fit)))
        let frame = Frame.filled(width: width, height: height, value: 16).drawing(
            shrunk, centreX: Double(width) / 2, centreY: Double(height) / 2,
            scale: fit * Double(photo.width) / Double(shrunk.width))
        let mapped = truth.map { quad in
            quad.map {
                (
                    x: Double(width) / 2 + ($0.x - Double(photo.width) / 2) * fit,
                    y: Double(height) / 2 + ($0.y - Double(photo.height) / 2) * fit
                )
            }
        }
        return (frame, mapped)
    }

    /// Every way's reading of one scene.
    private func measure(_ scene: (frame: Frame, truth: [QRPhotosBenchmark.Quad]), seed: UInt64) -> Tally {
        var tally = Tally(pictures: 1, codes: scene.truth.count)
        var noise = SensorNoise(sigma: Self.sigma, seed: seed)
        let frames = (0..<Int(Self.seconds * 30)).map {
            noise.applied(to: scene.frame.renumbered(sequence: $0, timestamp: Double($0) / 30))
        }
        let first = directory.write("first.pgm", NetpbmCodec.encode(frames[0]))
        let clip = directory.write("clip.y4m", Y4MEncoder.encode(frames))
        let plain = directory.write("scene.pgm", NetpbmCodec.encode(scene.frame))
        let qrtui = CaptureBenchmark.productsDirectory + "/qrtui"
        let json = ["--no-preview", "--format", "json"]
        var reads: [Way: [(quad: QRPhotosBenchmark.Quad, frame: Int, source: String)]] = [:]
        reads[.still] = QRPhotosBenchmark.qrCodes(inJSON: run(qrtui, json + [first]))
        reads[.y4m] = QRPhotosBenchmark.qrCodes(inJSON: run(qrtui, json + ["-i", clip]))
        for (way, format, rate) in [(Way.mjpeg, "mjpeg", 30.0), (.yuyv, "yuyv", 10)] {
            let camera = [
                "LD_PRELOAD": CaptureBenchmark.productsDirectory + "/libFakeV4L2.so",
                "QRTUI_FAKE_DEVICES": "/dev/video0:\(format)", "QRTUI_FAKE_HIDE_REAL": "1",
                "QRTUI_FAKE_IMAGE": plain, "QRTUI_FAKE_SIGMA": "\(Self.sigma)",
            ]
            let arguments = json + ["-d", "/dev/video0", "--size", "\(Self.width)x\(Self.height)", "--timeout", "4"]
            reads[way] = QRPhotosBenchmark.qrCodes(inJSON: run(qrtui, arguments, environment: camera)).filter {
                Double($0.frame) < Self.seconds * rate
            }
        }
        for (way, found) in reads {
            let score = QRPhotosBenchmark.score(found.map(\.quad), against: scene.truth)
            tally.found[way] = score.found
            tally.extra[way] = score.extra
            tally.firstFrames[way] = Self.firstFrames(found, truth: scene.truth)
        }
        if let zbarimg = ProgramPath.find("zbarimg") {
            let xml = String(decoding: run(zbarimg, ["--nodbus", "--xml", "-q", first]), as: UTF8.self)
            tally.found[.zbarimg] = min(
                scene.truth.count, xml.components(separatedBy: "<symbol type='QR-Code'").count - 1)
        }
        return tally
    }

    /// The first frame each code of the truth was announced in.
    private static func firstFrames(
        _ reads: [(quad: QRPhotosBenchmark.Quad, frame: Int, source: String)], truth: [QRPhotosBenchmark.Quad]
    ) -> [Int] {
        truth.compactMap { quad in
            reads.filter { QRPhotosBenchmark.score([$0.quad], against: [quad]).found == 1 }.map(\.frame).min()
        }
    }

    private func run(_ program: String, _ arguments: [String], environment: [String: String] = [:]) -> [UInt8] {
        ProgramRun.output(program, arguments, environment: environment, seconds: 300)
    }
}
