import CZint
import FrameCore
import PictureOps

/// The two-dimensional codes beside QR that tests and benchmarks draw, through libzint.
public enum MatrixSymbology: String, CaseIterable, Sendable {
    case dataMatrix, aztec, pdf417

    var zintType: Int32 {
        switch self {
        case .dataMatrix: BARCODE_DATAMATRIX
        case .aztec: BARCODE_AZTEC
        case .pdf417: BARCODE_PDF417
        }
    }
}

/// A matrix code's modules, as libzint lays them out.
public enum MatrixCode {
    /// `data` encoded by libzint (nil when it cannot carry it); `gs1`: `data` in zint's
    /// bracketed form ("[01]09501101530003[17]261130").
    /// `part`: the symbol's place in a structured-append message (1-based, as zint counts);
    /// `size`: zint's size option (Data Matrix 24: 144x144 modules).
    public static func grid(
        _ symbology: MatrixSymbology, _ data: String, gs1: Bool = false, part: (index: Int, count: Int)? = nil,
        size: Int? = nil
    ) -> ModuleGrid? {
        guard let symbol = ZBarcode_Create() else { return nil }
        defer { ZBarcode_Delete(symbol) }
        symbol.pointee.symbology = symbology.zintType
        if let size { symbol.pointee.option_2 = Int32(size) }
        symbol.pointee.input_mode = gs1 ? GS1_MODE : UNICODE_MODE
        if let part {
            symbol.pointee.structapp.index = Int32(part.index)
            symbol.pointee.structapp.count = Int32(part.count)
        }
        let bytes = Array(data.utf8)
        guard ZBarcode_Encode(symbol, bytes, Int32(bytes.count)) < ZINT_ERROR else { return nil }
        let (columns, rows) = (Int(symbol.pointee.width), Int(symbol.pointee.rows))
        var dark = [Bool]()
        for row in 0..<rows {
            for column in 0..<columns { dark.append(qrtui_zint_module(symbol, Int32(row), Int32(column)) == 1) }
        }
        return ModuleGrid(columns: columns, rows: rows, dark: dark)
    }

    /// `grids` drawn side by side on a light picture, `moduleSize` pixels a module.
    public static func scene(side grids: [ModuleGrid], moduleSize: Double = 4) -> Frame {
        let widths = grids.map { (Double($0.columns) + 8) * moduleSize }
        let height = Int((Double(grids.map(\.rows).max() ?? 0) + 12) * moduleSize)
        var picture = Frame.filled(width: Int(widths.reduce(0, +)) + 40, height: height, value: 235)
        var left = 20.0
        for (grid, width) in zip(grids, widths) {
            picture = picture.drawingModules(
                grid,
                at: ModulePlacement(
                    centreX: left + width / 2, centreY: Double(height) / 2, moduleSize: moduleSize, quietZone: 2))
            left += width
        }
        return picture
    }

    /// `data` drawn in the middle of a light picture, `moduleSize` pixels a module (PDF417's
    /// rows three modules high, as printed); the picture grows to hold the code and its
    /// quiet zone when it is too small.
    public static func scene(
        _ symbology: MatrixSymbology, _ data: String, gs1: Bool = false, width: Int = 400, height: Int = 300,
        moduleSize: Double = 4, degrees: Double = 0
    ) -> Frame? {
        guard let grid = grid(symbology, data, gs1: gs1) else { return nil }
        let rowHeight = symbology == .pdf417 ? 3.0 : 1.0
        let width = max(width, Int((Double(grid.columns) + 10) * moduleSize))
        let height = max(height, Int((Double(grid.rows) * rowHeight + 10) * moduleSize))
        let place = ModulePlacement(
            centreX: Double(width) / 2, centreY: Double(height) / 2, moduleSize: moduleSize,
            rowHeight: rowHeight, degrees: degrees)
        return Frame.filled(width: width, height: height, value: 235).drawingModules(grid, at: place)
    }
}
