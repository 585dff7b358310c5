import CaptureKit
import CodeReading
import Foundation
import FrameCore
import Overlay
import PictureFiles
import Testing

@testable import ScanOptions
@testable import ScanPipeline
@testable import ScanTUI

@Suite struct CommandLineTests {
    @Test func defaultsAreTheLivePreviewOfTheFirstCamera() throws {
        #expect(try CommandLineParser.parse([]) == .run(Options()))
        #expect(SourceFactory.choose(Options(), cameras: ["/dev/video0"]) == .device("/dev/video0"))
        #expect(SourceFactory.choose(Options(), cameras: []) == .demo(reason: .noCamera))
    }

    @Test func optionsInEverySpelling() throws {
        let command = try CommandLineParser.parse([
            "-i", "a.png", "--no-preview", "--once", "--timeout=2.5",
            "-Sqr,ean13", "--format", "json",
        ])
        var expected = Options()
        expected.input = "a.png"
        expected.preview = false
        expected.once = true
        expected.timeout = 2.5
        expected.reading.symbologies = [.qr, .ean13]
        expected.format = .json
        #expect(command == .run(expected))
        #expect(
            try CommandLineParser.parse(["--nodisplay", "--raw", "--device=/dev/video2"])
                == .run(Options(device: "/dev/video2", preview: false, format: .raw)))
    }

    @Test func maxPixelsTakesAPlainCountOrMillions() throws {
        var expected = Options()
        expected.limits = PictureLimits(maxPixels: 25_000_000)
        #expect(try CommandLineParser.parse(["--max-pixels", "25M"]) == .run(expected))
        expected.limits = PictureLimits(maxPixels: 640 * 480)
        #expect(try CommandLineParser.parse(["--max-pixels=307200"]) == .run(expected))
        for bad in ["0", "-5", "many", "M", "5G"] {
            #expect(throws: UsageError(message: "--max-pixels needs a number of pixels (such as 25M), not '\(bad)'")) {
                _ = try CommandLineParser.parse(["--max-pixels", bad])
            }
        }
    }

    @Test func explicitSourcesWin() {
        var options = Options()
        options.demo = true
        #expect(SourceFactory.choose(options, cameras: ["/dev/video0"]) == .demo(reason: .requested))
        options = Options(input: "-")
        #expect(SourceFactory.choose(options, cameras: ["/dev/video0"]) == .input("-", loop: false))
    }

    @Test func helpAndVersionStopParsing() throws {
        #expect(try CommandLineParser.parse(["--help", "--frob"]) == .help)
        #expect(try CommandLineParser.parse(["-V"]) == .version)
        #expect(throws: UsageError(message: "option --help takes no value")) {
            try CommandLineParser.parse(["--help=x"])
        }
    }
}

@Suite struct CodePrinterTests {
    let hostile = DetectedCode(
        symbology: .qr, bytes: Array("a\u{1B}]52;c;x\u{07}\u{9B}2J\n\"q\"\\".utf8),
        corners: [PixelPoint(x: 1, y: 2)])

    @Test func terminalsNeverSeeRawControlCharacters() {
        let line = CodePrinter(format: .text, toTerminal: true).line(for: hostile, frame: 0, source: "a.png")
        #expect(String(decoding: line, as: UTF8.self) == "a\\e]52;c;x\\x07\\u{009B}2J\\n\"q\"\\\\\n")
        #expect(line.dropLast().allSatisfy { $0 >= 0x20 && $0 != 0x7F })
    }

    @Test func pipesGetExactBytes() {
        #expect(
            CodePrinter(format: .text, toTerminal: false).line(for: hostile, frame: 0, source: "a.png") == hostile.bytes
                + [0x0A])
    }

    @Test func jsonEscapesEverything() {
        var printer = CodePrinter(format: .json, toTerminal: true)
        printer.now = { 1_796_040_000.25 }
        let json = printer.json(for: hostile, frame: 7, source: "a\u{1B}[2J.png")
        #expect(
            json
                == #"{"type":"QR-Code","text":"a\u001b]52;c;x\u0007\u009b2J\n\"q\"\\","encoding":"UTF-8","kind":"text","corners":[[1,2]],"frame":7,"source":"a\u001b[2J.png","time":"2026-11-30T12:00:00.250Z"}"#
        )
    }
}

