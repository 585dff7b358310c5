import CodeMeaning
import Testing

/// What a payload means, kind by kind.
@Suite struct CodeMeaningTests {
    func fields(_ meaning: CodeMeaning) -> [String] { meaning.fields.map { "\($0.name)=\($0.value)" } }

    @Test func links() {
        let link = CodeMeaning.of("https://user@Example.org:8443/a/b?q=1#top")
        #expect(link.kind == .url)
        #expect(
            fields(link) == [
                "scheme=https", "host=example.org", "user=user", "port=8443", "path=/a/b", "query=q=1", "fragment=top",
            ])
        #expect(CodeMeaning.of("http://[::1]:80/").fields.contains(Field("host", "[::1]")))
        #expect(CodeMeaning.of("www.example.org/x")["host"] == "www.example.org")
        #expect(CodeMeaning.of("javascript:alert(1)")["scheme"] == "javascript")
        #expect(CodeMeaning.of("data:text/html,<b>x</b>").kind == .url)
        #expect(CodeMeaning.of("see https://example.org").kind == .text)  // text that holds a link
        #expect(CodeMeaning.of("note: buy milk").kind == .text)
    }

    /// Two-factor accounts (the Key URI format): issuer from the parameter or the label.
    @Test func twoFactorAccounts() {
        let totp = CodeMeaning.of(
            "otpauth://totp/Example%20Co:alice@example.org?secret=JBSWY3DPEHPK3PXP&issuer=Example%20Co&digits=8")
        #expect(totp.kind == .otp)
        #expect(
            fields(totp) == [
                "type=totp", "issuer=Example Co", "account=alice@example.org", "algorithm=SHA1", "digits=8",
                "period=30", "secret=JBSWY3DPEHPK3PXP",
                "uri=otpauth://totp/Example%20Co%3Aalice%40example.org?secret=JBSWY3DPEHPK3PXP&issuer=Example%20Co"
                    + "&algorithm=SHA1&digits=8&period=30",
            ])
        let hotp = CodeMeaning.of("otpauth://hotp/bob?secret=jbsw%20y3dp&counter=7&algorithm=sha256")
        #expect(
            fields(hotp) == [
                "type=hotp", "account=bob", "algorithm=SHA256", "digits=6", "counter=7", "secret=JBSWY3DP",
                "uri=otpauth://hotp/bob?secret=JBSWY3DP&algorithm=SHA256&digits=6&counter=7",
            ])
        #expect(CodeMeaning.of("otpauth://totp/Site:carol?issuer=Site")["problem"] == "no secret")
        #expect(CodeMeaning.of("otpauth://totp/Site:carol?secret=0189")["problem"] == "the secret is not base32")
        #expect(CodeMeaning.of("otpauth://totp/Site:carol?secret=0189")["secret"] == nil)
        #expect(CodeMeaning.of("otpauth://other/x?secret=AAAA").kind != .otp)
    }

    @Test func wifiWithEscapes() {
        let wifi = CodeMeaning.of(#"WIFI:T:WPA;S:My\;Net\:5G;P:pa\\ss\;word;H:true;;"#)
        #expect(wifi.kind == .wifi)
        #expect(fields(wifi) == ["ssid=My;Net:5G", "security=WPA", #"password=pa\ss;word"#, "hidden=true"])
        #expect(fields(CodeMeaning.of("WIFI:S:open;;")) == ["ssid=open", "security=nopass"])
        #expect(CodeMeaning.of("WIFI:T:WPA;P:x;;").kind == .text)  // no network name
    }

    @Test func vcardsOfEveryVersion() {
        let v3 = CodeMeaning.of(
            "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lovelace;Ada;;;\r\nFN:Ada Lovelace\r\n"
                + "TEL;TYPE=CELL:+44 20 7946 0000\r\nTEL;TYPE=WORK:+44 20 7946 0001\r\nEMAIL:ada@example.org\r\n"
                + "ORG:Analytical Engines;Research\r\nADR:;;12 St James's Square;London;;SW1Y 4JH;UK\r\n"
                + "NOTE:first line\\nsecond\\, with comma\r\nEND:VCARD")
        #expect(v3.kind == .contact)
        #expect(v3["name"] == "Ada Lovelace")
        #expect(v3.all("phone") == ["+44 20 7946 0000", "+44 20 7946 0001"])
        #expect(v3["organisation"] == "Analytical Engines, Research")
        #expect(v3["address"] == "12 St James's Square, London, SW1Y 4JH, UK")
        #expect(v3["note"] == "first line\nsecond, with comma")
        let v21 = CodeMeaning.of(
            "BEGIN:VCARD\nVERSION:2.1\nN;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:M=C3=BCller;J=C3=\n=BCrgen\n"
                + "END:VCARD")
        #expect(v21["name"] == "Jürgen Müller")
        let v4 = CodeMeaning.of("BEGIN:VCARD\nVERSION:4.0\nFN:Grace\n Hopper\nTEL;VALUE=uri:tel:+1-555-0100\nEND:VCARD")
        #expect(v4["name"] == "GraceHopper")  // folding joins the lines without the space
        #expect(v4["phone"] == "+1-555-0100")
    }

    @Test func mecard() {
        let card = CodeMeaning.of(#"MECARD:N:Doe,John;TEL:+15550100;EMAIL:john@example.org;NOTE:a\;b;;"#)
        #expect(card.kind == .contact)
        #expect(fields(card) == ["name=John Doe", "phone=+15550100", "email=john@example.org", "note=a;b"])
    }

    @Test func calendarEvent() {
        let event = CodeMeaning.of(
            "BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:Launch\\, party\nDTSTART:20261130T180000Z\n"
                + "DTEND:20261130T200000Z\nLOCATION:Lab 3\nEND:VEVENT\nEND:VCALENDAR")
        #expect(event.kind == .event)
        #expect(
            fields(event) == [
                "summary=Launch, party", "start=20261130T180000Z", "end=20261130T200000Z", "location=Lab 3",
            ])
    }

    @Test func placesCallsAndMessages() {
        #expect(
            fields(CodeMeaning.of("geo:48.8584,2.2945,330?q=Eiffel%20Tower"))
                == ["latitude=48.8584", "longitude=2.2945", "altitude=330", "query=Eiffel Tower"])
        #expect(CodeMeaning.of("geo:91,0").kind == .text)  // out of range
        #expect(fields(CodeMeaning.of("tel:+1-555-0100")) == ["number=+1-555-0100"])
        #expect(fields(CodeMeaning.of("SMSTO:+15550100:On my way")) == ["number=+15550100", "body=On my way"])
        #expect(fields(CodeMeaning.of("sms:+15550100?body=Hi%20there")) == ["number=+15550100", "body=Hi there"])
        #expect(
            fields(CodeMeaning.of("mailto:a@example.org?subject=Hello&body=Line+one"))
                == ["to=a@example.org", "subject=Hello", "body=Line one"])
        #expect(
            fields(CodeMeaning.of("MATMSG:TO:b@example.org;SUB:Hi;BODY:Text;;"))
                == ["to=b@example.org", "subject=Hi", "body=Text"])
    }

    @Test func productsAndBooks() {
        #expect(fields(CodeMeaning.of("4006381333931", family: .product)) == ["gtin=4006381333931", "prefix=Germany"])
        #expect(
            fields(CodeMeaning.of("036000291452", family: .product)) == ["gtin=0036000291452", "prefix=USA and Canada"])
        #expect(
            fields(CodeMeaning.of("9780306406157", family: .product)) == ["isbn13=9780306406157", "isbn10=0306406152"])
        #expect(CodeMeaning.of("9791032305690", family: .product).kind == .isbn)
        #expect(CodeMeaning.of("9771234567003", family: .product)["issn"] == "1234-5679")
        #expect(CodeMeaning.of("96385074", family: .product).kind == .product)
        #expect(CodeMeaning.of("4006381333931").kind == .text)  // digits from a QR code are text
    }

    @Test func gs1ElementStrings() {
        let fnc1 = CodeMeaning.of("]C101095011015300031726113010AB-123\u{1D}21SN42", family: .other)
        #expect(fnc1.kind == .gs1)
        #expect(fields(fnc1) == ["gtin=09501101530003", "expiry=2026-11-30", "batch=AB-123", "serial=SN42"])
        let flagged = CodeMeaning.of("0109501101530003310300125010LOT7", family: .gs1)
        #expect(fields(flagged) == ["gtin=09501101530003", "net weight kg=1.250", "batch=LOT7"])
        #expect(
            fields(CodeMeaning.of("(01)09501101530003(17)261130", family: .gs1)) == [
                "gtin=09501101530003", "expiry=2026-11-30",
            ])
        #expect(CodeMeaning.of("]C1zz", family: .other).kind == .text)
    }

    @Test func sepaPayment() {
        let epc = CodeMeaning.of(
            "BCD\n002\n1\nSCT\nBFSWDE33BER\nWikimedia Foerdergesellschaft\nDE33100205000001194700\n"
                + "EUR123.45\n\n\nSpende fuer Wikipedia")
        #expect(epc.kind == .payment)
        #expect(
            fields(epc) == [
                "name=Wikimedia Foerdergesellschaft", "iban=DE33100205000001194700", "bic=BFSWDE33BER",
                "amount=123.45", "currency=EUR", "text=Spende fuer Wikipedia",
            ])
        #expect(CodeMeaning.of("BCD\n002\n1\nSCT\n\nName\nDE00100205000001194700\n").kind == .text)  // bad IBAN check
    }
}

