import Overlay
import SystemCalls

/// `h`: this run's codes in a box (after a two-factor export, its accounts). Arrows pick one,
/// Enter copies it (an account's `otpauth://` URI; `c` too), `o` opens it, `h` or Esc closes
/// the box; `q` still quits.
extension LiveState {
    /// The export's accounts, "GitHub: alice  TOTP  6 digits  SHA1" (no secret).
    var accountLines: [String] {
        (lastCode?.meaning.accounts ?? []).map { account in
            [
                TwoFactor.name(account), (account["type"] ?? "totp").uppercased(), "\(account["digits"] ?? "6") digits",
                account["algorithm"] ?? "SHA1", account["problem"] ?? "",
            ].filter { !$0.isEmpty }.joined(separator: "  ")
        }
    }

    /// "12:03:41  QR-Code  url  x2  https://example.org/...", one per distinct code, told as
    /// the status line tells it (secrets masked until `r`).
    var historyLines: [String] {
        if mode.listsAccounts { return accountLines }
        return history.entries.map { entry in
            let told = CodePresentation.listed(entry.code, reveal: secrets.revealed, unicode: unicode)
            let text = told.count > 48 ? String(told.prefix(47)) + (unicode ? "…" : "~") : told
            return [
                WallClock.localTimeOfDay(entry.firstRead), entry.code.symbology.displayName,
                entry.code.meaning.kind.rawValue, "x\(entry.count)", text,
            ].joined(separator: "  ")
        }
    }

    /// The keys the box takes; nil for those that act as usual (`q`, `?`).
    mutating func handleInHistory(_ key: Key, _ action: KeyAction?) -> [LiveEffect]? {
        guard let selection = mode.selection else { return nil }
        if mode.listsAccounts { return handleInAccounts(key, action, selection) }
        let last = max(0, history.entries.count - 1)
        switch (key, action) {
        case (.up, _): mode = mode.choosing(max(0, selection - 1))
        case (.down, _): mode = mode.choosing(min(last, selection + 1))
        case (.escape, _), (_, .history?): mode = mode.closed
        case (.enter, _):
            guard selection < history.entries.count else { return [] }
            copyLabel = nil
            return [.copy(history.entries[selection].code.bytes)]
        case (_, .open?):
            guard selection < history.entries.count else { return [] }
            return open(history.entries[selection].code)
        case (_, .quit?), (_, .help?): return nil
        default: break
        }
        return []
    }

    /// The accounts box: Enter or `c` copies the chosen account's `otpauth://` URI.
    private mutating func handleInAccounts(_ key: Key, _ action: KeyAction?, _ selection: Int) -> [LiveEffect]? {
        let accounts = lastCode?.meaning.accounts ?? []
        switch (key, action) {
        case (.up, _): mode = mode.choosing(max(0, selection - 1))
        case (.down, _): mode = mode.choosing(min(max(0, accounts.count - 1), selection + 1))
        case (.escape, _), (_, .history?): mode = mode.closed
        case (.enter, _), (_, .copyField?):
            guard selection < accounts.count, let uri = accounts[selection]["uri"] else { return [] }
            copyLabel = ("the URI of \(TwoFactor.name(accounts[selection]))", nil)
            return [.copy(Array(uri.utf8))]
        case (_, .quit?), (_, .help?): return nil
        default: break
        }
        return []
    }
}