/// One option table makes the parser and the help text.
@Suite struct OptionTableTests {
    @Test func helpNamesEveryOptionAndKeyWithin80Columns() {
        let help = HelpText.usage
        for option in OptionTable.all {
            for name in option.allNames { #expect(help.contains(name), "help lacks \(name)") }
            if let argument = option.argument { #expect(help.contains("\(option.names.last!) \(argument)")) }
        }
        for binding in KeyBindings.table { #expect(help.contains(binding.label) && help.contains(binding.help)) }
        for line in help.split(separator: "\n") { #expect(line.count <= 80, "too long: \(line)") }
        // Every field a JSON line can carry is explained.
        let printer = CodePrinter(format: .json, toTerminal: false)
        let code = DetectedCode(symbology: .code39, bytes: [0xE9], corners: [], raw: Array("x".utf8))
        let json = printer.json(for: code, frame: 0, source: "a.png")
        let fields = json.matches(of: /"([a-z]+)":/).map { String($0.1) }
        #expect(fields.count >= 10)
        let flowing = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")  // as read, not as wrapped
        #expect(flowing.contains(" fields ("))
        for field in fields { #expect(flowing.contains(" \(field) ("), "help does not explain JSON's \(field)") }
    }

    /// The man page has one of each section a reader looks for: the options under OPTIONS, one
    /// OUTPUT, the environment, an exit status that does not repeat its heading, Ctrl-Z.
    @Test func theManPageHasOneOfEachSection() {
        let lines = ManPage.text.split(separator: "\n").map(String.init)
        let sections = lines.filter { $0.hasPrefix(".SH ") }
        #expect(
            sections == [
                ".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH OPTIONS", ".SH KEYS", ".SH OUTPUT",
                ".SH ENVIRONMENT", ".SH EXIT STATUS", ".SH EXAMPLES", ".SH SEE ALSO",
            ])
        // Dated (the version's day, the same every build), and every example is a command qrtui takes.
        #expect(
            lines.first == ".TH QRTUI 1 \"\(HelpText.versionDate)\" \"qrtui \(HelpText.version)\" \"User Commands\"")
        #expect(HelpText.versionDate.wholeMatch(of: /20\d\d-\d\d-\d\d/) != nil)
        #expect(HelpText.examples.count >= 5)
        for example in HelpText.examples {
            let words = example.command.split(separator: " ").map(String.init)
            let arguments = Array(words.drop { $0 != "qrtui" }.dropFirst().prefix { $0 != ">" })
            #expect((try? CommandLineParser.parse(arguments)) != nil, "\(example.command)")
            #expect(ManPage.text.contains(ManPage.roff(example.command)))
        }
        let exit = lines[(lines.firstIndex(of: ".SH EXIT STATUS") ?? 0) + 1]
        #expect(exit.hasPrefix("0 a code was read"))
        let environment = lines.drop { $0 != ".SH ENVIRONMENT" }.prefix { $0 != ".SH EXIT STATUS" }.joined(
            separator: "\n")
        for name in ["NO_COLOR", "BROWSER", "TERM", "LANG", "PATH", "DISPLAY", "TMUX"] {
            #expect(environment.contains(name))
        }
        #expect(ManPage.text.contains("\\fBctrl\\-z\\fR"))
        #expect(HelpText.usage.contains("Exit status: 0 a code was read") && HelpText.usage.contains("Environment:"))
    }

    @Test func effortTakesMillisecondsAsHelpSays() throws {
        for text in ["5ms", "5"] {
            guard case .run(let options) = try CommandLineParser.parse(["--effort", text]) else { continue }
            #expect(options.reading.effort == .milliseconds(5))
        }
    }

    /// Help's "(default X)" is the default: X given to the option changes nothing.
    @Test func theDefaultsHelpShowsAreTheDefaults() throws {
        var shown = 0
        for option in OptionTable.all {
            guard let text = option.shownDefault?(Options()) else { continue }
            shown += 1
            let words = option.argument == nil ? [text] : [option.names.last!, text]
            #expect(try CommandLineParser.parse(words) == .run(Options()), "\(option.names.last!) \(text)")
            let help = HelpText.usage.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(help.contains("(default \(text))") || help.contains("(default \(text);"), "\(text)")
        }
        #expect(shown >= 8)
    }

    @Test func everyNameParses() throws {
        for option in OptionTable.all {
            for name in option.allNames {
                let sample: [String]
                switch option.effect {
                case .flag: sample = [name]
                case .command(let command):
                    #expect(try CommandLineParser.parse([name]) == command)
                    continue
                case .value: sample = [name, Self.sampleValue[option.names.last!] ?? "x"]
                case .optionalValue, .optionalWord: sample = [name]
                case .valueCommand(let make):
                    #expect(try CommandLineParser.parse([name, "bash"]) == make("bash"))
                    continue
                }
                #expect(throws: Never.self, "\(name)") {
                    _ = try CommandLineParser.parse(sample + (name == "--loop" ? ["-i", "a"] : []))
                }
            }
        }
    }

    static let sampleValue = [
        "--size": "640x480", "--fps": "15", "--symbologies": "qr", "--effort": "fast",
        "--confirm": "3", "--glyphs": "half", "--color": "never", "--preview": "auto", "--timeout": "2",
        "--format": "json", "--max-pixels": "25M", "--exec-timeout": "2.5", "--jobs": "3",
    ]
}

@Suite struct FullASCIIPrintingTests {
    let code = DetectedCode(symbology: .code39, bytes: [0x61, 0x62, 0x00], corners: [], raw: Array("+A+B%U".utf8))

    @Test func aNULFromFullASCIIStaysEscapedOnATerminal() {
        #expect(
            CodePrinter(format: .text, toTerminal: true).line(for: code, frame: 0, source: "a.png")
                == Array("ab\\x00\n".utf8))
        #expect(
            CodePrinter(format: .text, toTerminal: false).line(for: code, frame: 0, source: "a.png") == [
                0x61, 0x62, 0x00, 0x0A,
            ])
        let json = CodePrinter(format: .json, toTerminal: true).json(for: code, frame: 0, source: "a.png")
        #expect(json.contains(#""text":"ab\u0000""#) && json.contains(#""raw":"+A+B%U""#))
    }
}

