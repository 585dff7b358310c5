import CodeReading
import Overlay
import SystemCalls

/// The keys that act on what a code means: `c` copies its main field, `o` opens it (a
/// warned link only on a second press), `r` reveals secrets.
extension LiveState {
    static let openConfirmTime = 5.0

    func summary(_ code: DetectedCode) -> CodeSummary {
        CodePresentation.summary(code, reveal: secrets.revealed, unicode: unicode, showCodeAt: secrets.codeShownAt)
    }

    /// `t`: a TOTP account's code now, and its seconds left, on the status line (or not).
    mutating func toggleCode() -> [LiveEffect] {
        guard let lastCode, TwoFactor.now(lastCode.meaning, at: time.wall) != nil else {
            notice = ("no two-factor account with a code read", clock + Self.noticeTime)
            return [.bell]
        }
        secrets.codeShownAt = secrets.codeShownAt == nil ? time.wall : nil
        refreshSummary()
        if let lastSummary, case .success = status { status = .success(lastSummary) }
        return []
    }

    /// The clock moved on: a code shown (`t`) follows it, second by second.
    mutating func followCode() {
        guard let shownAt = secrets.codeShownAt, Int(time.wall) != Int(shownAt) else { return }
        secrets.codeShownAt = time.wall
        refreshSummary()
        if let lastSummary, case .success = status { status = .success(lastSummary) }
    }

    mutating func refreshSummary() {
        lastSummary = lastCode.map(summary)
    }

    /// `c` copies the main field; pressed again within a few seconds, the next one (a
    /// contact's phone, then its e-mail, its name...).
    mutating func copyField() -> [LiveEffect] {
        guard let lastCode else { return nothingYet("copy") }
        let fields = CodePresentation.copyableFields(lastCode)
        var index = 0
        if case .nextField(let code, let last, let until)? = armed, code == lastCode.identity, clock < until {
            index = (last + 1) % fields.count
        }
        armed = .nextField(lastCode.identity, index: index, until: clock + Self.openConfirmTime)
        copyLabel = (fields[index].name, fields.count > 1 ? fields[(index + 1) % fields.count].name : nil)
        return [.copy(Array(fields[index].value.utf8))]
    }

    /// `o`: hands the code to the desktop's opener; a warned link only on a second press, and
    /// never what could run code or reach local files (the notice says why).
    mutating func open(_ chosen: DetectedCode? = nil) -> [LiveEffect] {
        guard let lastCode = chosen ?? lastCode else { return nothingYet("open") }
        switch CodePresentation.opening(lastCode) {
        case nil:
            notice = ("nothing to open in this code", clock + Self.noticeTime)
            return [.bell]
        case .refused(let why)?:
            armed = nil
            notice = ("not opened: \(why)", clock + Self.noticeTime)
            return [.bell]
        case .uri(let target, let warnings)?:
            if !warnings.isEmpty && !armedToOpen(lastCode) {
                armed = .open(lastCode.identity, until: clock + Self.openConfirmTime)
                let words = warnings.map(\.word).joined(separator: ", ")
                // Short: it must fit beside the link.
                notice = ("o again opens (\(words))", clock + Self.openConfirmTime)
                return [.bell]
            }
            armed = nil
            return [.open(target)]
        }
    }

    /// `w` on a Wi-Fi code, twice: NetworkManager joins the network.
    mutating func join() -> [LiveEffect] {
        guard let lastCode else { return nothingYet("join") }
        let meaning = lastCode.meaning
        guard meaning.kind == .wifi, let ssid = meaning["ssid"] else {
            notice = ("not a Wi-Fi code", clock + Self.noticeTime)
            return [.bell]
        }
        // nmcli would take such a name for an option.
        guard !ssid.hasPrefix("-") else {
            notice = ("not joined: the network's name starts with '-'", clock + Self.noticeTime)
            return [.bell]
        }
        guard armedToOpen(lastCode) else {
            armed = .open(lastCode.identity, until: clock + Self.openConfirmTime)
            notice = ("w again joins \(ssid)", clock + Self.openConfirmTime)
            return []
        }
        armed = nil
        return [.join(ssid: ssid, password: meaning["password"], hidden: meaning["hidden"] == "true")]
    }

    /// The clipboard was written: "copied 6 bytes (OSC 52)" says which field when `c` chose one
    /// (this copy only).
    mutating func copied(_ text: String, now: Double) -> [LiveEffect] {
        notice = (
            copyLabel.map { field in
                text.replacing("copied ", with: "copied \(field.name): ")
                    + (field.next.map { "; c again: \($0)" } ?? "")
            } ?? text, now + Self.noticeTime
        )
        copyLabel = nil
        return []
    }

    /// `r`: a Wi-Fi password shown, or masked again; on any other code, why it does nothing.
    mutating func toggleReveal() -> [LiveEffect] {
        guard let lastCode else { return nothingYet("reveal") }
        guard lastCode.meaning.kind == .wifi, lastCode.meaning["password"] != nil else {
            let why =
                lastCode.meaning["secret"] != nil
                ? "a two-factor secret is never shown (t shows its code)" : "nothing hidden in this code to show"
            notice = (why, clock + Self.noticeTime)
            return [.bell]
        }
        secrets.revealed.toggle()
        refreshSummary()
        if let lastSummary, case .success = status { status = .success(lastSummary) }
        return []
    }

    /// `o` or `w` was pressed on `code` a moment ago.
    private func armedToOpen(_ code: DetectedCode) -> Bool {
        if case .open(let armedCode, let until)? = armed { return armedCode == code.identity && clock < until }
        return false
    }

    private mutating func nothingYet(_ verb: String) -> [LiveEffect] {
        notice = ("nothing read yet to \(verb)", clock + Self.noticeTime)
        return [.bell]
    }
}
