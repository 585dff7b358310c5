import CaptureKit
import CodeFixtures
import CodeMeaning
import CodeReading
import Foundation
import FrameCore
import Overlay
import PictureFiles
import ScanOptions

/// One fuzz target per parser of outside input: bytes in, never a crash out. Each also checks
/// what must hold for any input (escaped text has no control characters, a decoded picture
/// has the size its header declared), and stops the process when it does not.
package enum Harness: String, CaseIterable, Sendable {
    case png, jpeg, netpbm, webp, gif, bmp, tiff, input, still, mjpeg, payload, options, meaning, migration

    /// Pictures are refused over this size (keeps each run fast; the limit's check is tested).
    static let limits = PictureLimits(maxPixels: 4_000_000)

    package func run(_ bytes: [UInt8]) {
        // One harness per picture format, named as its codec is.
        if let codec = PictureFormats.codec(id: rawValue) { return picture(bytes, codec) }
        switch self {
        case .input: InputHarness.run(bytes)
        case .still: still(bytes)
        case .mjpeg: mjpeg(bytes)
        case .payload: payload(bytes)
        case .options: options(bytes)
        case .meaning: meaning(bytes)
        case .migration: migration(bytes)
        default: fatalError("\(rawValue): no harness")
        }
    }

    /// What a payload means, as each kind of code would carry it: never a crash, a link's
    /// report only for links, and every field named and filled.
    private func meaning(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        for family in [CodeFamily.other, .product, .gs1] {
            let meaning = CodeMeaning.of(text, family: family)
            check(
                meaning.fields.allSatisfy { !$0.name.isEmpty && !$0.value.isEmpty } || meaning.kind == .url,
                "an empty field in \(meaning)")
            check(
                (meaning.linkReport(payload: text) != nil) == (meaning.kind == .url),
                "a link report for \(meaning.kind)")
            // What the parser takes as a secret the screen masks (within a larger span where
            // secrets of several kinds touch: a Wi-Fi password round a two-factor URI).
            let masked = CodeMeaning.secretRanges(in: text).map { String(text[$0]) }
            if meaning.kind == .otp, let secret = meaning["secret"] {
                let spelt = masked.map {
                    ($0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? $0).uppercased()
                        .filter { $0 != " " && $0 != "=" }
                }
                check(spelt.contains { $0.contains(secret) }, "a secret the masking misses in \(text)")
            }
            if meaning.kind == .otpExport { check(!masked.isEmpty, "an export's data the masking misses") }
        }
    }

    /// A two-factor export of any bytes (its data as the app writes it, and the bytes as its
    /// text): never a crash; an export's accounts are as many as it says, each with a URI or
    /// a problem; anything else is text with a note of why.
    private func migration(_ bytes: [UInt8]) {
        for text in [
            MigrationExport.uri(bytes), "otpauth-migration://offline?" + String(decoding: bytes, as: UTF8.self),
        ] {
            let meaning = CodeMeaning.of(text)
            check(meaning.kind == .otpExport || meaning.kind == .text, "an export read as \(meaning.kind)")
            check(meaning.fields.allSatisfy { !$0.name.isEmpty && !$0.value.isEmpty }, "an empty field in \(meaning)")
            if meaning.kind == .otpExport {
                let accounts = meaning.accounts
                check(meaning["accounts"] == "\(accounts.count)" && !accounts.isEmpty, "accounts miscounted")
                check(
                    accounts.allSatisfy { ($0["uri"]?.hasPrefix("otpauth://") == true) != ($0["problem"] != nil) },
                    "an account with neither a URI nor a problem, or both")
            } else {
                check(meaning["note"] != nil, "an unreadable export without a note")
            }
        }
    }

    /// A decoded picture has the size its header declares, within the limits.
    private func picture(_ bytes: [UInt8], _ codec: any PictureCodec.Type) {
        guard let frame = try? codec.decode(bytes, path: "fuzz", limits: Self.limits) else { return }
        check(frame.luma.count >= frame.width * frame.height, "short luma")
        check(frame.width * frame.height <= Self.limits.maxPixels, "over the limit")
        if let size = codec.declaredSize(bytes) {
            check(
                size.width == frame.width && size.height == frame.height,
                "header says \(size.width)x\(size.height), decoded \(frame.width)x\(frame.height)")
        }
    }

    /// Any picture decoded and read as a still, thoroughly, within a few seconds: what a
    /// picture's shape asks of the passes (a long thin one turned) must stay in proportion to
    /// it (libFuzzer's memory limit stops a run that is not), and every code lies in it.
    private func still(_ bytes: [UInt8]) {
        guard let frame = try? PictureDecoder.decode(bytes, path: "fuzz", limits: PictureLimits(maxPixels: 5_000_000))
        else { return }
        let reading = CodeReader().read(frame, kind: .still, limit: ReadingLimit(deadline: MonotonicClock.now() + 3))
        for code in reading.codes {
            check(
                code.corners.allSatisfy {
                    (-8...frame.width + 8).contains($0.x) && (-8...frame.height + 8).contains($0.y)
                },
                "a code outside the picture")
        }
    }

    /// The first two bytes choose the size (16 to 1024 pixels a side), the rest is the frame.
    private func mjpeg(_ bytes: [UInt8]) {
        guard bytes.count > 2 else { return }
        let width = 16 * (1 + Int(bytes[0] & 63))
        let height = 16 * (1 + Int(bytes[1] & 63))
        if let frame = MJPEGConversion.luma(Array(bytes.dropFirst(2)), width: width, height: height) {
            check(frame.width == width && frame.height == height && frame.luma.count == width * height, "bad frame")
        }
    }

    /// Payload bytes as qrtui shows them: decoded text, Code 39 Full ASCII, escaped for a
    /// terminal (which must leave no control or invisible character).
    private func payload(_ bytes: [UInt8]) {
        let decoded = PayloadText.decode(bytes)
        let shown = VisibleText.escaping(decoded.text)
        // Nothing left to escape but the escapes' own backslashes (taken out scalar by scalar:
        // a backslash before a combining mark is one Character with it, which String's own
        // replacing would leave).
        let withoutBackslashes = String(String.UnicodeScalarView(shown.unicodeScalars.filter { $0 != "\\" }))
        check(
            VisibleText.isPlain(withoutBackslashes),
            "escaped text still holds controls: \(shown.debugDescription)")
        if let ascii = Code39FullASCII.decoded(bytes) {
            check(ascii.count <= bytes.count, "Full ASCII grew the text")
        }
        let line: TerminalText = "code \(decoded.text)"
        check(
            !line.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "message holds controls")
    }

    /// NUL-separated arguments through the command-line parser.
    private func options(_ bytes: [UInt8]) {
        let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        switch Result(catching: { () throws(UsageError) in try CommandLineParser.parse(arguments) }) {
        case .success(.run(let options)):
            check(options.timeout.map { $0 > 0 && $0.isFinite } ?? true, "bad timeout accepted")
            check(options.limits.maxPixels > 0, "bad limit accepted")
        case .success, .failure: break
        }
    }

    private func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
        if !condition() { fatalError("\(rawValue) harness: \(message())") }
    }
}
