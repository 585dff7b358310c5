import FrameCore
import PictureOps

/// What one pass found in one picture, in that picture's pixels until `moved` into another's
/// (a crop's into its frame's): the one place where corners go from picture to picture.
public struct PassFindings: Sendable {
    public var codes: [DetectedCode] = []
    public var parts: [SymbolPart] = []
    /// 1D reads refused for where they lay (`LocationSanity`), for bars beyond their ends (`QuietZone`)
    /// or for bars that spell another text (`BarsAcross`, `Code128Extended`).
    public var withheld = 0

    /// Nothing read, withheld or seen in part.
    var isEmpty: Bool { codes.isEmpty && parts.isEmpty && withheld == 0 }

    /// The findings in the pixels of a picture in which theirs lies at `origin`.
    public func moved(by origin: PixelPoint) -> PassFindings {
        guard origin != PixelPoint(x: 0, y: 0) else { return self }
        var moved = self
        moved.codes = codes.map { $0.moved(by: origin) }
        moved.parts = parts.map { $0.mapped { PixelPoint(x: $0.x + origin.x, y: $0.y + origin.y) } }
        return moved
    }
}

extension ScanPass {
    /// Runs this pass on `crop`, whose top-left pixel lies at `origin` in the frame; what
    /// it finds comes back in frame pixels, checked in `crop` itself (see `checked`). A pass
    /// with several views stops at the first that reads a code.
    public func look(
        at crop: Frame, from origin: PixelPoint, turn: Double? = nil, with engine: any CodeEngine,
        limit: ReadingLimit? = nil
    ) -> PassFindings {
        guard let turn else { return look(at: crop, from: origin, turned: nil, with: engine, limit: limit) }
        // The turned crop is let go once its views are made: a view of its own (thresholded,
        // inverted) is not read beside it, nor beside the engine's copy (a large still's peak).
        let views = views(of: crop, turnedBy: turn)
        return Self.checked(decode(views, turn: turn, with: engine, limit: limit), in: crop).moved(by: origin)
    }

    /// The same, with the crop already turned (passes in a row at one turn share it), or
    /// `prepared` as it is (passes in a row share its enlargement).
    func look(
        at crop: Frame, from origin: PixelPoint, turned: TurnedCrop?, prepared: PreparedPicture? = nil,
        with engine: any CodeEngine, limit: ReadingLimit?
    ) -> PassFindings {
        let turn = turned?.degrees
        let views = turned == nil ? views(of: prepared ?? PreparedPicture(crop)) : views(of: crop, turned: turned)
        return Self.checked(decode(views, turn: turn, with: engine, limit: limit), in: crop).moved(by: origin)
    }

    /// `findings` (in `picture`'s pixels) as they stand after the checks in `picture`: 1D reads without a quiet zone there are withheld
    /// (see `QuietZone`), ITF, EAN, UPC, Code 128 and Code 39 reads are spelt again across their bars
    /// (see `BarsAcross`), and Code 128 reads are checked for FNC4 (see `Code128Extended`).
    /// `picture` is all a read can be judged by: a window cut round a code for speed would cut
    /// its quiet zones and the lines across it short, so the live path checks in its whole area.
    static func checked(_ findings: PassFindings, in picture: Frame) -> PassFindings {
        checked(findings) { picture }
    }

    /// The same, with the picture made only when a read is one the checks look at (a 2D read
    /// passes as it is): the live path's picture is its whole area, cut for the purpose.
    static func checked(_ findings: PassFindings, in picture: () -> Frame) -> PassFindings {
        guard findings.codes.contains(where: { LinearCodeSpec.of($0.symbology) != nil }) else { return findings }
        let picture = picture()
        var findings = findings
        let count = findings.codes.count
        // A read must end where the printed code ends (or be spelt across its bars, where that
        // stands in for it), and a Code 128 read must spell what its symbols say (zbar drops FNC4).
        findings.codes = findings.codes.compactMap { code in
            let across =
                QuietZone.isClear(code, in: picture)
                ? BarsAcross.checked(code, in: picture)
                : LinearCodeSpec.of(code.symbology)?.spellingStandsIn == true
                    ? BarsAcross.spelt(code, in: picture) : nil
            return across.flatMap { Code128Extended.revised($0, in: picture) }
        }
        findings.withheld += count - findings.codes.count
        return findings
    }

    /// The pass's views of `crop` turned by `turn` degrees first (nil: as it is), each with
    /// the map back to the crop.
    func views(of crop: Frame, turnedBy turn: Double?) -> [MappedPicture] {
        views(of: crop, turned: turn.map { TurnedCrop(crop, by: $0) })
    }

    func views(of crop: Frame, turned: TurnedCrop?) -> [MappedPicture] {
        guard let turned else { return views(of: crop) }
        guard let back = turned.picture?.back, let prepared = turned.prepared else { return [] }  // a long thin picture
        return views(of: prepared).map { view in
            MappedPicture(picture: view.picture, back: { back(view.back($0)) })
        }
    }

    /// What `engine` decodes in each view until one holds a code, in the pixels of the picture
    /// the views were made of, unchecked.
    func decode(
        _ views: [MappedPicture], turn: Double? = nil, with engine: any CodeEngine,
        limit: ReadingLimit? = nil
    ) -> PassFindings {
        var findings = PassFindings()
        for view in views where limit?.reached != true {
            let output = engine.decode(view.picture)
            findings.withheld += output.withheld
            findings.parts += output.parts.map { $0.mapped(view.back) }
            if !output.codes.isEmpty {
                findings.codes = output.codes.map { $0.mapped(view.back).found(by: self, turn: turn) }
                return findings
            }
        }
        return findings
    }
}

/// A crop turned by some degrees, made once for the passes that look at it so.
struct TurnedCrop {
    let degrees: Double
    /// Nil where the turned canvas would be too large (a long thin crop).
    let picture: MappedPicture?
    /// The turned picture, its enlargement shared by the passes.
    let prepared: PreparedPicture?

    init(_ crop: Frame, by degrees: Double) {
        self.degrees = degrees
        picture = crop.turned(degrees: degrees)
        prepared = picture.map { PreparedPicture($0.picture) }
    }
}
