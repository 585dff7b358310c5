/// A link: `scheme://user@host:port/path?query#fragment`, or a scheme without authority that
/// a link can carry (`javascript:`, `data:`, `file:`); `www.` alone is read as http. The
/// parts are kept as written (the screen shows the host, and warns, from them).
enum LinkPayload {
    static let bareSchemes: Set<String> = [
        "javascript", "vbscript", "data", "file", "about", "blob", "intent", "market", "magnet",
    ]

    static func meaning(_ text: String) -> CodeMeaning? {
        guard !text.contains(where: { $0.isWhitespace }), !text.isEmpty else { return nil }
        if text.lowercased().hasPrefix("www."), text.contains(".") {
            return link(scheme: "http", rest: Substring("//" + text))
        }
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon].lowercased()
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        let rest = text[text.index(after: colon)...]
        if rest.hasPrefix("//") { return link(scheme: scheme, rest: rest) }
        guard bareSchemes.contains(scheme) else { return nil }
        return CodeMeaning(kind: .url, fields: [Field("scheme", scheme), Field("path", String(rest))])
    }

    private static func link(scheme: String, rest: Substring) -> CodeMeaning? {
        var remainder = rest.dropFirst(2)
        let authorityEnd = remainder.firstIndex { "/?#".contains($0) } ?? remainder.endIndex
        var authority = remainder[..<authorityEnd]
        remainder = remainder[authorityEnd...]
        var fields = [Field("scheme", scheme)]
        if let at = authority.lastIndex(of: "@") {
            fields.append(Field("user", String(authority[..<at])))
            authority = authority[authority.index(after: at)...]
        }
        var host = authority
        var port: Substring?
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {  // an IPv6 literal
            let after = host.index(after: close)
            if after < host.endIndex, host[after] == ":" { port = host[host.index(after: after)...] }
            host = host[...close]
        } else if let colon = host.lastIndex(of: ":") {
            port = host[host.index(after: colon)...]
            host = host[..<colon]
        }
        guard !host.isEmpty || scheme == "file" else { return nil }
        fields.insert(Field("host", host.lowercased()), at: 1)
        if let port, !port.isEmpty { fields.append(Field("port", String(port))) }
        let fragmentStart = remainder.firstIndex(of: "#")
        let beforeFragment = fragmentStart.map { remainder[..<$0] } ?? remainder
        let queryStart = beforeFragment.firstIndex(of: "?")
        let path = queryStart.map { beforeFragment[..<$0] } ?? beforeFragment
        if !path.isEmpty { fields.append(Field("path", String(path))) }
        if let queryStart {
            fields.append(Field("query", String(beforeFragment[beforeFragment.index(after: queryStart)...])))
        }
        if let fragmentStart {
            fields.append(Field("fragment", String(remainder[remainder.index(after: fragmentStart)...])))
        }
        return CodeMeaning(kind: .url, fields: fields)
    }
}
