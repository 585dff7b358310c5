import FrameCore
import PictureOps

/// zbar sometimes reads one printed 1D code twice in a picture, once right and once wrong
/// (a blurred or glare-crossed band of scan lines gives other digits that still pass the
/// check digit). Both come back as separate symbols lying on top of each other. Measured
/// on the corpus, the right one was seen by far more scan lines, except where the two were
/// close; so the much better read is kept and a close call gives nothing, which lets the
/// next pass or frame try again rather than announce a wrong code.
extension [DetectedCode] {
    /// How many times more scan lines a read needs than a conflicting one to be believed.
    static var dominance: Int { 2 }

    /// These codes without 1D reads that conflict with a read that dominates them, and without
    /// the conflicting reads of which none dominates.
    func withoutConflictingReads() -> [DetectedCode] {
        filter { code in
            let rivals = filter { $0.conflicts(with: code) }
            return rivals.allSatisfy { code.quality >= Self.dominance * $0.quality }
        }
    }
}

extension DetectedCode {
    /// Another read of the same kind of 1D code, with other bytes of the same length, where
    /// this one lies: boxes overlapping or apart by less than half the bars' height (the
    /// shorter side of the larger box), as two bands of scan lines across one code are.
    func conflicts(with other: DetectedCode) -> Bool {
        guard !symbology.isTwoDimensional, symbology == other.symbology,
            bytes.count == other.bytes.count, bytes != other.bytes
        else { return false }
        return liesOver(other)
    }

    /// The two reads' boxes overlap, give or take half a bar's length (a code read twice
    /// by rows that cross it at different places).
    func liesOver(_ other: DetectedCode) -> Bool {
        guard let box = corners.boundingRect, let otherBox = other.corners.boundingRect else { return false }
        let bars = Swift.max(
            Swift.min(box.maxX - box.minX, box.maxY - box.minY),
            Swift.min(otherBox.maxX - otherBox.minX, otherBox.maxY - otherBox.minY))
        let slack = Swift.max(3, bars / 2)
        return box.minX <= otherBox.maxX + slack && otherBox.minX <= box.maxX + slack
            && box.minY <= otherBox.maxY + slack && otherBox.minY <= box.maxY + slack
    }

    /// Their boxes share a pixel.
    func meets(_ other: DetectedCode) -> Bool {
        guard let box = corners.boundingRect, let otherBox = other.corners.boundingRect else { return false }
        return box.minX <= otherBox.maxX && otherBox.minX <= box.maxX && box.minY <= otherBox.maxY
            && otherBox.minY <= box.maxY
    }

    /// The same code seen again: its identity, and for a matrix code its place (a sheet of
    /// labels may print one payload many times over).
    public func isSameSighting(as other: DetectedCode) -> Bool {
        identity == other.identity && (!symbology.isTwoDimensional || meets(other))
    }
}
