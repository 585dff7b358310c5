import CodeFixtures
import FrameCore
import PictureOps
import Testing

@testable import CodeReading

/// zxing-cpp 1.4 finds an Aztec or a Data Matrix near the middle of a large picture only: a
/// code anywhere in it is read, and as many as the picture holds.
@Suite struct MatrixPlacesTests {
    /// `grid` drawn with its middle at (`x`, `y`) of a light 1000x1000 picture.
    func picture(_ grid: ModuleGrid, moduleSize: Double, x: Double, y: Double) -> Frame {
        Frame.filled(width: 1000, height: 1000, value: 235).drawingModules(
            grid, at: ModulePlacement(centreX: x, centreY: y, moduleSize: moduleSize, quietZone: 2))
    }

    @Test(arguments: [MatrixSymbology.aztec, .dataMatrix])
    func aMatrixCodeIsReadAtEachOfFortyNinePlaces(symbology: MatrixSymbology) throws {
        let text = "placed \(symbology.rawValue) code"
        let grid = try #require(MatrixCode.grid(symbology, text))
        let moduleSize = (symbology == .aztec ? 152.0 : 176.0) / Double(grid.columns)
        let reach = Double(grid.columns) * moduleSize / 2 + 10
        var missed = [String]()
        for row in 0..<7 {
            for column in 0..<7 {
                let x = reach + Double(column) * (1000 - 2 * reach) / 6
                let y = reach + Double(row) * (1000 - 2 * reach) / 6
                let codes = CodeReader().read(picture(grid, moduleSize: moduleSize, x: x, y: y)).codes
                if codes.map(\.text) != [text] { missed.append("\(Int(x)),\(Int(y)): \(codes.map(\.text))") }
            }
        }
        #expect(missed.isEmpty, "\(missed.count) of 49 missed: \(missed)")
    }

    /// A Data Matrix, an Aztec and a PDF417 code, each at 12 places (the corners and the middles
    /// of the edges with no quiet zone beyond the picture, the middle, and three near a corner)
    /// in pictures of 800x600, 1280x720, 1920x1080 and 4000x3000: read at every one.
    @Test(arguments: MatrixSymbology.allCases)
    func eachKindIsReadAtTwelvePlacesInEveryPictureSize(symbology: MatrixSymbology) throws {
        let text = "\(symbology.rawValue) at a place"
        let grid = try #require(MatrixCode.grid(symbology, text))
        let (moduleSize, rowHeight) = symbology == .pdf417 ? (3.0, 3.0) : (6.0, 1.0)
        let (width, height) = (Double(grid.columns) * moduleSize, Double(grid.rows) * moduleSize * rowHeight)
        var missed = [String]()
        for (pictureWidth, pictureHeight) in [(800, 600), (1280, 720), (1920, 1080), (4000, 3000)] {
            let (right, bottom) = (Double(pictureWidth) - width, Double(pictureHeight) - height)
            let corners: [(x: Double, y: Double)] = [0, right / 2, right].flatMap { x in
                [0, bottom / 2, bottom].map { (x: x, y: $0) }
            }
            let places = corners + [(x: 20, y: 20), (x: 100, y: 100), (x: right - 30, y: 30)]
            for (x, y) in places {
                let picture = Frame.filled(width: pictureWidth, height: pictureHeight, value: 235).drawingModules(
                    grid,
                    at: ModulePlacement(
                        centreX: x + width / 2, centreY: y + height / 2, moduleSize: moduleSize, rowHeight: rowHeight,
                        quietZone: 0))
                let codes = CodeReader().read(picture).codes
                if codes.map(\.text) != [text] {
                    missed.append("\(pictureWidth)x\(pictureHeight)+\(Int(x))+\(Int(y)): \(codes.map(\.text))")
                }
            }
        }
        #expect(missed.isEmpty, "\(missed.count) of 48 missed: \(missed)")
    }

    /// A sheet of 100 Data Matrix labels: each read once, where zxing-cpp alone reads a few
    /// near the middle (and at most 8 symbols a look).
    @Test func aHundredDataMatrixCodesAreAllRead() throws {
        var sheet = Frame.filled(width: 1300, height: 1300, value: 230)
        var texts = Set<String>()
        for index in 0..<100 {
            let text = "label \(index + 1)"
            texts.insert(text)
            let grid = try #require(MatrixCode.grid(.dataMatrix, text))
            sheet = sheet.drawingModules(
                grid,
                at: ModulePlacement(
                    centreX: 70 + Double(index % 10) * 129, centreY: 70 + Double(index / 10) * 129, moduleSize: 5,
                    quietZone: 2))
        }
        let codes = CodeReader().read(sheet.blurred(sigma: 0.8)).codes
        #expect(codes.count == 100 && Set(codes.map(\.text)) == texts, "\(codes.count) read")
    }
}
