import CodeReading
import ScanOptions

/// What one run of qrtui-bench is asked to measure.
struct BenchSettings {
    var corpus: String?
    var frames = false
    var render = false
    var capture = false
    /// Frames per measurement; nil: each benchmark's own count (30, or 5 runs for --big-still).
    var repetitions: Int?
    /// `-S`, as qrtui takes it (`reading.symbologies` nil: all).
    var scanning = Options()
    var passes = ThoroughScan.measuredOrder
    var listCases = false
    var live = false
    var only: String?
    var effort: ScanEffort?
    var verbose = false
    var costSeconds: Double?
    var latencySeconds: Double?
    var pictureSeconds: Double?
    var costClips: String?
    var swap = false
    var swapClips: String?
    var stressCount: Int?
    var seed: UInt64 = 1
    var stressDump: String?
    var picks: [Int] = []
    var stressSave: String?
    var stressEach: String?
    var deadlineRuns: Int?
    var soakMinutes: Double?
    var bigStill = false
    var bigStillFile: String?
    var memorySide: Int?
    var explain: String?
    var qrPhotos: String?
    var livePhotos: String?
    var scenesInto: String?
    /// `--bombs`: the bombs at this share of their full side.
    var bombScale: Double?
    var bombsInto: String?
    /// `--fusion`: faint clips of each kind (still, shaking).
    var fusionClips: Int?
    var fusionInto: String?

    var measuresSomething: Bool {
        corpus != nil || frames || render || capture || live || costSeconds != nil || latencySeconds != nil
            || pictureSeconds != nil
            || stressCount != nil
            || deadlineRuns != nil || soakMinutes != nil || bigStill || memorySide != nil || explain != nil
            || costClips != nil || swap || swapClips != nil || qrPhotos != nil || livePhotos != nil || bombScale != nil
            || bombsInto != nil || scenesInto != nil || fusionClips != nil || fusionInto != nil
    }
}

/// qrtui-bench's command line, declared as qrtui's is and parsed by the same parser.
enum BenchOptions {
    typealias Option = OptionSpec<BenchSettings>
    static let section = "Options"

    static func parse(_ arguments: [String]) throws(UsageError) -> OptionParser<BenchSettings>.Outcome {
        let parser = OptionParser(table: table) { (_: inout BenchSettings, word: String) throws(UsageError) in
            throw UsageError(message: "unknown argument '\(word)'")
        }
        return try parser.parse(arguments, into: BenchSettings())
    }

    static var usage: String {
        var lines = ["Usage: qrtui-bench [OPTIONS]: figures, not assertions (docs/benchmarks.md)", ""]
        for option in table { lines += HelpText.entry(option, defaults: BenchSettings()) }
        return lines.joined(separator: "\n")
    }

    static func flag(_ names: [String], _ help: String, _ set: @escaping @Sendable (inout BenchSettings) -> Void)
        -> Option
    {
        Option(names: names, section: section, help: help, effect: .flag(set))
    }

    static func value(
        _ name: String, _ argument: String, _ help: String,
        shownDefault: (@Sendable (BenchSettings) -> String)? = nil,
        _ set: @escaping @Sendable (inout BenchSettings, String) throws(UsageError) -> Void
    ) -> Option {
        Option(
            names: [name], argument: argument, section: section, help: help, shownDefault: shownDefault,
            completion: argument.hasSuffix("DIR") || argument == "FILE" || argument == "F" ? .files : nil,
            effect: .value(set))
    }

    /// A positive number, or the error naming the option.
    static func count<Number: LosslessStringConvertible & Comparable & Numeric>(
        _ text: String, _ option: String,
        _ what: String
    ) throws(UsageError)
        -> Number
    {
        guard let number = Number(text), number > 0 else {
            throw UsageError(message: "\(option) needs \(what), not '\(text)'")
        }
        return number
    }

