import Foundation
import Glibc
import Overlay
import SystemCalls
import Testing

@testable import CursesBackend

/// The questions put to a real pseudoterminal, and a scripted terminal on its other end. Inside
/// the pseudoterminal suite: the probe leaves kitty drops named for this process a moment,
/// which the drop tests would count as theirs.
extension PicturesInPixelsTests {
    @Suite struct GraphicsQuestionsTests {
        /// The terminal on `master`: once the questions have come (Primary DA last), `answer` is sent.
        static func play(_ master: Int32, answer: String?) -> Thread {
            let thread = Thread {
                var heard = [UInt8]()
                var buffer = [UInt8](repeating: 0, count: 256)
                while !heard.ends(with: Array("\u{1B}[c".utf8)) {
                    let count = read(master, &buffer, buffer.count)
                    guard count > 0 else { return }
                    heard += buffer.prefix(count)
                }
                if let answer { _ = try? Syscall.writeAll(master, Array(answer.utf8)) }
            }
            thread.start()
            return thread
        }

        /// What the terminal on a fresh pseudoterminal answered, scripted as `answer` (nil: nothing).
        static func ask(answer: String?) throws -> GraphicsSupport? {
            let pty = try Pseudoterminal(columns: 80, rows: 24)
            defer { close(pty.master) }
            let slave = open(pty.slavePath, O_RDWR | O_NOCTTY)
            try #require(slave >= 0)
            defer { close(slave) }
            _ = play(pty.master, answer: answer)
            return CursesTerminal.graphics(of: slave, askingKitty: true)
        }

        @Test func sixelIsFoundInTheAnswerOfARealPseudoterminal() throws {
            let support = try #require(try Self.ask(answer: "\u{1B}[?1;0;1024S\u{1B}[6;20;10t\u{1B}[?63;1;2;4c"))
            #expect(support.sixel && support.colourRegisters == 1024 && support.drawsPictures)
        }

        @Test func kittyIsFoundInTheAnswerOfARealPseudoterminal() throws {
            let support = try #require(try Self.ask(answer: "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;22;11t\u{1B}[?62;c"))
            #expect(support.kitty && !support.sixel && support.cellPixels == PixelSize(width: 11, height: 22))
        }

        @Test func aTerminalThatAnswersNothingGetsCharacters() throws {
            let support = try #require(try Self.ask(answer: nil))
            #expect(!support.answered && !support.drawsPictures)
        }

        @Test func tmuxAnswersWithoutEitherProtocol() throws {
            let support = try #require(try Self.ask(answer: "\u{1B}[?1;2c"))
            #expect(support.answered && !support.sixel && !support.kitty)
        }

        @Test func aFileIsNoTerminalToAsk() throws {
            let fd = open("/dev/null", O_RDWR)
            defer { close(fd) }
            #expect(CursesTerminal.graphics(of: fd, askingKitty: true) == nil)
        }
    }
}
