import FrameCore

/// The code the demo scene shows: a link that says what it is.
public enum DemoCode {
    public static let payload = "https://example.org/qrtui-demo"

    /// The code drawn for a scene `height` pixels tall (about a hundredth of it per module).
    public static func picture(forHeight height: Int = 720) -> Frame {
        guard let matrix = QRMatrix(text: payload) else { preconditionFailure("the demo payload fits a QR code") }
        return matrix.render(moduleSize: max(2, height / 100), dark: 30, light: 225)
    }
}
