/// RFC 3492 Punycode and the IDNA label form (`xn--`), so a host can be shown both as it
/// reads and as the DNS sees it.
enum Punycode {
    static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700, initialBias = 72, initialN = 128

    /// `bücher` as `bcher-kva`; nil when it cannot be encoded.
    static func encode(_ label: String) -> String? {
        let input = label.unicodeScalars.map(\.value)
        var output = input.filter { $0 < 0x80 }.compactMap { Unicode.Scalar($0).map(Character.init) }.map(String.init)
            .joined()
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output += "-" }
        var n = initialN
        var delta = 0
        var bias = initialBias
        while handled < input.count {
            guard let next = input.filter({ $0 >= n }).min() else { return nil }
            let m = Int(next)
            guard (m - n) <= (Int.max - delta) / (handled + 1) else { return nil }
            delta += (m - n) * (handled + 1)
            n = m
            for scalar in input {
                if Int(scalar) < n { delta += 1 }
                if Int(scalar) == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias
                        if q < t { break }
                        output.append(digit(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digit(q))
                    bias = adapt(delta, handled + 1, handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return output
    }

    /// `bcher-kva` as `bücher`; nil when it is not valid Punycode.
    static func decode(_ text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        let split = scalars.lastIndex(of: "-") ?? 0
        var output = Array(scalars[..<split]).map(\.value)
        guard output.allSatisfy({ $0 < 0x80 }) else { return nil }
        var n = initialN
        var i = 0
        var bias = initialBias
        var index = split > 0 ? split + 1 : 0
        while index < scalars.count {
            let oldI = i
            var w = 1
            var k = base
            while true {
                guard index < scalars.count, let value = value(scalars[index]) else { return nil }
                index += 1
                guard value <= (Int.max - i) / w else { return nil }
                i += value * w
                let t = k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias
                if value < t { break }
                guard w <= Int.max / (base - t) else { return nil }
                w *= base - t
                k += base
            }
            bias = adapt(i - oldI, output.count + 1, oldI == 0)
            guard i / (output.count + 1) <= 0x10FFFF - n else { return nil }
            n += i / (output.count + 1)
            i %= output.count + 1
            guard Unicode.Scalar(UInt32(n)) != nil else { return nil }
            output.insert(UInt32(n), at: i)
            i += 1
        }
        return String(String.UnicodeScalarView(output.compactMap(Unicode.Scalar.init)))
    }

    private static func adapt(_ delta: Int, _ count: Int, _ first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    private static func digit(_ value: Int) -> Character {
        Character(Unicode.Scalar(UInt8(value < 26 ? 97 + value : 22 + value)))
    }

    private static func value(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar.value {
        case 48...57: Int(scalar.value) - 22
        case 65...90: Int(scalar.value) - 65
        case 97...122: Int(scalar.value) - 97
        default: nil
        }
    }

    /// A host in both forms: as it reads (Unicode) and as the DNS sees it (`xn--` labels).
    static func forms(of host: String) -> (unicode: String, ascii: String) {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false).map { String($0).lowercased() }
        let unicode = labels.map { label in
            label.hasPrefix("xn--") ? decode(String(label.dropFirst(4))) ?? label : label
        }
        let ascii = unicode.map { label in
            label.unicodeScalars.allSatisfy(\.isASCII) ? label : encode(label).map { "xn--" + $0 } ?? label
        }
        return (unicode.joined(separator: "."), ascii.joined(separator: "."))
    }
}
