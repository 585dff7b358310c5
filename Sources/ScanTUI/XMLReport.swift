import CodeMeaning
import CodeReading
import Overlay
import SystemCalls

/// `--xml`: zbarimg's and zbarcam's XML, for scripts that parse it. Each source is a
/// `<source>`, each frame with codes an `<index>`, each code a `<symbol>`; a payload that
/// XML (or a terminal) cannot carry as text goes as base64, as zbar does for binary data.
/// Well-formed however the run ends: `finish` closes whatever is open.
final class XMLReport {
    private let write: ([UInt8]) -> Void
    private var began = false
    private var sourceOpen = false
    private var index: Int?

    init(write: @escaping ([UInt8]) -> Void) { self.write = write }

    func add(_ code: DetectedCode, frame: Int, source: String, device: Bool) {
        if !began { emit("<barcodes xmlns='http://zbar.sourceforge.net/2008/barcode'>") }
        began = true
        if !sourceOpen {
            emit("<source \(device ? "device" : "href")='\(Self.attribute(ArgumentBytes.described(source)))'>")
            sourceOpen = true
        }
        if index != frame {
            if index != nil { emit("</index>") }
            emit("<index num='\(frame)'>")
            index = frame
        }
        emit(
            "<symbol type='\(Self.attribute(code.symbology.displayName))' quality='\(code.quality)'>"
                + Self.data(code) + "</symbol>")
    }

    /// The source read to its end: the next code opens a new `<source>`.
    func endSource() {
        guard sourceOpen else { return }
        if index != nil { emit("</index>") }
        emit("</source>")
        sourceOpen = false
        index = nil
    }

    /// Closes the document (an empty one when nothing was read).
    func finish() {
        endSource()
        if !began { emit("<barcodes xmlns='http://zbar.sourceforge.net/2008/barcode'>") }
        emit("</barcodes>")
        began = false
    }

    private func emit(_ line: String) { write(Array((line + "\n").utf8)) }

    /// Text as CDATA when XML and a terminal can both carry it, else base64.
    static func data(_ code: DetectedCode) -> String {
        let text = code.text
        let plain =
            code.encoding == .utf8
            && text.unicodeScalars.allSatisfy { $0 == "\n" || $0 == "\\" || VisibleText.isPlain(String($0)) }
        guard plain else {
            return "<data format='base64' length='\(code.bytes.count)'><![CDATA["
                + Base64.encode(code.bytes) + "]]></data>"
        }
        // "]]>" would end the section: split it across two.
        return "<data><![CDATA[" + text.replacing("]]>", with: "]]]]><![CDATA[>") + "]]></data>"
    }

    /// An attribute value: markup characters as entities, anything a terminal would act on escaped.
    static func attribute(_ text: String) -> String {
        let shown = text.unicodeScalars.map {
            $0 == "\\" || VisibleText.isPlain(String($0)) ? String($0) : VisibleText.escaping(String($0))
        }
        return shown.joined().replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
            .replacing("'", with: "&apos;").replacing("\"", with: "&quot;")
    }
}