    static let table: [Option] = [
        value("--corpus", "DIR", "decode every NAME.png under DIR's folders, compare with NAME.txt") { $0.corpus = $1 },
        flag(["--frames"], "per-stage cost per frame at 640x480, 1280x720, 1920x1080") { $0.frames = true },
        flag(
            ["--render"],
            "render cost (1280x720 into 160x48 cells), terminal bytes per frame, and fidelity against "
                + "chafa"
        ) { $0.render = true },
        flag(["--capture"], "capture frames/s and CPU per frame from the fake camera, pacing off") {
            $0.capture = true
        },
        value(
            "--repetitions", "N",
            "frames per measurement (30; --capture reads 10x as many), or --big-still's runs "
                + "(5)"
        ) { settings, text throws(UsageError) in
            settings.repetitions = try count(text, "--repetitions", "a count")
        },
        Option(
            names: ["-S"], argument: "LIST", section: section,
            help: "symbologies for --corpus, as qrtui takes them (default: all)",
            completion: .choices(SymbologyNames.known),
            effect: .value { settings, text throws(UsageError) in
                try SymbologySettings.apply(text, to: &settings.scanning)
            }),
        Option(
            names: ["--passes"], argument: "LIST", section: section, help: "extra passes for --corpus, in order",
            shownDefault: { $0.passes.map(\.rawValue).joined(separator: ", ") },
            effect: .value { settings, text throws(UsageError) in
                let names = text.split(separator: ",").map { String($0.filter { !$0.isWhitespace }) }
                let chosen = names.compactMap(ScanPass.init(rawValue:))
                guard chosen.count == names.count, !chosen.isEmpty else {
                    throw UsageError(
                        message: "--passes takes a list of \(ScanPass.allCases.map(\.rawValue).joined(separator: ","))")
                }
                settings.passes = chosen
            }),
        flag(["--list"], "--corpus, --qr-photos, --live-photos: name each case not decoded, misread or late") {
            $0.listCases = true
        },
        value("--cost", "SECONDS", "qrtui's CPU on the fake camera at 30 fps: still, followed, changing") {
            settings, text throws(UsageError) in
            settings.costSeconds = try count(text, "--cost", "seconds")
        },
        value(
            "--latency", "SECONDS",
            "dequeue to picture, to the status line and to a JSON line, on a paced fake camera through a pty"
        ) { settings, text throws(UsageError) in
            settings.latencySeconds = try count(text, "--latency", "seconds")
        },
        value(
            "--pictures", "SECONDS",
            "--preview picture on a pty answering as sixel and kitty terminals: CPU, pictures and bytes a second, latency"
        ) { settings, text throws(UsageError) in
            settings.pictureSeconds = try count(text, "--pictures", "seconds")
        },
        value("--cost-clips", "DIR", "write --cost's picture and clips into DIR (to try qrtui on them)") {
            $0.costClips = $1
        },
        flag(["--swap"], "--live's swap rows alone: codes in turn at one place, fed in real time to qrtui") {
            $0.swap = true
        },
        value("--swap-clips", "DIR", "write the swap rows' clips into DIR as Y4M (to try qrtui on them)") {
            $0.swapClips = $1
        },
        value("--fusion", "N", "N faint clips held still and N shaking, that no frame alone reads: live reads") {
            settings, text throws(UsageError) in
            settings.fusionClips = try count(text, "--fusion", "a count")
        },
        value("--fusion-clips", "DIR", "write --fusion's clips into DIR (Y4M, and each one's first frame and mean)") {
            $0.fusionInto = $1
        },
        value("--stress", "N", "N random pictures per symbology under random harm: still, live, plain zbar") {
            settings, text throws(UsageError) in
            settings.stressCount = try count(text, "--stress", "a count")
        },
        Option(
            names: ["--seed"], argument: "N", section: section, help: "--stress, --fusion: other pictures",
            shownDefault: { "\($0.seed)" },
            effect: .value { settings, text throws(UsageError) in
                guard let seed = UInt64(text) else { throw UsageError(message: "--seed needs a number, not '\(text)'") }
                settings.seed = seed
            }),
        value(
            "--stress-dump", "F",
            "--stress: write every read of the still path to F (kind, index, right/wrong, "
                + "pass, zbar quality, box, length)"
        ) { $0.stressDump = $1 },
        value("--pick", "LIST", "--stress: only these picture numbers (comma-separated), to look at them again") {
            settings, text throws(UsageError) in
            var picks = [Int]()
            for word in text.split(separator: ",") {
                picks.append(try count(String(word), "--pick", "picture numbers"))
            }
            settings.picks = picks
        },
        value(
            "--stress-save", "DIR",
            "--stress: write each picture into DIR as KIND-INDEX.pgm, its payload as "
                + "KIND-INDEX.txt"
        ) { $0.stressSave = $1 },
        value(
            "--stress-each", "F",
            "--stress: write a line per picture to F: kind, number, read by the still path, "
                + "the live path, plain zbar (1 or 0), to compare commits picture by picture"
        ) { $0.stressEach = $1 },
        value(
            "--only", "TEXT",
            "--live: only the clips whose name contains TEXT; --stress: only these symbologies "
                + "(comma-separated: \(StressCase.Kind.allCases.map(\.rawValue).joined(separator: ",")))"
        ) { $0.only = $1 },
        flag(["--live"], "clips played in real time through the live path, against plain zbar") { $0.live = true },
        Option(
            names: ["--effort"], argument: "E", section: section,
            help: "--live: the reading effort, as qrtui takes it (default: normal)",
            completion: .choices(ScanEffort.named.map(\.name)),
            effect: .value { settings, text throws(UsageError) in
                guard let effort = ScanEffort(text) else {
                    throw UsageError(message: "--effort needs fast, normal, thorough or milliseconds, not '\(text)'")
                }
                settings.effort = effort
            }),
        flag(["--verbose"], "--live: a line per frame on stderr (passes, reads, held codes)") { $0.verbose = true },
        value(
            "--soak", "MINUTES",
            "the live path on the fake camera (screen and headless) with ~100 unplugs: memory, "
                + "descriptors and mappings after a minute and at the end"
        ) { settings, text throws(UsageError) in
            settings.soakMinutes = try count(text, "--soak", "minutes")
        },
        value("--deadlines", "N", "how long after --timeout qrtui ends on inputs that would hold it (N runs each)") {
            settings, text throws(UsageError) in
            settings.deadlineRuns = try count(text, "--deadlines", "a count of runs")
        },
        flag(["--big-still"], "a 4000x3000 photo without a code: qrtui's time beside zbarimg's (median of the runs)") {
            $0.bigStill = true
        },
        value("--big-still-file", "F", "--big-still on F instead") { ($0.bigStill, $0.bigStillFile) = (true, $1) },
        Option(
            names: ["--memory"], argument: "[=SIDE]", section: section,
            help: "qrtui's peak memory reading a SIDE x SIDE picture in each format (default 10000)",
            effect: .optionalValue { settings, text throws(UsageError) in
                settings.memorySide =
                    try text.map { (text: String) throws(UsageError) -> Int in
                        try count(text, "--memory", "a side in pixels")
                    } ?? 10_000
            }),
        value(
            "--qr-photos", "DIR",
            "BoofCV's QR photos in DIR (a folder a category): found, extra and time, beside zbarimg and libzxing"
        ) {
            $0.qrPhotos = $1
        },
        value(
            "--live-photos", "DIR",
            "the same photos at 1280x720 for 2 s with fresh noise: a Y4M file, the fake camera in MJPEG and YUYV, "
                + "beside the still path and zbarimg (--only: categories whose name contains TEXT)"
        ) {
            $0.livePhotos = $1
        },
        value("--scenes-into", "DIR", "write --live-photos' 1280x720 scenes into DIR as PGM files, and stop") {
            $0.scenesInto = $1
        },
        Option(
            names: ["--bombs"], argument: "[=SCALE]", section: section,
            help: "pictures made to cost a reader dear, by qrtui and zbarimg: time, CPU, memory, codes (SCALE: "
                + "their side as a share of the full one, default 1)",
            effect: .optionalValue { settings, text throws(UsageError) in
                guard let text else {
                    settings.bombScale = 1
                    return
                }
                guard let scale = Double(text), scale > 0, scale <= 1 else {
                    throw UsageError(message: "--bombs takes a share of the full size, from 0 to 1, not '\(text)'")
                }
                settings.bombScale = scale
            }),
        value("--bombs-into", "DIR", "write --bombs' pictures (at its SCALE) into DIR as PNG files, and stop") {
            $0.bombsInto = $1
        },
        value("--explain", "FILE", "what every pass reads in one picture, turned and not, and what is accepted") {
            $0.explain = $1
        },
        Option(names: ["-h", "--help"], section: section, help: "this help", effect: .command(.help)),
    ]
}
