import CodeReading
import Foundation
import FrameCore
import PictureFiles
import SystemCalls

/// `--qr-photos DIR`: BoofCV's QR photos (a folder a category, imageNNN.jpg or .png beside imageNNN.txt
/// with the corners of each code), scored as the corpus README says: a code read is found when
/// its centre lies in a ground-truth quadrilateral grown by 10% about its centre (each counted
/// once), extra when it lies in none. The real `qrtui --no-preview --format json` reads each
/// photo, started per photo, then each category's photos in one batch (`-j` as the machine
/// has cores); beside it zbarimg (which gives no corners: its QR count capped at the truth's),
/// zxing-cpp 3.1.1 (`ZxingCppReader`) and libzxing 1.4 alone through qrtui's engine.
struct QRPhotosBenchmark {
    let root: String
    /// Name each picture where qrtui misses a code or reads an extra one.
    let listCases: Bool

    typealias Quad = [(x: Double, y: Double)]

    struct Tally {
        var pictures = 0, codes = 0
        var found = 0, extra = 0, twice = 0, seconds = 0.0
        var zbarFound = 0, zbarSeconds = 0.0
        var zxingFound = 0, zxingExtra = 0, zxingSeconds = 0.0
        var batchFound = 0, batchSeconds = 0.0
        var newFound = 0, newExtra = 0, newSeconds = 0.0
        var slowest = (seconds: 0.0, name: "")

        mutating func add(_ other: Tally) {
            pictures += other.pictures
            codes += other.codes
            found += other.found
            extra += other.extra
            twice += other.twice
            seconds += other.seconds
            zbarFound += other.zbarFound
            zbarSeconds += other.zbarSeconds
            zxingFound += other.zxingFound
            zxingExtra += other.zxingExtra
            zxingSeconds += other.zxingSeconds
            batchFound += other.batchFound
            batchSeconds += other.batchSeconds
            newFound += other.newFound
            newExtra += other.newExtra
            newSeconds += other.newSeconds
            if other.slowest.seconds > slowest.seconds { slowest = other.slowest }
        }
    }

    func run(progress: (String) -> Void) throws -> String {
        let zxingCpp = ZxingCppReader.find()
        let zbarimg = ProgramPath.find("zbarimg")
        var rows = [
            [
                "category", "pictures", "codes", "qrtui", "extra", "twice", "s", "batch", "s", "zbarimg", "s",
                "zxing-cpp 3.1.1", "extra", "s", "libzxing 1.4", "extra", "s",
            ]
        ]
        var total = Tally()
        for category in try Self.categories(in: root) {
            progress("qr-photos: \(category)")
            let photos = Self.pictures(in: "\(root)/\(category)").compactMap {
                name -> (photo: String, truth: [Quad])? in
                let photo = "\(root)/\(category)/\(name)"
                return Self.truth(at: String(photo.dropLast(4)) + ".txt").map { (photo, $0) }
            }
            var tally = batch(photos)
            let newer = zxingCpp?.read(photos.map(\.photo)) ?? [:]
            for (photo, truth) in photos {
                measure(
                    photo, named: String(photo.dropFirst(root.count + 1)), truth: truth, zbarimg: zbarimg, into: &tally)
                if let read = newer[photo] {
                    let score = Self.score(read.codes.filter { $0.format == "QR Code" }.map(\.quad), against: truth)
                    (tally.newFound, tally.newExtra) = (tally.newFound + score.found, tally.newExtra + score.extra)
                    tally.newSeconds += read.seconds
                }
            }
            rows.append(row(category, tally))
            total.add(tally)
        }
        rows.append(row("all", total))
        let batches = try batchTimes(of: 100)
        func ratio(_ a: Double, _ b: Double) -> String { b > 0 ? format(a / b, 2) : "-" }
        let newer = zxingCpp == nil ? "zxing-cpp 3.1.1 is not installed (make bench-deps)" : ""
        return table(rows) + "\n\nqrtui's seconds / zbarimg's: \(ratio(total.seconds, total.zbarSeconds)) started per "
            + "picture, \(ratio(total.batchSeconds, total.zbarSeconds)) in a batch; / zxing-cpp 3.1.1's: "
            + "\(ratio(total.seconds, total.newSeconds)) and \(ratio(total.batchSeconds, total.newSeconds)). "
            + "\(newer)\n\(batches)\nslowest picture: \(total.slowest.name) \(format(total.slowest.seconds, 2)) s\n"
            + "s = wall seconds over the category: qrtui and zbarimg started per picture; batch: "
            + "qrtui --no-preview once for the category's pictures (-j \(Processors.available)), its found beside; "
            + "zxing-cpp 3.1.1 (every format, its default tries) and libzxing 1.4 (QR) in process, "
            + "the picture's decoding included; zbarimg's count is capped at the truth's, as it gives no corners."
    }

