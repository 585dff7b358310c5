/// zxing-cpp 1.4 can take an Aztec symbol's padding for data (a binary shift read in the
/// padding bits; later versions read it right), and then returns bytes the symbol never
/// held. No encodation spends fewer bits on a byte than the cheapest mode that has it, so a
/// content needing more bits than the symbol's data carried was read past its end.
enum AztecCapacity {
    /// Whether `bytes` fit in `dataBits` (0: not known, taken as fitting).
    static func fits(_ bytes: [UInt8], dataBits: Int) -> Bool {
        dataBits <= 0 || fewestHalfBits(bytes) <= 2 * dataBits
    }

    /// The fewest bits, in halves, any Aztec encodation spends on `bytes`: 2.5 for the
    /// characters of Punct's pairs ("\r\n", ". ", ", ", ": " in one 5-bit code), 4 for a
    /// digit (Digit mode), 5 for the rest of the Upper, Lower, Mixed and Punct tables, 8
    /// for a byte in none of them (binary shift).
    static func fewestHalfBits(_ bytes: [UInt8]) -> Int {
        bytes.reduce(0) { total, byte in
            switch byte {
            case 0x0D, 0x0A, 0x2E, 0x2C, 0x3A, 0x20: total + 5
            case 0x30...0x39: total + 8
            case 0x01...0x0D, 0x1B...0x7F: total + 10
            default: total + 16
            }
        }
    }
}