/// JSON says what a code means: its kind and its fields.
@Suite struct MeaningInJSONTests {
    @Test func aWiFiCodeHasItsFieldsAndAContactItsRepeatedPhones() {
        let printer = CodePrinter(format: .json, toTerminal: false)
        let wifi = DetectedCode(symbology: .qr, bytes: Array("WIFI:T:WPA;S:home;P:secret;;".utf8), corners: [])
        #expect(
            printer.json(for: wifi, frame: 0, source: "a").contains(
                #""kind":"wifi","fields":{"ssid":"home","security":"WPA","password":"secret"}"#))
        let card = DetectedCode(symbology: .qr, bytes: Array("MECARD:N:Doe,Jo;TEL:1;TEL:2;;".utf8), corners: [])
        #expect(
            printer.json(for: card, frame: 0, source: "a").contains(#""fields":{"name":"Jo Doe","phone":["1","2"]}"#))
        let ean = DetectedCode(symbology: .ean13, bytes: Array("4006381333931".utf8), corners: [])
        #expect(
            printer.json(for: ean, frame: 0, source: "a").contains(
                #""kind":"product","fields":{"gtin":"4006381333931","prefix":"Germany"}"#))
    }
}

@Suite struct CodeHistoryTests {
    @Test func distinctCodesInOrderWithTheirCounts() {
        var history = CodeHistory()
        let a = DetectedCode(symbology: .qr, bytes: Array("a".utf8), corners: [])
        let b = DetectedCode(symbology: .ean13, bytes: Array("4006381333931".utf8), corners: [])
        history.add(a, frame: 1)
        history.add(b, frame: 5)
        history.add(a, frame: 90)  // out of sight, then back: announced again
        #expect(history.entries.map(\.code.text) == ["a", "4006381333931"])
        #expect(history.entries.map(\.count) == [2, 1])
        #expect(history.entries.map(\.frame) == [1, 5])
    }
}

/// What `o` may hand an opener: links, places, addresses and numbers, as URIs a handler
/// takes; never a link that runs code, reaches local files or holds control characters, never
/// plain text.
@Suite struct OpenableTests {
    func code(_ text: String) -> DetectedCode { DetectedCode(symbology: .qr, bytes: Array(text.utf8), corners: []) }
    func target(_ text: String) -> String? {
        if case .uri(let target, _)? = CodePresentation.opening(code(text)) { return target }
        return nil
    }
    func refusal(_ text: String) -> String? {
        if case .refused(let why)? = CodePresentation.opening(code(text)) { return why }
        return nil
    }

    @Test func onlyCleanLinksAndActionsAreOpened() {
        #expect(target("https://example.org/x") == "https://example.org/x")
        #expect(refusal("https://example.org/\u{1B}]52;c;x\u{07}") == "the link holds control characters")
        if case .uri(let uri, let warnings)? = CodePresentation.opening(code("http://10.0.0.1/")) {
            #expect(uri == "http://10.0.0.1/" && warnings.map(\.word) == ["http", "IP"])
        } else {
            Issue.record("not opened")
        }
        #expect(target("geo:1,2") == "geo:1,2")
        #expect(target("tel:+1555") == "tel:+1555")
        #expect(CodePresentation.opening(code("just some text")) == nil)
        #expect(CodePresentation.opening(code("WIFI:S:x;P:y;;")) == nil)
    }

    /// zxing's message forms become the URIs handlers are registered for.
    @Test func messagesBecomeTheURIsHandlersTake() {
        #expect(target("SMSTO:+15551234:see you at 5") == "sms:+15551234?body=see%20you%20at%205")
        #expect(target("smsto:+44 20:") == "sms:+44%2020")
        #expect(
            target("MATMSG:TO:a@example.org;SUB:Hi & bye;BODY:line;;")
                == "mailto:a@example.org?subject=Hi%20%26%20bye&body=line")
        #expect(target("www.example.org") == "http://www.example.org")
        #expect(target("geo:48.85,2.35?q=caf\u{E9}") == "geo:48.85,2.35?q=caf%C3%A9")
        // A body with a control character is encoded, not handed on raw.
        #expect(target("SMSTO:123:a\u{1B}[2Jb") == "sms:123?body=a%1B%5B2Jb")
    }

    @Test(arguments: [
        "javascript:alert(1)", "data:text/html,<script>x</script>", "file:///etc/passwd", "JavaScript:void(0)",
        "vbscript:msgbox",
    ])
    func linksThatRunCodeOrOpenFilesAreNeverOpened(link: String) {
        let why = refusal(link)
        #expect(why?.hasSuffix(": links run code or open local files") == true)
    }
}

/// `--exec CMD` split into words as a shell splits them, with nothing expanded.
@Suite struct CommandWordsTests {
    @Test func quotesAndBackslashesKeepWordsTogether() throws {
        #expect(try CommandWords.split("tee -a out.txt") == ["tee", "-a", "out.txt"])
        #expect(try CommandWords.split("sh -c 'echo $HOME; id'") == ["sh", "-c", "echo $HOME; id"])
        let quoted = try CommandWords.split(#"printf "%s\n" a\ b "say \"hi\"""#)
        #expect(quoted == ["printf", "%s\\n", "a b", "say \"hi\""])
        #expect(try CommandWords.split("  notify-send   ''  x ") == ["notify-send", "", "x"])
    }

    @Test func anUnclosedQuoteOrNothingIsAUsageError() {
        #expect(throws: UsageError.self) { try CommandWords.split("sh -c 'oops") }
        #expect(throws: UsageError.self) { try CommandWords.split("trailing\\") }
        #expect(throws: UsageError.self) { try CommandWords.split("   ") }
    }
}
