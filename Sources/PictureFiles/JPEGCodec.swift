import CTurboJPEG
import FrameCore

/// JPEG decoded straight to grey, row by row (libjpeg, through `qrtui_jpeg_grey`): a picture
/// costs its own pixels and what libjpeg keeps, which is allowed about two bytes a pixel (a
/// progressive JPEG keeps every coefficient of every component: one that needs more is refused).
/// libturbojpeg reads the header.
public enum JPEGCodec: PictureCodec {
    public static let name = "JPEG", id = "jpeg"

    public static func recognises(_ prefix: [UInt8]) -> Bool { prefix.starts(with: [0xFF, 0xD8, 0xFF]) }

    /// The first start-of-frame segment (SOF0...SOF15 but DHT, JPG and DAC) gives height
    /// and width; segments before it are skipped by their lengths.
    public static func declaredSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var index = 2
        while index + 3 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF {
                index += 1
                continue
            }  // fill byte
            if (0xD0...0xD9).contains(marker) || marker == 0x01 {
                index += 2
                continue
            }  // no length
            let length = HeaderBytes.bigEndian(bytes, index + 2, 2)
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard index + 9 <= bytes.count else { return nil }
                return (HeaderBytes.bigEndian(bytes, index + 7, 2), HeaderBytes.bigEndian(bytes, index + 5, 2))
            }
            guard length >= 2 else { return nil }
            index += 2 + length
        }
        return nil
    }

    public static func decode(_ data: [UInt8], path: String, limits: PictureLimits) throws(PictureError) -> Frame {
        guard let handle = tjInitDecompress() else {
            throw .malformed(path: path, detail: "cannot start the JPEG decoder")
        }
        defer { tjDestroy(handle) }
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colourspace: Int32 = 0
        let header = data.withUnsafeBufferPointer {
            tjDecompressHeader3(
                handle, $0.baseAddress, UInt(data.count), &width, &height,
                &subsampling, &colourspace)
        }
        guard header == 0 else {
            throw .malformed(path: path, detail: "bad JPEG: \(errorText(handle))")
        }
        try limits.check(Int(width), Int(height), path: path)
        let pixels = Int(width) * Int(height)
        var luma = [UInt8](repeating: 0, count: pixels)
        var message = [CChar](repeating: 0, count: Int(JMSG_LENGTH_MAX))
        var decodedRows: UInt = 0
        let status = luma.withUnsafeMutableBufferPointer { out in
            data.withUnsafeBufferPointer { src in
                qrtui_jpeg_grey(
                    src.baseAddress, UInt(data.count), out.baseAddress, UInt32(width), UInt32(height),
                    PictureLimits.libraryAllowance(pixels: pixels), &message, &decodedRows)
            }
        }
        let frame = Frame(width: Int(width), height: Int(height), luma: luma)
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if status == 1 && decodedRows > 0 {
            // A progressive JPEG's rows all came, its later scans (the detail) did not.
            let rows = Int(decodedRows) < frame.height ? Int(decodedRows) : nil
            throw .cutShort(
                path: path,
                PartialPicture(frame, format: "JPEG", decodedRows: rows, detail: rows == nil ? "its later scans" : ""))
        }
        guard status == 0 else {
            if text.contains("Backing store") {
                throw .needsTooMuch("a progressive JPEG", path: path, width: Int(width), height: Int(height))
            }
            throw .malformed(path: path, detail: "truncated or corrupt JPEG: \(text)")
        }
        return frame
    }

    /// libturbojpeg's message for the last failure.
    package static func errorText(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: text)
    }
}
