import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import Overlay
import PictureFiles
import SystemCalls
import Testing

/// File names are bytes: one that is not UTF-8 is opened as given and shown escaped.
@Suite struct ByteNameTests {
    let directory = TemporaryDirectory("byte-names")
    static let payload = "latin-1 name"

    /// Makes a file named `directory/prefix` + 0xE9 + `suffix` (Latin-1 é), returning the
    /// name as qrtui's arguments carry it.
    func latinFile(_ prefix: String, _ suffix: String, contents: [UInt8]?) -> String {
        let bytes = Array((directory.path + "/" + prefix).utf8) + [0xE9] + Array(suffix.utf8)
        if let contents {
            let fd = (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer {
                open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            }
            #expect(fd >= 0 && write(fd, contents, contents.count) == contents.count)
            close(fd)
        }
        return ArgumentBytes.decode(bytes)
    }

    var code: [UInt8] { PNGCodec.encode(CodeFixtures.qrScene(Self.payload, width: 320, height: 240, moduleSize: 4)) }

    /// The names in the directory, as the bytes they are.
    func names() -> [[UInt8]] {
        guard let listing = opendir(directory.path) else { return [] }
        defer { closedir(listing) }
        var found = [[UInt8]]()
        while let entry = readdir(listing) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != Array(".".utf8) && name != Array("..".utf8) { found.append(name) }
        }
        return found
    }

    @Test func aNameThatIsNotUTF8IsOpened() throws {
        let path = latinFile("latin", ".png", contents: code)
        let run = try QRTUIProcess.run(["--no-preview", path])
        #expect(run.status == 0 && run.stdoutText == Self.payload + "\n" && run.stderr.isEmpty, "\(run.stderr)")
        // -H into a pipe gives the name's own bytes, as grep -H does.
        let named = try QRTUIProcess.run(["--no-preview", "-H", path])
        #expect(named.stdout == Array((directory.path + "/latin").utf8) + [0xE9] + Array(".png:\(Self.payload)\n".utf8))
        // JSON holds UTF-8 only: the byte is written as qrtui shows it.
        let json = try QRTUIProcess.run(["--no-preview", "--format", "json", path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [String: Any])
        #expect(object["source"] as? String == directory.path + "/latin\\xE9.png")
    }

    @Test func aMissingOneIsShownEscaped() throws {
        let path = latinFile("missing", "\u{1B}[31m.png", contents: nil)
        let run = try QRTUIProcess.run(["--no-preview", path])
        #expect(run.status == 1)
        #expect(
            run.stderr == "qrtui: cannot open \(directory.path)/missing\\xE9\\e[31m.png: No such file or directory\n")
    }

    @Test func theHistoryGoesToTheFileNamed() throws {
        let picture = directory.write("code.png", code)
        let history = latinFile("h", ".jsonl", contents: nil)
        let run = try QRTUIProcess.run(["--no-preview", "--history", history, picture])
        #expect(run.status == 0)
        #expect(
            names().sorted { $0.lexicographicallyPrecedes($1) } == [
                Array("code.png".utf8), [0x68, 0xE9] + Array(".jsonl".utf8),
            ])
        let text = readAll(ArgumentBytes.systemBytes(history))
        #expect(text.contains("\"text\":\"\(Self.payload)\""))
    }

    private func readAll(_ name: [UInt8]) -> String {
        let fd = (name.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { open($0.baseAddress!, O_RDONLY) }
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = read(fd, &buffer, buffer.count)
        return String(decoding: buffer.prefix(max(0, n)), as: UTF8.self)
    }
}

/// The carrying of bytes itself, both ways.
@Suite struct ArgumentBytesTests {
    @Test(arguments: [
        Array("plain".utf8), [0x6C, 0xE9, 0x2E], [0xFF, 0xFE, 0x80], [0xC3], [0xE2, 0x82],
        Array("é€😀".utf8), [0xF4, 0x8F, 0xB6, 0x80],  // the UTF-8 of a carrier itself
        [0xED, 0xA0, 0x80],  // an encoded surrogate
    ])
    func everyArgumentComesBackAsGiven(bytes: [UInt8]) {
        #expect(ArgumentBytes.systemBytes(ArgumentBytes.decode(bytes)) == bytes)
    }

    @Test func validTextIsUnchanged() {
        #expect(ArgumentBytes.decode(Array("café/ñ.png".utf8)) == "café/ñ.png")
        #expect(ArgumentBytes.described("café") == "café")
        #expect(ArgumentBytes.described(ArgumentBytes.decode([0x61, 0xE9])) == "a\\xE9")
    }

    /// What reaches a terminal shows each carried byte as the escape for it.
    @Test func aTerminalSeesTheByteEscaped() {
        #expect(VisibleText.escaping(ArgumentBytes.decode([0x61, 0xE9, 0x80, 0xFF])) == "a\\xE9\\x80\\xFF")
        #expect(!VisibleText.isPlain(ArgumentBytes.decode([0xE9])))
    }
}
