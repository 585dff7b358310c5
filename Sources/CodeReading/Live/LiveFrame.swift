import FrameCore
import PictureOps

extension LiveReader {
    /// What one frame's reading gathers, and what it has spent.
    struct ThisFrame {
        let frame: Frame
        let area: PixelRect
        let stats: BlockStatistics
        var reading: FrameReading
        var spent = 0.0
        /// The area as a picture of its own, cut once a look reads something to check.
        private var areaPicture: Frame?

        init(frame: Frame, area: PixelRect, stats: BlockStatistics, reading: FrameReading) {
            self.frame = frame
            self.area = area
            self.stats = stats
            self.reading = reading
        }

        /// A look's reads checked in the whole area, not in the look's window (see `ScanPass.checked`),
        /// but for reads of a followed code spelt across its bars before (`CodeFollower.vouched`).
        mutating func checked(_ findings: PassFindings, following follower: CodeFollower) -> PassFindings {
            let vouched = findings.codes.map(follower.vouched)
            var unknown = findings
            unknown.codes = zip(findings.codes, vouched).filter { $0.1 == nil }.map(\.0)
            if !unknown.codes.isEmpty {
                let rect = area.clamped(to: frame.bounds)
                let origin = PixelPoint(x: rect.x, y: rect.y)
                unknown = ScanPass.checked(unknown.moved(by: PixelPoint(x: -origin.x, y: -origin.y))) {
                    let picture = areaPicture ?? frame.cropped(to: rect)
                    areaPicture = picture
                    return picture
                }.moved(by: origin)
            }
            unknown.codes = vouched.compactMap { $0 } + unknown.codes
            return unknown
        }
    }
}
