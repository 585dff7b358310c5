import SystemCalls

/// A terminal of pixels as the benchmarks play it on a pseudoterminal: it answers qrtui's
/// questions (the graphics probe) as xterm with sixel or kitty would, with cells of 10x20 px,
/// and its pictures are counted as they come.
enum TerminalAnswers {
    /// A terminal of characters (VT220's Primary DA, no more): qrtui's wait for answers ends at once.
    static let characters = Array("\u{1B}[?62;c".utf8)
    static let sixel = Array("\u{1B}[?1;0;256S\u{1B}[?2;0;4096;4096S\u{1B}[6;20;10t\u{1B}[?63;1;2;4c".utf8)
    static let kitty = Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c".utf8)
    /// Kitty on this machine: it reads pictures from shared memory.
    static let kittyLocal = Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}_Gi=32;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c".utf8)

    /// qrtui's questions end with Primary DA: once they came in `bytes`, `answer` is written to
    /// the terminal's end (`master`); true when it was.
    static func answer(_ bytes: ArraySlice<UInt8>, with answer: [UInt8], on master: Int32) -> Bool {
        guard bytes.firstRange(of: Array("\u{1B}[c".utf8)) != nil else { return false }
        try? Syscall.writeAll(master, answer)
        return true
    }

    /// Pictures that start in `bytes` (a sixel DCS, a kitty transmission).
    static func pictures(in bytes: ArraySlice<UInt8>) -> Int {
        let sixel = Array("P0;1;0q".utf8)
        let kitty = Array("_Ga=T".utf8)
        var count = 0
        var index = bytes.startIndex
        while let escape = bytes[index...].firstIndex(of: 0x1B) {
            let rest = bytes[(escape + 1)...]
            if rest.starts(with: sixel) || rest.starts(with: kitty) { count += 1 }
            index = escape + 1
        }
        return count
    }
}
