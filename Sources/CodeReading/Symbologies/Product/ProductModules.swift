/// The modules a product read says are printed (ISO/IEC 15420), for `ModuleFit`: bars and
/// spaces from quiet zone to quiet zone, and for each digit where it lies and what else a
/// reader could have taken it for (every other pattern legal in its place).
enum ProductModules {
    /// The L code of each digit (a left-half digit of odd parity); R is its inverse, G the R backwards.
    static let lCodes: [[Bool]] = [
        "0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111",
        "0111011", "0110111", "0001011",
    ].map { $0.map { $0 == "1" } }
    static func rCode(_ digit: Int) -> [Bool] { lCodes[digit].map { !$0 } }
    static func gCode(_ digit: Int) -> [Bool] { rCode(digit).reversed() }

    static let endGuard = [true, false, true]
    static let middleGuard = [false, true, false, true, false]
    static let upceEndGuard = [false, true, false, true, false, true]

    /// What `code` says is printed; several layouts for a UPC-E whose number more than one
    /// six-digit form expands to (or an EAN-13 or UPC-A a UPC-E could spell), none for other
    /// symbologies.
    static func of(_ code: DetectedCode) -> [ModuleLayout] {
        let digits = code.bytes.map { Int($0) - 0x30 }
        guard digits.allSatisfy({ (0...9).contains($0) }) else { return [] }
        // zbar may give a UPC-E as the EAN-13 or UPC-A it stands for: where a UPC-E could spell
        // the number, its forms are laid too (each must still fit on its own).
        let shortForms = UPCE.couldSpell(code.bytes) ? upce(Array(digits.suffix(12))) : []
        switch (code.symbology, digits.count) {
        case (.ean13, 13): return [ean13(digits)] + (digits[0] == 0 ? shortForms : [])
        case (.upca, 12): return [ean13([0] + digits)] + shortForms
        case (.ean8, 8): return [ean8(digits)]
        case (.upce, 13) where digits[0] == 0: return upce(Array(digits.dropFirst()))
        default: return []
        }
    }

    static func ean13(_ d: [Int]) -> ModuleLayout {
        let parities = ProductAcross.firstDigitParities[d[0]]
        var modules = ModuleLayout(bars: endGuard)
        let anyLeft = lCodes + (0...9).map(gCode)
        for (digit, even) in zip(d[1...6], parities) {
            modules.append(even ? gCode(digit) : lCodes[digit], among: anyLeft)
        }
        modules.bars += middleGuard
        for digit in d[7...12] { modules.append(rCode(digit), among: (0...9).map(rCode)) }
        modules.bars += endGuard
        return modules
    }

    static func ean8(_ d: [Int]) -> ModuleLayout {
        var modules = ModuleLayout(bars: endGuard)
        for digit in d[0...3] { modules.append(lCodes[digit], among: lCodes) }
        modules.bars += middleGuard
        for digit in d[4...7] { modules.append(rCode(digit), among: (0...9).map(rCode)) }
        modules.bars += endGuard
        return modules
    }

    /// A UPC-E from the UPC-A (12 digits) it stands for: each six-digit form that expands to it.
    static func upce(_ upca: [Int]) -> [ModuleLayout] {
        let (system, body, check) = (upca[0], Array(upca[1...10]), upca[11])
        guard system <= 1 else { return [] }
        let b = body
        let forms = [
            [b[0], b[1], b[7], b[8], b[9], b[2]], [b[0], b[1], b[2], b[8], b[9], 3],
            [b[0], b[1], b[2], b[3], b[9], 4], [b[0], b[1], b[2], b[3], b[4], b[9]],
        ]
        let parities = ProductAcross.upceCheckParities[check].map { $0 != (system == 1) }
        let anyDigit = lCodes + (0...9).map(gCode)
        var found = [ModuleLayout]()
        for six in forms where ProductAcross.expandUPCE(system: system, six) == [system] + body {
            var modules = ModuleLayout(bars: endGuard)
            for (digit, even) in zip(six, parities) {
                modules.append(even ? gCode(digit) : lCodes[digit], among: anyDigit)
            }
            modules.bars += upceEndGuard
            if !found.contains(modules) { found.append(modules) }
        }
        return found
    }
}
