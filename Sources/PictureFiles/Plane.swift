import SystemCalls

/// A decoded plane made smaller where it lies: a decoder that turns wider pixels (RGB) into
/// grey in place leaves a tail it no longer needs.
enum Plane {
    /// `plane` cut to its first `count` bytes, the whole pages of the rest given back to the
    /// system at once (a large array lies in pages of its own; cutting it keeps its capacity,
    /// whose pages would otherwise stay resident as long as the frame).
    static func shrink(_ plane: inout [UInt8], to count: Int) {
        guard count < plane.count else { return }
        // Small planes lie among other allocations: nothing of them is given back.
        guard plane.count >= 1 << 20 else {
            plane.removeLast(plane.count - count)
            return
        }
        let capacity = plane.capacity
        plane.removeLast(plane.count - count)
        plane.withUnsafeMutableBufferPointer { kept in
            guard let base = kept.baseAddress.map(UnsafeMutableRawPointer.init) else { return }
            AddressSpace.giveBack(from: base + count, to: base + capacity)
        }
    }
}
