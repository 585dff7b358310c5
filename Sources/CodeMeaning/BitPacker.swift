/// Digits of a few bits each (base64's six, base32's five) packed into bytes, most
/// significant bit first; what is left over at the end is kept apart (a whole encoding leaves
/// only zero bits of padding).
struct BitPacker {
    private(set) var bytes = [UInt8]()
    /// The bits not yet in a byte, and how many there are.
    private(set) var leftover = 0
    private(set) var leftoverCount = 0

    mutating func append(_ digit: Int, bits: Int) {
        leftover = leftover << bits | digit
        leftoverCount += bits
        if leftoverCount >= 8 {
            leftoverCount -= 8
            bytes.append(UInt8((leftover >> leftoverCount) & 0xFF))
        }
        leftover &= (1 << leftoverCount) - 1
    }
}
