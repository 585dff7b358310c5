import Testing

@testable import CodeMeaning

/// Warnings before a scanned link is opened, and its host as the DNS sees it.
@Suite struct LinkSafetyTests {
    func report(_ link: String) throws -> LinkReport {
        try #require(CodeMeaning.of(link).linkReport(payload: link))
    }
    func words(_ link: String) throws -> [String] { try report(link).warnings.map(\.word) }

    @Test func punycodeBothWays() {
        #expect(Punycode.encode("bücher") == "bcher-kva")
        #expect(Punycode.encode("münchen") == "mnchen-3ya")
        #expect(Punycode.decode("bcher-kva") == "bücher")
        #expect(Punycode.forms(of: "xn--mnchen-3ya.de").unicode == "münchen.de")
        #expect(Punycode.forms(of: "Bücher.example").ascii == "xn--bcher-kva.example")
        #expect(Punycode.decode("a-b-c-!!") == nil)  // malformed: no crash, no answer
    }

    @Test func aCyrillicLookalikeIsWarnedAndItsPunycodeShown() throws {
        let lookalike = try report("https://p\u{430}ypal.com/login")  // Cyrillic а
        #expect(lookalike.warnings.map(\.word) == ["lookalike"])
        #expect(lookalike.host == "p\u{430}ypal.com" && lookalike.asciiHost == "xn--pypal-4ve.com")
        #expect(lookalike.warnings[0].detail.contains("mixes Cyrillic and Latin letters"))
        #expect(lookalike.warnings[0].detail.contains("xn--pypal-4ve.com"))
        // All Cyrillic, every letter a Latin lookalike: "аррӏе".
        let whole = try report("https://\u{430}\u{440}\u{440}\u{4CF}\u{435}.com")
        #expect(whole.warnings.map(\.word) == ["lookalike"] && whole.asciiHost == "xn--80ak6aa92e.com")
        // A real Cyrillic name and an accented Latin one are not lookalikes.
        #expect(try words("https://\u{43F}\u{440}\u{438}\u{43C}\u{435}\u{440}.\u{440}\u{444}").isEmpty)
        #expect(try words("https://bücher.example").isEmpty)
    }

    @Test func everyOtherRisk() throws {
        #expect(try words("http://example.org") == ["http"])
        #expect(try words("https://192.168.1.20/admin") == ["IP"])
        #expect(try words("https://[2001:db8::1]/") == ["IP"])
        #expect(try words("https://example.org:8443/") == ["port"])
        #expect(try words("https://example.org:443/").isEmpty)
        let userinfo = try report("https://www.bank.example@evil.example/")
        #expect(userinfo.warnings.map(\.word) == ["user@"] && userinfo.host == "evil.example")
        #expect(try words("javascript:alert(document.cookie)") == ["javascript"])
        #expect(try words("data:text/html;base64,PHNjcmlwdD4=") == ["data"])
        #expect(try words("https://bit.ly/3xYz") == ["shortener"])
        #expect(try words("https://example.org/\u{1B}[2J") == ["controls"])
        #expect(try words("https://example.org/path?q=1").isEmpty)
    }

    @Test func onlyLinksHaveReports() {
        #expect(CodeMeaning.of("WIFI:S:x;;").linkReport(payload: "WIFI:S:x;;") == nil)
    }
}
