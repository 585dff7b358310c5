import CTurboJPEG
import FrameCore

/// JPEG decoded straight to grey, row by row (libjpeg, through `qrtui_jpeg_grey`): a picture
/// costs its own pixels and what libjpeg keeps, which is allowed about two bytes a pixel (a
/// progressive JPEG keeps every coefficient of every component: one that needs more is refused).
/// libturbojpeg reads the header and writes the test pictures.
public enum JPEGCodec {
    /// What libjpeg may keep of its own for a picture of this many pixels.
    static func allowance(pixels: Int) -> Int { 2 * pixels + 48 << 20 }

    public static func decode(_ data: [UInt8], path: String, limits: PictureLimits = PictureLimits()) throws(CaptureError) -> Frame {
        guard let handle = tjInitDecompress() else {
            throw .malformed(path: path, detail: "cannot start the JPEG decoder")
        }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colourspace: Int32 = 0
        let header = data.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt(data.count), &width, &height,
                                &subsampling, &colourspace)
        }
        guard header == 0 else {
            throw .malformed(path: path, detail: "bad JPEG: \(errorText(handle))")
        }
        try CaptureError.checkSize(Int(width), Int(height), path: path, limits: limits)
        let pixels = Int(width) * Int(height)
        var luma = [UInt8](repeating: 0, count: pixels)
        var message = [CChar](repeating: 0, count: Int(JMSG_LENGTH_MAX))
        let status = luma.withUnsafeMutableBufferPointer { out in
            data.withUnsafeBufferPointer { src in
                qrtui_jpeg_grey(src.baseAddress, UInt(data.count), out.baseAddress, UInt32(width), UInt32(height),
                                allowance(pixels: pixels), &message)
            }
        }
        guard status == 0 else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.contains("Backing store") {
                throw .unsupported(path: path, detail: "a progressive JPEG of \(width)x\(height) needs more memory to decode "
                    + "than qrtui gives a picture (about 3 bytes a pixel)")
            }
            throw .malformed(path: path, detail: "truncated or corrupt JPEG: \(text)")
        }
        return Frame(width: Int(width), height: Int(height), luma: luma)
    }

    /// A frame as a YCCK (CMYK) JPEG, as print software saves them: no colour ink, the greys
    /// in black ink (inverted, as Adobe stores it). For tests.
    public static func encodeCMYK(_ frame: Frame, quality: Int32 = 90, progressive: Bool = false) -> [UInt8] {
        guard let handle = tjInitCompress() else { fatalError("cannot start the JPEG encoder") }
        defer { tjDestroy(handle) }
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let luma = frame.packed.luma
        var pixels = [UInt8](repeating: 255, count: luma.count * 4)
        for i in luma.indices { pixels[4 * i + 3] = luma[i] }
        let status = pixels.withUnsafeBufferPointer {
            tjCompress2(handle, $0.baseAddress, Int32(frame.width), Int32(frame.width * 4), Int32(frame.height),
                        Int32(TJPF_CMYK.rawValue), &buffer, &size, Int32(TJSAMP_444.rawValue), quality,
                        progressive ? TJFLAG_PROGRESSIVE : 0)
        }
        defer { tjFree(buffer) }
        precondition(status == 0 && buffer != nil, "CMYK JPEG encoding failed: \(errorText(handle))")
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    /// Encodes a frame as a greyscale JPEG of the given quality (1...100); `colour`: as a
    /// camera's MJPEG frames come, three components with 4:2:2 chroma (grey all the same);
    /// `progressive`: in successive scans, as the web saves large photos.
    public static func encode(_ frame: Frame, quality: Int32 = 90, colour: Bool = false, progressive: Bool = false) -> [UInt8] {
        guard let handle = tjInitCompress() else { fatalError("cannot start the JPEG encoder") }
        defer { tjDestroy(handle) }
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let pixels = colour ? GreyChannels.channels(frame, 3) : frame.packed.luma
        let format = colour ? TJPF_RGB.rawValue : TJPF_GRAY.rawValue
        let sampling = colour ? TJSAMP_422.rawValue : TJSAMP_GRAY.rawValue
        let status = pixels.withUnsafeBufferPointer {
            tjCompress2(handle, $0.baseAddress, Int32(frame.width), Int32(frame.width * (colour ? 3 : 1)),
                        Int32(frame.height), Int32(format), &buffer, &size, Int32(sampling), quality,
                        progressive ? TJFLAG_PROGRESSIVE : 0)
        }
        defer { tjFree(buffer) }
        precondition(status == 0 && buffer != nil, "JPEG encoding failed: \(errorText(handle))")
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    private static func errorText(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: text)
    }
}
