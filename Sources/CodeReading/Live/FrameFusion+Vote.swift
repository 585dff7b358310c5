import FrameCore
import PictureOps

/// A window's mean is read with the QR code its finders show drawn crisp as the window's frames
/// vote on each module (`ModuleVote`). Against the mean alone, on 60 faint clips read as files
/// (`qrtui-bench --fusion-clips`), it read the same codes, a few of them sooner, none later.
extension FrameFusion {
    /// Frames a vote needs at the least: fewer tie or tip on noise.
    static let votersAtLeast = 5

    /// A frame of a window, cut round it (a shaking hand's reach), and where the window's mean's
    /// pixel (x, y) lies in the cut, (x + offset.x, y + offset.y).
    struct KeptFrame {
        let crop: Frame
        let offset: (x: Double, y: Double)
    }

    static func kept(_ frame: Frame, moved shift: FrameShift, for window: PixelRect) -> KeptFrame {
        let rect = window.grown(by: FrameShift.reach + 1).clamped(to: frame.bounds)
        return KeptFrame(
            crop: frame.cropped(to: rect),
            offset: (Double(window.x - rect.x) + shift.dx, Double(window.y - rect.y) + shift.dy))
    }
}

extension FrameFusion.Due {
    /// The due mean with the QR code it shows (its finders) drawn as the window's frames vote;
    /// as it is where it shows no finders. Made only for the mean a scan takes (many are due
    /// that are never read), beside the scan's other work on the reading thread.
    var voted: Frame {
        guard kept.count >= FrameFusion.votersAtLeast else { return picture }
        let mean = picture.cropped(to: window)
        guard let (found, modules) = StraightenedCode.grids(of: mean).first else { return picture }
        var vote = ModuleVote(grid: ModuleVote.fitted(found, modules: modules, to: mean), modules: modules)
        for frame in kept { vote.add(frame.crop, offset: frame.offset) }
        var luma = picture.luma
        vote.draw(into: &luma, width: picture.width, origin: PixelPoint(x: window.x, y: window.y), within: window)
        return Frame(
            width: picture.width, height: picture.height, sequence: picture.sequence, timestamp: picture.timestamp,
            luma: luma)
    }
}
