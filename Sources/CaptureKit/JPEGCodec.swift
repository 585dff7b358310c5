import CTurboJPEG
import FrameCore

/// JPEG through libturbojpeg, decoded straight to grey.
public enum JPEGCodec {
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
        // Print workflows save CMYK (or YCCK) JPEGs, which libjpeg cannot turn into grey itself.
        let cmyk = colourspace == Int32(TJCS_CMYK.rawValue) || colourspace == Int32(TJCS_YCCK.rawValue)
        let channels = cmyk ? 4 : 1
        var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * channels)
        let status = pixels.withUnsafeMutableBufferPointer { dst in
            data.withUnsafeBufferPointer { src in
                tjDecompress2(handle, src.baseAddress, UInt(data.count), dst.baseAddress, width,
                              width * Int32(channels), height, Int32(cmyk ? TJPF_CMYK.rawValue : TJPF_GRAY.rawValue), 0)
            }
        }
        if status != 0 {
            // Warnings (e.g. extraneous bytes) still give a usable picture; a cut-off file not.
            let text = errorText(handle)
            if tjGetErrorCode(handle) != Int32(TJERR_WARNING.rawValue) || text.contains("Premature end") {
                throw .malformed(path: path, detail: "truncated or corrupt JPEG: \(text)")
            }
        }
        return Frame(width: Int(width), height: Int(height), luma: cmyk ? greyFromCMYK(pixels) : pixels)
    }

    /// libjpeg hands CMYK over as Adobe stores it, inverted (255: no ink); each colour is
    /// the paper's white less its ink and the black's (as libjpeg-turbo's own conversion).
    static func greyFromCMYK(_ pixels: [UInt8]) -> [UInt8] {
        var luma = [UInt8](repeating: 0, count: pixels.count / 4)
        pixels.withUnsafeBufferPointer { cmyk in
            for i in luma.indices {
                let k = Int(cmyk[4 * i + 3])
                luma[i] = lumaFromRGB(UInt8(Int(cmyk[4 * i]) * k / 255), UInt8(Int(cmyk[4 * i + 1]) * k / 255),
                                      UInt8(Int(cmyk[4 * i + 2]) * k / 255))
            }
        }
        return luma
    }

    /// A frame as a YCCK (CMYK) JPEG, as print software saves them: no colour ink, the greys
    /// in black ink (inverted, as Adobe stores it). For tests.
    public static func encodeCMYK(_ frame: Frame, quality: Int32 = 90) -> [UInt8] {
        guard let handle = tjInitCompress() else { fatalError("cannot start the JPEG encoder") }
        defer { tjDestroy(handle) }
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let pixels: [UInt8] = frame.packed.luma.flatMap { grey -> [UInt8] in [255, 255, 255, grey] }
        let status = pixels.withUnsafeBufferPointer {
            tjCompress2(handle, $0.baseAddress, Int32(frame.width), Int32(frame.width * 4), Int32(frame.height),
                        Int32(TJPF_CMYK.rawValue), &buffer, &size, Int32(TJSAMP_444.rawValue), quality, 0)
        }
        defer { tjFree(buffer) }
        precondition(status == 0 && buffer != nil, "CMYK JPEG encoding failed: \(errorText(handle))")
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    /// Encodes a frame as a greyscale JPEG of the given quality (1...100); `colour`: as a
    /// camera's MJPEG frames come, three components with 4:2:2 chroma (grey all the same).
    public static func encode(_ frame: Frame, quality: Int32 = 90, colour: Bool = false) -> [UInt8] {
        guard let handle = tjInitCompress() else { fatalError("cannot start the JPEG encoder") }
        defer { tjDestroy(handle) }
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let pixels = colour ? frame.packed.luma.flatMap { [$0, $0, $0] } : frame.packed.luma
        let format = colour ? TJPF_RGB.rawValue : TJPF_GRAY.rawValue
        let sampling = colour ? TJSAMP_422.rawValue : TJSAMP_GRAY.rawValue
        let status = pixels.withUnsafeBufferPointer {
            tjCompress2(handle, $0.baseAddress, Int32(frame.width), Int32(frame.width * (colour ? 3 : 1)),
                        Int32(frame.height), Int32(format), &buffer, &size, Int32(sampling), quality, 0)
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
