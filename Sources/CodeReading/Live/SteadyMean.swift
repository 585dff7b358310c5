import FrameCore
import PictureOps

/// The mean of the frames in which the scan area stayed as it was, frame after frame: fresh
/// sensor noise and another JPEG's losses in each, so the mean of N has about √N times less of
/// both, and a whole scan of it reads what one frame hides. It starts again from the frame
/// in which any block changed beyond noise since the last frame added (a code that moves,
/// another code in its place), so it never mixes two scenes.
struct SteadyMean {
    /// Frames in the mean at the most (their sum fits in 16 bits).
    static let most = 8

    private var sums: [UInt16] = []
    private(set) var count = 0
    private var area: PixelRect?
    private var last: BlockStatistics?

    /// Adds `frame`'s `area` (whose blocks are `scene`), or starts the mean again from it.
    mutating func add(_ frame: Frame, in area: PixelRect, scene: BlockStatistics) {
        let same = self.area == area && !SceneChange.changed(scene, since: last).contains(true)
        last = scene
        if !same {
            self.area = area
            sums = [UInt16](repeating: 0, count: area.width * area.height)
            count = 0
        }
        guard count < Self.most else { return }
        count += 1
        let width = area.width
        frame.luma.withUnsafeBufferPointer { luma in
            sums.withUnsafeMutableBufferPointer { sums in
                for row in 0..<area.height {
                    let from = (area.y + row) * frame.stride + area.x
                    let to = row * width
                    for column in 0..<width { sums[to + column] &+= UInt16(luma[from + column]) }
                }
            }
        }
    }

    /// `frame` with its `area` the mean of the frames added (nil: fewer than two, or of
    /// another area).
    func picture(over frame: Frame, in area: PixelRect) -> Frame? {
        guard count >= 2, self.area == area, area.maxX <= frame.width, area.maxY <= frame.height else { return nil }
        var luma = frame.packed.luma
        let (count, width) = (UInt16(count), area.width)
        sums.withUnsafeBufferPointer { sums in
            luma.withUnsafeMutableBufferPointer { luma in
                for row in 0..<area.height {
                    let to = (area.y + row) * frame.width + area.x
                    let from = row * width
                    for column in 0..<width {
                        luma[to + column] = UInt8((sums[from + column] + count / 2) / count)
                    }
                }
            }
        }
        return Frame(
            width: frame.width, height: frame.height, sequence: frame.sequence, timestamp: frame.timestamp,
            luma: luma)
    }

    mutating func reset() {
        (sums, count, area, last) = ([], 0, nil, nil)
    }
}
