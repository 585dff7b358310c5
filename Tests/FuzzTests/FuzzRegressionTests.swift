import CaptureKit
import Foundation
import FrameCore
import PictureFiles
import Testing

@testable import FuzzHarnesses

/// Every seed and every input that once crashed a harness goes through it again (under
/// AddressSanitizer too, in `make test`): a crash here is a regression.
@Suite struct FuzzRegressionTests {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        url.appendPathComponent("Fuzz")
        return url.path
    }()

    static func files(_ kind: String, _ harness: Harness) -> [String] {
        let folder = root + "/" + kind + "/" + harness.rawValue
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder + "/" + $0 }
    }

    @Test(arguments: Harness.allCases)
    func seedsAndCrashersRunCleanly(harness: Harness) throws {
        let seeds = Self.files("seeds", harness)
        #expect(seeds.count >= SeedCorpus.seeds(for: harness).count, "the kept seeds are missing")
        for path in seeds + Self.files("crashers", harness) {
            let bytes = try #require(FileManager.default.contents(atPath: path))
            harness.run(Array(bytes))
        }
    }

    /// Every picture format is fuzzed, by a harness named as its codec.
    @Test func everyPictureFormatHasAHarness() {
        for codec in PictureFormats.all { #expect(Harness(rawValue: codec.id) != nil, "\(codec.name)") }
    }

    /// `make fuzz` runs every harness there is.
    @Test func theFuzzScriptRunsEveryHarness() throws {
        let script = try String(contentsOfFile: Self.root + "/../../scripts/fuzz", encoding: .utf8)
        let line = try #require(script.split(separator: "\n").first { $0.contains("|| harnesses=(") })
        let listed =
            line.split(separator: "(").last?.split(separator: ")").first?.split(separator: " ").map(String.init) ?? []
        #expect(listed == Harness.allCases.map(\.rawValue))
    }

    /// The seeds are inputs the parsers accept, so fuzzing starts inside them.
    @Test func seedsAreValidInputs() throws {
        for seed in SeedCorpus.plainSeeds(for: .png) + SeedCorpus.plainSeeds(for: .jpeg)
            + SeedCorpus.plainSeeds(for: .netpbm)
        {
            let frame = try PictureDecoder.decode(seed.bytes, path: seed.name)
            #expect(frame.width > 0 && frame.height > 0)
        }
        let mjpeg = try #require(SeedCorpus.seeds(for: .mjpeg).first)
        let frame = try #require(MJPEGConversion.luma(Array(mjpeg.bytes.dropFirst(2)), width: 32, height: 16))
        // The camera path decodes as a still JPEG is decoded.
        let reference = try PictureDecoder.decode(Array(mjpeg.bytes.dropFirst(2)), path: "seed")
        let difference = zip(frame.luma, reference.luma).map { abs(Int($0) - Int($1)) }.max() ?? 255
        #expect(difference <= 8)
    }

    /// Headers at the extremes of their fields are refused with an error, never trapped on.
    @Test func picturesOfExtremeSizesAreRefused() throws {
        for harness in [Harness.png, .bmp, .gif, .netpbm, .tiff] {
            let seeds = ExtremeSeeds.seeds(for: harness)
            #expect(!seeds.isEmpty)
            for seed in seeds {
                #expect(throws: (any Error).self, "\(seed.name)") {
                    try PictureDecoder.decode(seed.bytes, path: seed.name, limits: PictureLimits(maxPixels: 4_000_000))
                }
            }
        }
    }
}
