/// UPC-E, the zero-suppressed UPC-A: six digits that stand for a twelve-digit number with
/// runs of zeros in set places. zbar reports a UPC-E as the EAN-13 it stands for.
enum UPCE {
    /// Whether `digits` (an EAN-13 or UPC-A number) is one a UPC-E can spell: number system 0
    /// or 1, and the zeros where one of the four suppression patterns puts them.
    static func couldSpell(_ digits: [UInt8]) -> Bool {
        let upca = digits.count == 13 && digits.first == 0x30 ? Array(digits.dropFirst()) : digits
        guard upca.count == 12, upca.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
        let d = upca.map { Int($0) - 0x30 }
        // d[0] number system, d[1...5] manufacturer, d[6...10] product, d[11] check.
        guard d[0] <= 1 else { return false }
        let zeros = { (range: ClosedRange<Int>) in range.allSatisfy { d[$0] == 0 } }
        return (d[3] <= 2 && zeros(4...7))
            || (zeros(4...5) && zeros(6...8))
            || (d[5] == 0 && zeros(6...9))
            || (zeros(6...9) && d[10] >= 5)
    }
}