    /// `photo` read by qrtui, zbarimg and libzxing 1.4, each started (or timed) on its own.
    private func measure(
        _ photo: String, named name: String, truth: [Quad], zbarimg: String?, into tally: inout Tally
    ) {
        tally.pictures += 1
        tally.codes += truth.count
        let (quads, seconds) = qrtui(photo)
        let score = Self.score(quads, against: truth)
        (tally.found, tally.extra, tally.twice) = (
            tally.found + score.found, tally.extra + score.extra, tally.twice + score.twice
        )
        tally.seconds += seconds
        if seconds > tally.slowest.seconds { tally.slowest = (seconds, name) }
        if listCases, score.found < truth.count || score.extra > 0 {
            print("\(name): \(score.found) of \(truth.count), \(score.extra) extra")
        }
        if let zbarimg {
            let zbar = zbarCount(zbarimg, photo)
            tally.zbarFound += min(zbar.count, truth.count)
            tally.zbarSeconds += zbar.seconds
        }
        let zxing = zxingAlone(photo)
        let zxingScore = Self.score(zxing.quads, against: truth)
        tally.zxingFound += zxingScore.found
        tally.zxingExtra += zxingScore.extra
        tally.zxingSeconds += zxing.seconds
    }

    /// The first `count` photos (by category, then name) read by qrtui in one batch with `-j 1`,
    /// then with one job a core: the seconds of each.
    private func batchTimes(of count: Int) throws -> String {
        let photos = try Self.categories(in: root).flatMap { category in
            Self.pictures(in: "\(root)/\(category)").map { "\(root)/\(category)/\($0)" }
        }.prefix(count)
        let cores = Processors.available
        let times = [1, cores].map { jobs in
            CorpusTimes.timed(
                CaptureBenchmark.productsDirectory + "/qrtui", ["--no-preview", "-q", "-j", "\(jobs)"] + photos
            ).seconds
        }
        return "A batch of \(photos.count) photos: \(format(times[0], 1)) s with -j 1, \(format(times[1], 1)) s "
            + "with -j \(cores) (qrtui --no-preview -j N, once for all of them)."
    }

    /// The category's `photos` read by qrtui in one batch: its found codes and seconds.
    private func batch(_ photos: [(photo: String, truth: [Quad])]) -> Tally {
        var tally = Tally()
        let (output, seconds) = CorpusTimes.timed(
            CaptureBenchmark.productsDirectory + "/qrtui",
            ["--no-preview", "-q", "--format", "json"] + photos.map(\.photo))
        tally.batchSeconds = seconds
        let bySource = Dictionary(grouping: Self.qrCodes(inJSON: output), by: \.source)
        for (photo, truth) in photos {
            tally.batchFound += Self.score(bySource[photo]?.map(\.quad) ?? [], against: truth).found
        }
        return tally
    }

    private func row(_ name: String, _ t: Tally) -> [String] {
        [
            name, "\(t.pictures)", "\(t.codes)", "\(t.found)", "\(t.extra)", "\(t.twice)", format(t.seconds, 1),
            "\(t.batchFound)", format(t.batchSeconds, 1), "\(t.zbarFound)", format(t.zbarSeconds, 1), "\(t.newFound)",
            "\(t.newExtra)", format(t.newSeconds, 1), "\(t.zxingFound)", "\(t.zxingExtra)", format(t.zxingSeconds, 1),
        ]
    }

