import FrameCore

/// Pictures as other tools draw them, for tests.
public enum PictureFixtures {
    /// A QR code as `qrencode --background=FFFFFF00` draws it: black modules on nothing. The
    /// modules as coverage (alpha); the colour black throughout, as an encoder may leave the
    /// colour of what cannot be seen. Encode it with `PNGCodec.encode(_:alpha:)`.
    public static func transparentQR(_ text: String, moduleSize: Int = 4) -> (colour: Frame, alpha: [UInt8]) {
        guard let matrix = QRMatrix(text: text, level: .medium) else { preconditionFailure("does not fit a QR code") }
        let picture = matrix.render(moduleSize: moduleSize, quietZone: 4, dark: 0, light: 255)
        return (
            Frame.filled(width: picture.width, height: picture.height, value: 0),
            picture.luma.map { $0 < 128 ? UInt8(255) : 0 }
        )
    }
}
