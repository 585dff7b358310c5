import CPNG
import CTIFF
import CTurboJPEG
import FrameCore
import PictureFiles

// Pictures written for tests and the benchmark, in every format qrtui reads. They live here,
// not beside the decoders, so that qrtui itself carries no encoder.

extension PNGCodec {
    /// A frame as an 8-bit grey PNG (`colour`: RGB, the grey in each channel).
    public static func encode(_ frame: Frame, colour: Bool = false) -> [UInt8] {
        write(
            colour ? GreyChannels.channels(frame, 3) : frame.packed.luma, width: frame.width, height: frame.height,
            format: colour ? png_uint_32(PNG_FORMAT_FLAG_COLOR) : png_uint_32(PNG_FORMAT_GRAY))
    }

    /// A frame as an RGBA PNG: `grey` as the colour, `alpha` (per pixel) as its coverage.
    public static func encode(_ grey: Frame, alpha: [UInt8]) -> [UInt8] {
        precondition(alpha.count == grey.width * grey.height)
        var rgba = GreyChannels.channels(grey, 4, alpha: 0)
        for i in alpha.indices { rgba[4 * i + 3] = alpha[i] }
        return write(
            rgba, width: grey.width, height: grey.height,
            format: png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA))
    }

    private static func write(_ pixels: [UInt8], width: Int, height: Int, format: png_uint_32) -> [UInt8] {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = format
        var size = 0
        pixels.withUnsafeBytes { _ = png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, 0, nil) }
        var out = [UInt8](repeating: 0, count: size)
        let ok = out.withUnsafeMutableBytes { dst in
            pixels.withUnsafeBytes { src in
                png_image_write_to_memory(&image, dst.baseAddress, &size, 0, src.baseAddress, 0, nil)
            }
        }
        precondition(ok != 0, "PNG encoding failed: \(message(of: &image))")
        return Array(out.prefix(size))
    }
}

extension JPEGCodec {
    /// A frame as a YCCK (CMYK) JPEG, as print software saves them: no colour ink, the greys
    /// in black ink (inverted, as Adobe stores it).
    public static func encodeCMYK(_ frame: Frame, quality: Int32 = 90, progressive: Bool = false) -> [UInt8] {
        let luma = frame.packed.luma
        var pixels = [UInt8](repeating: 255, count: luma.count * 4)
        for i in luma.indices { pixels[4 * i + 3] = luma[i] }
        return compress(
            pixels, frame, channels: 4, format: Int32(TJPF_CMYK.rawValue), sampling: Int32(TJSAMP_444.rawValue),
            quality: quality, progressive: progressive)
    }

    /// A frame as a greyscale JPEG of the given quality (1...100); `colour`: as a camera's
    /// MJPEG frames come, three components with 4:2:2 chroma (grey all the same);
    /// `progressive`: in successive scans, as the web saves large photos.
    public static func encode(_ frame: Frame, quality: Int32 = 90, colour: Bool = false, progressive: Bool = false)
        -> [UInt8]
    {
        compress(
            colour ? GreyChannels.channels(frame, 3) : frame.packed.luma, frame, channels: colour ? 3 : 1,
            format: Int32(colour ? TJPF_RGB.rawValue : TJPF_GRAY.rawValue),
            sampling: Int32(colour ? TJSAMP_422.rawValue : TJSAMP_GRAY.rawValue), quality: quality,
            progressive: progressive)
    }

    private static func compress(
        _ pixels: [UInt8], _ frame: Frame, channels: Int, format: Int32, sampling: Int32,
        quality: Int32, progressive: Bool
    ) -> [UInt8] {
        guard let handle = tjInitCompress() else { fatalError("cannot start the JPEG encoder") }
        defer { tjDestroy(handle) }
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let status = pixels.withUnsafeBufferPointer {
            tjCompress2(
                handle, $0.baseAddress, Int32(frame.width), Int32(frame.width * channels), Int32(frame.height),
                format, &buffer, &size, sampling, quality, progressive ? TJFLAG_PROGRESSIVE : 0)
        }
        defer { tjFree(buffer) }
        precondition(status == 0 && buffer != nil, "JPEG encoding failed: \(errorText(handle))")
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }
}

extension PictureFiles.TIFFCodec {  // libtiff has a C type of that name
    /// Writes a frame as an 8-bit grey (or `colour`: RGB) LZW TIFF at `path`, in strips of 16
    /// rows (`oneStrip`: deflate, one strip of every row).
    public static func write(_ frame: Frame, to path: String, colour: Bool = false, oneStrip: Bool = false) -> Bool {
        let pixels = colour ? GreyChannels.channels(frame, 3) : frame.packed.luma
        return pixels.withUnsafeBufferPointer {
            qrtui_tiff_write_picture(
                path, $0.baseAddress, UInt32(frame.width), UInt32(frame.height), colour ? 3 : 1, oneStrip ? 1 : 0) != 0
        }
    }
}
