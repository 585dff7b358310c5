import CaptureKit
import Overlay
import ScanOptions

/// `qrtui --list-devices`: every video device with its name, driver, formats, sizes, rates.
enum DeviceList {
    static func run(paths: [String], request: @Sendable (String) -> CameraRequest, to output: StandardOutput)
        -> ExitStatus
    {
        guard !paths.isEmpty else {
            Console.message("no video devices found (/dev/video*)")
            return .failure
        }
        var captures = 0
        for path in paths {
            do {
                let description = try CameraCatalog.describe(path, request: request(path))
                for line in lines(for: description) { output.print(TerminalText(escaping: line)) }
                if description.isCapture { captures += 1 }
            } catch {
                output.print("\(path): \(error.description)")
            }
        }
        return captures > 0 ? .read : .failure
    }

    static func lines(for camera: CameraDescription) -> [String] {
        let heading = "\(camera.path): \(camera.card) (\(camera.driver), \(camera.bus))"
        guard camera.isCapture else { return [heading + ": not a video capture device"] }
        let width = camera.formats.map { $0.name.count }.max() ?? 0
        return [heading]
            + camera.formats.map { format in
                let sizes = format.sizes.map { size in
                    let rates = size.rates.sorted(by: >).map { formatRate($0) }.joined(separator: "/")
                    return "\(size.width)x\(size.height)" + (rates.isEmpty ? "" : " @ \(rates) fps")
                }
                return "  \(format.code.padding(4))  \(format.name.padding(width))  \(sizes.joined(separator: ", "))"
            }
            + (camera.choice.map { ["  qrtui streams \($0)"] } ?? [])
            + (camera.controls.isEmpty
                ? ["  no controls"] : ["  controls:"] + camera.controls.map { "    " + $0.summary })
    }

    static func formatRate(_ rate: Double) -> String {
        rate == rate.rounded() ? String(Int(rate)) : String((rate * 100).rounded() / 100)
    }
}
