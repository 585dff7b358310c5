import CaptureKit
import CodeMeaning
import CodeReading
import FrameCore
import Overlay
import ScanOptions
import ScanPipeline
import SystemCalls

/// Formats codes for stdout: text, raw bytes or JSON lines. On a terminal every payload is
/// escaped (no byte of a code reaches the terminal raw); into a pipe it is exact.
struct CodePrinter {
    let format: Options.Format
    let toTerminal: Bool
    /// What ends each code: a newline, or NUL (`-0`: payloads may hold newlines).
    let terminator: UInt8
    /// Text and raw lines start with the file's name (`-H`) and the corners (`--polygon`).
    var withFilename = false
    var polygon = false
    /// The wall clock, for JSON's `time` (a test may fix it).
    var now: @Sendable () -> Double = { WallClock.now() }

    /// `--xml` keeps a document open across codes and sources.
    private let report: XMLReport?
    let output: StandardOutput

    init(
        format: Options.Format, toTerminal: Bool, nullTerminated: Bool = false,
        output: StandardOutput = StandardOutput()
    ) {
        self.format = format
        self.toTerminal = toTerminal
        self.output = output
        terminator = nullTerminated ? 0 : 0x0A
        report = format == .xml ? XMLReport(write: output.write) : nil
    }

    init(_ options: Options, output: StandardOutput) {
        self.init(
            format: options.format, toTerminal: Console.stdoutIsTerminal, nullTerminated: options.nullTerminated,
            output: output)
        withFilename = options.withFilename
        polygon = options.polygon
    }

    /// Writes one code to stdout, at once (a pipe sees each code as soon as it is read).
    func emit(_ code: DetectedCode, frame: Int, source: SourceFactory.Choice) {
        if let report {
            report.add(code, frame: frame, source: source.displayName, device: source.isDevice)
        } else {
            output.write(line(for: code, frame: frame, source: source.displayName))
        }
    }

    /// Parts of messages not read whole are listed as parts in JSON alone: every other format
    /// prints a message once it is whole.
    var listsParts: Bool { format == .json }

    /// A source read to its end (XML closes its element).
    func endSource() { report?.endSource() }

    /// The output is complete (XML closes the document).
    func finish() { report?.finish() }

    /// One code as a line, the same however many inputs there are: text starts with the file's
    /// name when asked (`-H`, "a.png:text"), then the corners (`--polygon`, "1,2 1,9 9,9 9,2:text");
    /// JSON always names its source.
    func line(for code: DetectedCode, frame: Int, source: String) -> [UInt8] {
        let label =
            (withFilename ? source + ":" : "")
            + (polygon ? code.corners.map { "\($0.x),\($0.y)" }.joined(separator: " ") + ":" : "")
        // Into a pipe, a file's name is the bytes it was given as (`ArgumentBytes`).
        // A terminal shows no two-factor secret: a pipe, JSON or --history gets it.
        let shown = TwoFactor.shown(code)
        switch format {
        case .text, .zbar:
            // zbar: zbarimg's own lines, for scripts written for it ("QR-Code:text").
            let type = format == .zbar ? code.symbology.displayName + ":" : ""
            if toTerminal { return Array(VisibleText.escaping(label + type + shown).utf8) + [terminator] }
            return ArgumentBytes.systemBytes(label) + Array((type + code.text).utf8) + [terminator]
        case .raw:
            if toTerminal { return Array(VisibleText.escaping(label + shown).utf8) + [terminator] }
            return ArgumentBytes.systemBytes(label) + code.bytes + [terminator]
        case .json, .xml:
            return Array(json(for: code, frame: frame, source: source).utf8) + [terminator]
        case .otpauth:
            return TwoFactor.uris(code).flatMap { uri in
                let line = ArgumentBytes.systemBytes(label) + Array(uri.utf8)
                return (toTerminal ? Array(VisibleText.escaping(label + TwoFactor.masked(uri)).utf8) : line) + [
                    terminator
                ]
            }
        }
    }

    func json(for code: DetectedCode, frame: Int, source: String) -> String {
        var fields = [
            "\"type\":\(JSON.string(code.symbology.displayName))",
            "\"text\":\(JSON.string(code.text))",
            "\"encoding\":\(JSON.string(code.encoding.rawValue))",
        ]
        if code.encoding != .utf8 {
            fields.append("\"bytes\":\(JSON.string(Base64.encode(code.bytes)))")
        }
        if let raw = code.raw {
            fields.append("\"raw\":\(JSON.string(String(decoding: raw, as: UTF8.self)))")
        }
        let meaning = code.meaning
        fields.append("\"kind\":\(JSON.string(meaning.kind.rawValue))")
        let time = now()
        if meaning.kind == .otpExport {
            // Each exported account an object of its own, with its code now when it is TOTP.
            let head = meaning.fields.filter { $0.name == "accounts" || $0.name == "batch" }
            let accounts = meaning.accounts.map { JSON.object($0.fields + TwoFactor.currentFields($0, at: time)) }
            fields.append("\"fields\":\(JSON.object(head))")
            fields.append("\"accounts\":[\(accounts.joined(separator: ","))]")
        } else if !meaning.fields.isEmpty {
            fields.append("\"fields\":\(JSON.object(meaning.fields + TwoFactor.currentFields(meaning, at: time)))")
        }
        if let part = code.part {
            let id = part.id.isEmpty ? "" : ",\"id\":\(JSON.string(part.id))"
            fields.append("\"part\":{\"index\":\(part.index + 1),\"count\":\(part.count)\(id)}")
        }
        let corners = code.corners.map { "[\($0.x),\($0.y)]" }.joined(separator: ",")
        fields.append("\"corners\":[\(corners)]")
        fields.append("\"frame\":\(frame)")
        fields.append("\"source\":\(JSON.string(ArgumentBytes.described(source)))")
        fields.append("\"time\":\(JSON.string(WallClock.rfc3339(time)))")
        return "{" + fields.joined(separator: ",") + "}"
    }

}

extension DetectedCode {
    /// What the payload means, with what the symbology says of it.
    var meaning: CodeMeaning {
        CodeMeaning.of(
            text, family: gs1 ? .gs1 : Symbology.productNumbers.contains(symbology) ? .product : .other,
            year: WallClock.year)
    }
}

enum JSON {
    /// Named fields as an object; a name given more than once (a contact's phones) holds an array.
    static func object(_ fields: [Field]) -> String {
        var names = [String]()
        for field in fields where !names.contains(field.name) { names.append(field.name) }
        let members = names.map { name -> String in
            let values = fields.filter { $0.name == name }.map { string($0.value) }
            return string(name) + ":" + (values.count == 1 ? values[0] : "[" + values.joined(separator: ",") + "]")
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// A JSON string literal. Controls, C1 controls and line separators are \u-escaped so the
    /// output is also safe on a terminal.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                let v = scalar.value
                if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 || (0x202A...0x202E).contains(v)
                    || (0x2066...0x2069).contains(v)
                {
                    let hex = String(v, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
