import CZlib
import Foundation
import Overlay
import Testing

@testable import CursesBackend

/// The kitty protocol's bytes, read back by a parser of the tests' own: its keys, its chunks,
/// and the picture once inflated.
@Suite struct KittyPictureTests {
    /// Each APC's keys and payload, in order.
    static func commands(_ bytes: [UInt8]) throws -> [(keys: [String: String], payload: String)] {
        let text = String(decoding: bytes, as: UTF8.self)
        var result = [(keys: [String: String], payload: String)]()
        for part in text.components(separatedBy: "\u{1B}\\").dropLast() {
            try #require(part.hasPrefix("\u{1B}_G"))
            let body = part.dropFirst(3)
            let (control, payload) =
                body.firstIndex(of: ";").map { (body[..<$0], body[body.index(after: $0)...]) } ?? (body, "")
            let keys = Dictionary(
                uniqueKeysWithValues: control.split(separator: ",").map { pair in
                    let halves = pair.split(separator: "=", maxSplits: 1)
                    return (String(halves[0]), String(halves.count > 1 ? halves[1] : ""))
                })
            result.append((keys, String(payload)))
        }
        return result
    }

    @Test func aPictureComesBackWholeFromItsChunks() throws {
        var state: UInt32 = 2_463_534_242
        let rgb = (0..<(90 * 60 * 3)).map { _ -> UInt8 in  // noise: hardly compressible
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            return UInt8(truncatingIfNeeded: state)
        }
        let sent = try #require(KittyPicture.encode(rgb: rgb, width: 90, height: 60))
        let commands = try Self.commands(sent)
        #expect(commands.count > 1)  // more than one chunk
        let first = commands[0].keys
        #expect(first["a"] == "T" && first["f"] == "24" && first["o"] == "z" && first["q"] == "2")
        #expect(first["s"] == "90" && first["v"] == "60" && first["i"] == "\(KittyPicture.id)" && first["C"] == "1")
        #expect(commands.dropLast().allSatisfy { $0.keys["m"] == "1" && $0.payload.utf8.count == KittyPicture.chunk })
        #expect(commands.last?.keys["m"] == "0")
        #expect(commands.dropFirst().allSatisfy { $0.keys.count == 1 })  // later chunks carry m alone
        let compressed = try #require(Data(base64Encoded: commands.map(\.payload).joined()))
        var size = uLong(rgb.count)
        var inflated = [UInt8](repeating: 0, count: rgb.count)
        let status = inflated.withUnsafeMutableBufferPointer { target in
            Array(compressed).withUnsafeBufferPointer {
                uncompress(target.baseAddress, &size, $0.baseAddress, uLong($0.count))
            }
        }
        #expect(status == Z_OK && Int(size) == rgb.count && inflated == rgb)
    }

    @Test func deletingNamesThePictureById() throws {
        let commands = try Self.commands(KittyPicture.delete)
        #expect(commands.count == 1 && commands[0].keys["a"] == "d" && commands[0].keys["d"] == "I")
        #expect(commands[0].keys["i"] == "\(KittyPicture.id)")
    }

    @Test func base64IsTheRFCs() {
        for text in ["", "f", "fo", "foo", "foob", "fooba", "foobar"] {
            #expect(
                String(decoding: Base64.encode(Array(text.utf8)), as: UTF8.self)
                    == Data(text.utf8).base64EncodedString())
        }
    }
}
