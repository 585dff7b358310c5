import FrameCore

/// Code 128 spells ISO 8859-1's upper half with FNC4: FNC4 then "s" is "ó", two FNC4 in a
/// row extend every character up to the next two. zbar drops FNC4 from its text, so it reads
/// "ó" as "s", with its check symbol right. A Code 128 read is therefore decoded again from
/// the picture along its own scan lines (`Code128Symbols`): when the symbols hold an FNC4 and
/// spell zbar's text once their extension is taken off, the read says the extended text;
/// when they spell another text, it is withheld. A read that cannot be decoded again is kept
/// as zbar read it.
enum Code128Extended {
    static let fnc1 = 102, fnc4InA = 101, fnc4InB = 100

    /// `code` (in `picture`'s pixels) as it should be announced, nil when it is refused.
    static func revised(_ code: DetectedCode, in picture: Frame) -> DetectedCode? {
        guard code.symbology == .code128, let modules = LinearCodeSpec.of(code.symbology)?.checkedSpan(code) else {
            return code
        }
        for (from, to) in crossings(code) {
            let (dx, dy) = (Double(to.x - from.x), Double(to.y - from.y))
            let length = (dx * dx + dy * dy).squareRoot()
            guard length >= modules else { continue }
            let module = length / modules
            let reach = 12 * length / modules + 4
            let line = ProfileLine(picture: picture, origin: from, direction: (dx / length, dy / length))
            let widths = BarWidths.widths(
                line.values(from: -reach, to: length + reach, enteringLate: true),
                reach: Int(3 * module / ProfileLine.step))
            guard let values = Code128Symbols.decode(widths) ?? Code128Symbols.decode(widths.reversed()) else {
                continue
            }
            let spelled = spelling(values)
            guard spelled.extended else { return code }
            return spelled.bytes.map { $0 & 0x7F } == code.bytes ? code.saying(latin1: spelled.bytes) : nil
        }
        return code
    }

    /// Lines across the read: from ends at one side to the end at the other side nearest
    /// their scan line (zbar marks one end a line; its neighbours finish at the other end).
    static func crossings(_ code: DetectedCode) -> [(PixelPoint, PixelPoint)] {
        let sides = QuietZone.sides(of: code.ends)
        guard sides.allSatisfy({ !$0.isEmpty }) else { return [] }
        let axis = QuietZone.direction(of: sides[0][0])
        func offLine(_ a: PixelPoint, _ b: PixelPoint) -> Double {
            abs(Double(a.x - b.x) * axis.1 - Double(a.y - b.y) * axis.0)
        }
        return sides[0].evenlySpaced(atMost: 5).compactMap { end in
            sides[1].min { offLine($0.at, end.at) < offLine($1.at, end.at) }.map { (end.at, $0.at) }
        }
    }

    /// The bytes the data symbols spell (ISO/IEC 15417: code sets A, B and C, SHIFT, FNC4
    /// single and latched; FNC1 as zbar gives it, a group separator amid the data), and
    /// whether any FNC4 was among them.
    static func spelling(_ values: [Int]) -> (bytes: [UInt8], extended: Bool) {
        enum CodeSet { case a, b, c }
        var set: CodeSet = values[0] == Code128Symbols.startA ? .a : values[0] == Code128Symbols.startB ? .b : .c
        var bytes = [UInt8]()
        var shifted = false
        var latched = false
        var single = false
        var extended = false
        let data = Array(values.dropFirst().dropLast())
        for (position, value) in data.enumerated() {
            let current = shifted ? (set == .a ? CodeSet.b : .a) : set
            shifted = false
            if current == .c, value < 100 {
                bytes += [UInt8(0x30 + value / 10), UInt8(0x30 + value % 10)]
                continue
            }
            if current != .c, value < 96 {
                let ascii = current == .a && value >= 64 ? value - 64 : value + 32
                bytes.append(UInt8(ascii + (latched != single ? 128 : 0)))
                single = false
                continue
            }
            switch (value, current) {
            case (fnc4InA, .a), (fnc4InB, .b):
                extended = true
                // A second FNC4 straight after the first latches (or unlatches) the extension.
                if single {
                    latched.toggle()
                    single = false
                } else {
                    single = true
                }
            case (98, _): shifted = true
            case (99, _): set = .c
            case (100, _): set = .b
            case (101, _): set = .a
            case (fnc1, _) where position >= 2 && position < data.count - 1: bytes.append(0x1D)
            default: break  // FNC1 leading (GS1), FNC2, FNC3: not in the text
            }
        }
        return (bytes, extended)
    }
}