/// Malformed payloads of every kind fall back to text (or to what can still be read) and
/// never crash.
@Suite struct MalformedMeaningTests {
    @Test(arguments: [
        "WIFI:", "WIFI:S:", "WIFI:T:WPA;P:x\\", "MECARD:", "MECARD:N:;;", "MECARD:N:,;;", "MECARD:N: , ;;",
        "BEGIN:VCARD", "BEGIN:VCARD\nEND:VCARD",
        "BEGIN:VCALENDAR\nEND:VCALENDAR", "BEGIN:VEVENT\nSUMMARY\nEND:VEVENT", "geo:", "geo:a,b", "geo:1", "tel:",
        "SMSTO:",
        "sms:", "mailto:", "mailto:?subject=x", "MATMSG:SUB:x;;", "BCD\n002", "BCD\n001\n1\nSCT\nX\n\nDE33", "http://",
        "https://:80/", "]C1", "]C101123", "]C10109501101530003\u{1D}1726", "(01)123", "(99", "%", "xn--",
        "\u{0}\u{1B}[2J",
    ])
    func fallsBackToText(payload: String) {
        let meaning = CodeMeaning.of(payload)
        #expect(meaning.kind == .text, "\(payload.debugDescription) read as \(meaning.kind)")
        #expect(meaning.fields.isEmpty)
    }

    @Test func brokenProductNumbersAreNotProducts() {
        for text in ["12345", "40063813339x", "", "97803064061570"] {
            #expect(CodeMeaning.of(text, family: .product).kind == .text)
        }
    }

    /// A vCard 4.0 phone written as a bare "tel:" is no number (make fuzz found it as an empty field).
    @Test func anEmptyTelURIIsNoPhone() {
        let card = CodeMeaning.of("BEGIN:VCARD\nFN:Ann\nTEL;VALUE=uri:tel:\nTEL:1\nEND:VCARD")
        #expect(card.kind == .contact && card.all("phone") == ["1"])
        #expect(card.fields.allSatisfy { !$0.value.isEmpty })
    }

    @Test func vcardQuotedPrintableCutShortKeepsWhatItCan() {
        let card = CodeMeaning.of("BEGIN:VCARD\nFN;ENCODING=QUOTED-PRINTABLE:Ann=C3=\nEND:VCARD")
        #expect(card.kind == .contact && card["name"]?.hasPrefix("Ann") == true)
    }
}
