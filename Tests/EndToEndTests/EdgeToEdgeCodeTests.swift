import CodeFixtures
import FrameCore
import PictureFiles
import PictureOps
import Testing

/// What `zint -b 71 -d text` (or `-b 92`, `-b 58`) writes by default: the symbol alone, two
/// pixels a module, not a pixel of quiet zone round it. qrtui reads each of them as it is.
@Suite struct EdgeToEdgeCodeTests {
    let directory = TemporaryDirectory("edge-to-edge")

    /// `grid` at `moduleSize` pixels a module, black on white, the picture no larger than it.
    static func picture(of grid: ModuleGrid, moduleSize: Int = 2) -> Frame {
        let width = grid.columns * moduleSize
        var luma = [UInt8](repeating: 255, count: width * grid.rows * moduleSize)
        for row in 0..<grid.rows * moduleSize {
            for column in 0..<width where grid[column / moduleSize, row / moduleSize] { luma[row * width + column] = 0 }
        }
        return Frame(width: width, height: grid.rows * moduleSize, luma: luma)
    }

    @Test(arguments: ["dataMatrix", "aztec", "qr"])
    func aSymbolWithoutAQuietZoneIsRead(kind: String) throws {
        let text = "edge to edge \(kind)"
        let grid: ModuleGrid
        switch kind {
        case "dataMatrix": grid = try #require(MatrixCode.grid(.dataMatrix, text))
        case "aztec": grid = try #require(MatrixCode.grid(.aztec, text))
        default:
            let matrix = try #require(QRMatrix(text: text))
            grid = ModuleGrid(columns: matrix.size, rows: matrix.size, dark: matrix.modules)
        }
        let path = directory.write("\(kind).png", PNGCodec.encode(Self.picture(of: grid)))
        let run = try QRTUIProcess.run(["--no-preview", path])
        #expect(run.status == 0 && run.stdoutText == text + "\n", "\(run.stderr)")
    }
}
