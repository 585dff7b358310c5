import Foundation
import FrameCore
import Glibc
import Overlay
import SystemCalls
import Testing

@testable import CursesBackend

/// Kitty on this machine reads pictures left in shared memory or a temporary file: the escape
/// names the drop, the drop holds the picture's pixels, and no drop is left behind (the probe's,
/// those never read, those at the end). Inside the pseudoterminal suite: one curses screen at
/// a time in a process.
extension PicturesInPixelsTests {
    @Suite struct KittyDropsTests {
        typealias Fake = PicturesInPixelsTests.FakeTerminal
        static let bothRead =
            "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;OK\u{1B}\\\u{1B}_Gi=33;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c"
        static let fileOnly =
            "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;ENOENT:No such file\u{1B}\\\u{1B}_Gi=33;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c"
        static let neither =
            "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;EBADF:no\u{1B}\\\u{1B}_Gi=33;EBADF:no\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c"

        /// This process's drops that exist now, in shared memory and in /tmp.
        static func drops() -> [String] {
            let shared = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? [])
                .filter { $0.hasPrefix("qrtui-\(getpid())-") }.map { "/dev/shm/" + $0 }
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? [])
                .filter { $0.hasPrefix("qrtui-tty-graphics-protocol-\(getpid())-") }.map { "/tmp/" + $0 }
            return shared + files
        }

        /// The kitty transmissions in `bytes`: their keys and their payload.
        static func transmissions(_ bytes: [UInt8]) -> [(keys: String, payload: String)] {
            String(decoding: bytes, as: UTF8.self).components(separatedBy: "\u{1B}_G").dropFirst().compactMap { part in
                guard let end = part.range(of: "\u{1B}\\"), let semicolon = part.firstIndex(of: ";") else { return nil }
                let keys = String(part[..<semicolon])
                return keys.hasPrefix("a=T") ? (keys, String(part[part.index(after: semicolon)..<end.lowerBound])) : nil
            }
        }

        /// Draws different pictures on a terminal that answers `answer` until two were sent (one
        /// that comes too soon after the last, for the pictures' share of the CPU, is skipped), and
        /// returns the terminal's side, the screen, still open, and the last transmission.
        static func drawn(answering answer: String) throws -> (Fake, CursesTerminal, (String, String)) {
            let fake = try Fake(answer: answer)
            var opened: CursesTerminal?
            defer { if opened == nil { fake.stop() } }  // the test stops it once it has it
            let terminal = try PicturesInPixelsTests.terminal(on: fake)
            var band = 0
            let sent = PicturesInPixelsTests.eventually {
                band = (band + 7) % 58
                let (grid, picture) = PicturesInPixelsTests.screen(level: nil, band: band)
                terminal.draw(grid, picture: picture)
                _ = PicturesInPixelsTests.settled(terminal)
                return transmissions(fake.bytes).count >= 2
            }
            #expect(sent)
            let last = try #require(transmissions(fake.bytes).last)
            opened = terminal
            return (fake, terminal, last)
        }

        @Test func aLocalKittyIsSentPicturesBySharedMemory() throws {
            let (fake, terminal, (keys, payload)) = try Self.drawn(answering: Self.bothRead)
            defer { fake.stop() }
            #expect(terminal.graphics.kittyTransfer == .sharedMemory)
            #expect(keys.contains("t=s") && !keys.contains("o=z") && keys.contains("i=\(KittyPicture.id)"))
            // The payload names the drop, which holds the picture's pixels (RGB, as the keys say).
            let name = String(decoding: try #require(Data(base64Encoded: payload)), as: UTF8.self)
            #expect(name.hasPrefix("/qrtui-\(getpid())-"))
            let size = try #require(Self.size(keys))
            let held = try #require(FileManager.default.contents(atPath: "/dev/shm" + name))
            #expect(held.count == size.width * size.height * 3)
            #expect(Set(held).count > 16)  // a texture, not a blank
            terminal.end()
            #expect(Self.drops().isEmpty, "left behind: \(Self.drops())")
        }

        @Test func aKittyThatCannotReadSharedMemoryIsSentTemporaryFiles() throws {
            let (fake, terminal, (keys, payload)) = try Self.drawn(answering: Self.fileOnly)
            defer { fake.stop() }
            #expect(terminal.graphics.kittyTransfer == .file)
            #expect(keys.contains("t=t"))
            let path = String(decoding: try #require(Data(base64Encoded: payload)), as: UTF8.self)
            #expect(path.hasPrefix("/tmp/qrtui-tty-graphics-protocol-\(getpid())-"))
            #expect(FileManager.default.fileExists(atPath: path))
            terminal.end()
            #expect(Self.drops().isEmpty, "left behind: \(Self.drops())")
        }

        @Test func aKittyElsewhereIsSentPicturesInTheEscapes() throws {
            let (fake, terminal, (keys, _)) = try Self.drawn(answering: Self.neither)
            defer { fake.stop() }
            defer { terminal.end() }
            #expect(terminal.graphics.kittyTransfer == .direct)
            #expect(keys.contains("o=z") && !keys.contains("t=s") && !keys.contains("t=t"))
            // The probe's own drops are gone once it was answered.
            #expect(Self.drops().isEmpty, "left behind: \(Self.drops())")
        }

        /// Drops the terminal never reads (this one reads none) do not pile up: the last few are
        /// kept for it, older ones removed.
        @Test func unreadDropsDoNotPileUp() throws {
            let fake = try Fake(answer: Self.bothRead)
            defer { fake.stop() }
            let terminal = try PicturesInPixelsTests.terminal(on: fake)
            var band = 0
            let many = PicturesInPixelsTests.eventually {
                band = (band + 7) % 58
                let (grid, picture) = PicturesInPixelsTests.screen(level: nil, band: band)
                terminal.draw(grid, picture: picture)
                _ = PicturesInPixelsTests.settled(terminal)
                return Self.transmissions(fake.bytes).count > KittyDrops.kept + 2
            }
            #expect(many)
            #expect(Self.transmissions(fake.bytes).count > KittyDrops.kept)
            #expect(Self.drops().count == KittyDrops.kept)
            terminal.end()
            #expect(Self.drops().isEmpty)
        }

        static func size(_ keys: String) -> (width: Int, height: Int)? {
            let pairs = Dictionary(
                keys.split(separator: ",").compactMap { pair -> (String, Int)? in
                    let parts = pair.split(separator: "=")
                    return parts.count == 2 ? (String(parts[0]), Int(parts[1]) ?? -1) : nil
                }, uniquingKeysWith: { $1 })
            guard let width = pairs["s"], let height = pairs["v"] else { return nil }
            return (width, height)
        }
    }
}
