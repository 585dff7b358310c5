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

    /// `due` with the QR code its window's mean shows (its finders) drawn as the window's frames
    /// vote; as it was where the mean shows no finders.
    static func voted(_ due: Due, by stack: Stack) -> Due {
        let window = stack.window
        let mean = due.picture.cropped(to: window)
        guard stack.kept.count >= votersAtLeast, let (found, modules) = StraightenedCode.grids(of: mean).first
        else { return due }
        let grid = ModuleVote.fitted(found, modules: modules, to: mean)
        var vote = ModuleVote(grid: grid, modules: modules)
        for kept in stack.kept { vote.add(kept.crop, offset: kept.offset) }
        let picture = due.picture
        var luma = picture.luma
        vote.draw(into: &luma, width: picture.width, origin: PixelPoint(x: window.x, y: window.y), within: window)
        let drawn = Frame(
            width: picture.width, height: picture.height, sequence: picture.sequence, timestamp: picture.timestamp,
            luma: luma)
        return Due(picture: drawn, window: window, frames: due.frames)
    }
}
