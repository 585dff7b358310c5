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

    /// A UPC-E number (number system, six digits, check digit) as the UPC-A it stands for,
    /// as zbar reports it.
    static func expanded(_ d: [UInt8]) -> [UInt8] {
        let (system, m, check) = (d[0], Array(d[1...6]), d[7])
        let zeros = { (count: Int) in [UInt8](repeating: 0x30, count: count) }
        let body: [UInt8]
        switch m[5] {
        case 0x30, 0x31, 0x32: body = [m[0], m[1], m[5]] + zeros(4) + [m[2], m[3], m[4]]
        case 0x33: body = [m[0], m[1], m[2]] + zeros(5) + [m[3], m[4]]
        case 0x34: body = [m[0], m[1], m[2], m[3]] + zeros(5) + [m[4]]
        default: body = [m[0], m[1], m[2], m[3], m[4]] + zeros(4) + [m[5]]
        }
        return [system] + body + [check]
    }
}
