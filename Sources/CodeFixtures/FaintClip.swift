import FrameCore
import PictureOps

/// A QR code held in front of a webcam in a dim room: small (2 to 4 px a module), faint (a few
/// dozen grey levels between dark and light) and under heavy sensor noise, fresh in every
/// frame, so that no one frame reads and the frames together do. Held still, or shaking by up
/// to `shake` pixels (a hand), or swapped for another code half-way. For the tests and
/// `qrtui-bench --fusion`; every value drawn from `seed`.
public struct FaintClip: Sendable {
    public let width: Int
    public let height: Int
    public let payloads: [String]
    public let moduleSize: Double
    /// Grey of the light modules, and how much darker the dark ones are.
    public let light: UInt8
    public let contrast: Int
    public let sigma: Double
    /// Most shift from the code's place in any frame, in pixels (0: held still).
    public let shake: Double
    public let frameCount: Int
    /// The frame the second code takes the first one's place in (nil: one code throughout).
    public let swapAt: Int?
    public let seed: UInt64
    private let centre: (x: Double, y: Double)

    /// A clip drawn from `seed` (sizes, greys, noise, place and payload), shaking by up to
    /// `shake` px, with a second code from `swapAt` on.
    public init(
        seed: UInt64, shake: Double = 0, swapAt: Int? = nil, frames: Int = 30, width: Int = 1280,
        height: Int = 720
    ) {
        var random = SplitMix(seed: seed &* 0x9E37_79B9 &+ 1)
        func unit() -> Double { Double(random.next() % 1_000_000) / 1_000_000 }
        self.width = width
        self.height = height
        self.seed = seed
        self.shake = shake
        self.swapAt = swapAt
        frameCount = frames
        moduleSize = 2 + 2 * unit()
        contrast = 16 + Int(34 * unit())
        light = UInt8(40 + Int(40 * unit()))
        sigma = 10 + 20 * unit()
        let letters = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        let word = { (count: Int) in String((0..<count).map { _ in letters[Int(random.next() % 32)] }) }
        let first = "FAINT-" + word(4 + Int(random.next() % 12))
        payloads = swapAt == nil ? [first] : [first, "OTHER-" + word(4 + Int(random.next() % 12))]
        let reach = 40 * moduleSize
        centre = (
            reach + unit() * (Double(width) - 2 * reach), reach + unit() * (Double(height) - 2 * reach)
        )
    }

    public var name: String {
        "seed \(seed): \(String(format2(moduleSize))) px a module, contrast \(contrast), σ \(Int(sigma))"
            + (shake > 0 ? ", shaking \(Int(shake)) px" : ", still") + (swapAt.map { ", swapped at \($0)" } ?? "")
    }

    /// The code in each frame, as it is read: the payload shown there.
    public func payload(at frame: Int) -> String { payloads[swapAt.map { frame >= $0 ? 1 : 0 } ?? 0] }

    /// The dim room the code is held in.
    public var backdrop: Frame { Frame.plasma(width: width, height: height, seed: seed).dimmed(to: light) }

    /// The frame `index` without noise, on `backdrop`: the code shifted where the hand holds it then.
    public func scene(_ index: Int, on backdrop: Frame) -> Frame {
        let offset = shift(index)
        let grid = QRMatrix(bytes: Array(payload(at: index).utf8), level: .medium)!.grid
        let place = ModulePlacement(
            centreX: centre.x + offset.x, centreY: centre.y + offset.y, moduleSize: moduleSize)
        let dark = UInt8(max(0, Int(light) - contrast))
        return backdrop.drawingModules(grid, at: place, dark: dark, light: light)
    }

    /// Every frame, fresh noise in each, numbered and timed at 30 fps.
    public func frames() -> [Frame] {
        var noise = SensorNoise(sigma: sigma, seed: seed ^ 0xF417)
        let backdrop = backdrop
        return (0..<frameCount).map { index in
            noise.applied(to: scene(index, on: backdrop).renumbered(sequence: index, timestamp: Double(index) / 30))
        }
    }

    /// The mean of the first `count` frames with the shake taken out (the code where it lies in
    /// the first frame, fresh noise in each): what frames held perfectly still would add up to.
    public func alignedMean(of count: Int) -> Frame {
        var noise = SensorNoise(sigma: sigma, seed: seed ^ 0xF417)
        let still = scene(0, on: backdrop)
        var sums = [Int](repeating: 0, count: width * height)
        for _ in 0..<count {
            let noisy = noise.applied(to: still).packed.luma
            for index in sums.indices { sums[index] += Int(noisy[index]) }
        }
        return Frame(width: width, height: height, luma: sums.map { UInt8(($0 + count / 2) / count) })
    }

    /// Where the hand holds the code in frame `index`: a drift about the first place, within
    /// `shake` px each way (none in the first frame).
    private func shift(_ index: Int) -> (x: Double, y: Double) {
        guard shake > 0, index > 0 else { return (0, 0) }
        var random = SplitMix(seed: seed &+ UInt64(index) &* 0x2545_F491)
        func unit() -> Double { Double(random.next() % 1_000_000) / 1_000_000 * 2 - 1 }
        return (shake * unit(), shake * unit())
    }

    private func format2(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }
}

extension Frame {
    /// This picture's greys brought down to at most `most` (a dim room's backdrop).
    func dimmed(to most: UInt8) -> Frame {
        let luma = packed.luma.map { UInt8(Int($0) * Int(most) / 255) }
        return Frame(width: width, height: height, luma: luma)
    }
}