    /// The folders of `root`, by name.
    static func categories(in root: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root).sorted().filter {
            var folder: ObjCBool = false
            return FileManager.default.fileExists(atPath: "\(root)/\($0)", isDirectory: &folder) && folder.boolValue
        }
    }

    /// The pictures of `folder`, by name.
    static func pictures(in folder: String) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".png") }.sorted()
    }

    /// The quadrilaterals of a truth file: after `SETS` a line of 8 numbers a code, else four
    /// lines of two numbers for one code; `#` starts a comment.
    static func truth(at path: String) -> [Quad]? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        let sets = lines.first == "SETS"
        let numbers = lines.filter { $0 != "SETS" }.map { $0.split(separator: " ").compactMap { Double($0) } }
        let groups = sets ? numbers : [numbers.flatMap { $0 }]
        let quads: [Quad] = groups.filter { $0.count == 8 }.map { (n: [Double]) -> Quad in
            (0..<4).map { (corner: Int) -> (x: Double, y: Double) in (x: n[2 * corner], y: n[2 * corner + 1]) }
        }
        return quads.isEmpty ? nil : quads
    }

    /// Found, extra and twice (a second code in a quadrilateral already counted).
    static func score(_ read: [Quad], against truth: [Quad]) -> (found: Int, extra: Int, twice: Int) {
        var counted = Set<Int>()
        var (extra, twice) = (0, 0)
        for quad in read {
            let centre = Self.centre(quad)
            guard let index = truth.indices.first(where: { contains(grown(truth[$0]), centre) }) else {
                extra += 1
                continue
            }
            if counted.insert(index).inserted == false { twice += 1 }
        }
        return (counted.count, extra, twice)
    }

    private static func centre(_ quad: Quad) -> (x: Double, y: Double) {
        (quad.map(\.x).reduce(0, +) / Double(quad.count), quad.map(\.y).reduce(0, +) / Double(quad.count))
    }

    private static func grown(_ quad: Quad) -> Quad {
        let c = centre(quad)
        return quad.map { (x: c.x + ($0.x - c.x) * 1.1, y: c.y + ($0.y - c.y) * 1.1) }
    }

    /// Inside a convex or concave polygon, by crossings.
    private static func contains(_ polygon: Quad, _ point: (x: Double, y: Double)) -> Bool {
        var inside = false
        var j = polygon.count - 1
        for i in polygon.indices {
            let (a, b) = (polygon[i], polygon[j])
            if (a.y > point.y) != (b.y > point.y), point.x < (b.x - a.x) * (point.y - a.y) / (b.y - a.y) + a.x {
                inside.toggle()
            }
            j = i
        }
        return inside
    }

    /// The QR codes the real binary reads in `photo`, by their corners, and its wall time.
    private func qrtui(_ photo: String) -> (quads: [Quad], seconds: Double) {
        let (output, seconds) = CorpusTimes.timed(
            CaptureBenchmark.productsDirectory + "/qrtui", ["--no-preview", "--format", "json", photo])
        let quads = Self.qrCodes(inJSON: output).map(\.quad)
        return (quads, seconds)
    }

    /// The QR codes of qrtui's JSON lines: their corners, the frame each was announced in and
    /// the source it was read from.
    static func qrCodes(inJSON output: [UInt8]) -> [(quad: Quad, frame: Int, source: String)] {
        output.split(separator: 0x0A).compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                object["type"] as? String == "QR-Code", let corners = object["corners"] as? [[Double]]
            else { return nil }
            return (
                corners.filter { $0.count == 2 }.map { (x: $0[0], y: $0[1]) }, object["frame"] as? Int ?? 0,
                object["source"] as? String ?? ""
            )
        }
    }

    /// How many QR codes zbarimg reports, and its wall time.
    private func zbarCount(_ zbarimg: String, _ photo: String) -> (count: Int, seconds: Double) {
        let (output, seconds) = CorpusTimes.timed(zbarimg, ["--nodbus", "--xml", "-q", photo])
        let xml = String(decoding: output, as: UTF8.self)
        return (xml.components(separatedBy: "<symbol type='QR-Code'").count - 1, seconds)
    }

    /// libzxing 1.4 alone (its QR reader, trying harder and turned), in process.
    private func zxingAlone(_ photo: String) -> (quads: [Quad], seconds: Double) {
        let start = MonotonicClock.now()
        guard let data = FileManager.default.contents(atPath: photo),
            let frame = try? PictureDecoder.decode(
                Array(data), path: photo, limits: PictureLimits(maxPixels: 50_000_000))
        else { return ([], 0) }
        let codes = ZxingEngine.readAlone(frame, symbologies: [.qr])
        let quads = codes.map { $0.corners.map { (x: Double($0.x), y: Double($0.y)) } }
        return (quads, MonotonicClock.now() - start)
    }
}
