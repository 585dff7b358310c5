import Foundation
import Overlay

/// `h`: this run's codes in a box. Arrows pick one, Enter copies it, `o` opens it, `h` or
/// Esc closes the box; `q` still quits.
extension LiveState {
    /// "12:03:41  QR-Code  url  x2  https://example.org/...", one per distinct code, told as
    /// the status line tells it (secrets masked until `r`).
    var historyLines: [String] {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        return history.entries.map { entry in
            let told = CodePresentation.listed(entry.code, reveal: revealSecrets, unicode: unicode)
            let text = told.count > 48 ? String(told.prefix(47)) + (unicode ? "…" : "~") : told
            return [
                formatter.string(from: entry.firstRead), entry.code.symbology.displayName,
                entry.code.meaning.kind.rawValue, "x\(entry.count)", text,
            ].joined(separator: "  ")
        }
    }

    /// The keys the box takes; nil for those that act as usual (`q`, `?`).
    mutating func handleInHistory(_ key: Key, _ action: KeyAction?) -> [LiveEffect]? {
        guard let selection = historySelection else { return nil }
        let last = max(0, history.entries.count - 1)
        switch (key, action) {
        case (.up, _): historySelection = max(0, selection - 1)
        case (.down, _): historySelection = min(last, selection + 1)
        case (.escape, _), (_, .history?): historySelection = nil
        case (.enter, _):
            guard selection < history.entries.count else { return [] }
            fieldCopied = nil
            return [.copy(history.entries[selection].code.bytes)]
        case (_, .open?):
            guard selection < history.entries.count else { return [] }
            return open(history.entries[selection].code)
        case (_, .quit?), (_, .help?): return nil
        default: break
        }
        return []
    }
}
