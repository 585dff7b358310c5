import CodeFixtures
import FrameCore
import PictureOps
import Testing

@testable import CodeReading

/// zxing-cpp beside zbar: the matrix codes zbar cannot read, read on stills by qrtui's passes.
@Suite struct ZxingEngineTests {
    static let kinds: [(MatrixSymbology, Symbology)] = [
        (.dataMatrix, .dataMatrix), (.aztec, .aztec), (.pdf417, .pdf417),
    ]

    func scene(_ kind: MatrixSymbology, _ data: String, gs1: Bool = false, moduleSize: Double = 4) throws -> Frame {
        try #require(MatrixCode.scene(kind, data, gs1: gs1, moduleSize: moduleSize))
    }

    @Test func dataMatrixAztecAndPDF417AreReadWithTheirCorners() throws {
        for (kind, symbology) in Self.kinds {
            let payload = "qrtui \(kind.rawValue) 42"
            let picture = try scene(kind, payload)
            let reading = CodeReader().read(picture)
            let code = try #require(reading.codes.first, "\(kind) not read")
            #expect(reading.codes.count == 1)
            #expect(code.symbology == symbology && code.text == payload)
            // Its four corners lie round the middle of the picture, where it was drawn.
            #expect(code.corners.count == 4)
            let box = try #require(code.corners.boundingRect)
            let (middleX, middleY) = (picture.width / 2, picture.height / 2)
            #expect(box.minX < middleX && box.maxX > middleX && box.minY < middleY && box.maxY > middleY, "\(kind)")
        }
    }

    @Test func aMirroredDataMatrixIsRead() throws {
        let upright = try scene(.dataMatrix, "mirror, mirror")
        var luma = upright.luma
        for y in 0..<upright.height {
            for x in 0..<upright.width {
                luma[y * upright.width + x] = upright.luma[y * upright.width + upright.width - 1 - x]
            }
        }
        let mirrored = Frame(width: upright.width, height: upright.height, luma: luma)
        #expect(CodeReader().read(mirrored).codes.map(\.text) == ["mirror, mirror"])
    }

    /// zxing-cpp 1.4 has no inverted reading of its own: qrtui's inverted pass gives it one.
    @Test func anInvertedAztecIsReadByTheInvertedPass() throws {
        let reading = CodeReader().read(try scene(.aztec, "light on dark").inverted())
        let code = try #require(reading.codes.first)
        #expect(code.text == "light on dark" && code.symbology == .aztec && code.pass == .inverted)
    }

    @Test func aGS1DataMatrixIsMarkedGS1() throws {
        let code = try #require(
            CodeReader().read(try scene(.dataMatrix, "[01]09501101530003[17]261130", gs1: true)).codes.first)
        #expect(code.gs1)
        #expect(code.text.hasPrefix("0109501101530003"))
    }

    /// zxing-cpp 1.4 reads the padding of an Aztec symbol of 996 NUL bytes as 31 bytes more
    /// (a binary shift in the padding bits): that read needs more bits than the symbol carried
    /// and is not announced. The same symbol holding 990 is read as it is.
    @Test func anAztecReadPastItsEndIsNotAnnounced() throws {
        let padded = try scene(.aztec, String(repeating: "\0", count: 996), moduleSize: 2)
        #expect(CodeReader().read(padded).codes.isEmpty)
        let codes = CodeReader().read(try scene(.aztec, String(repeating: "\0", count: 990), moduleSize: 2)).codes
        #expect(codes.map(\.bytes) == [[UInt8](repeating: 0, count: 990)])
    }

    @Test func theFewestBitsAnAztecSpendsFollowItsModes() {
        #expect(AztecCapacity.fewestHalfBits(Array("\r\n. ".utf8)) == 20)  // two of Punct's pairs
        #expect(AztecCapacity.fewestHalfBits(Array("0123".utf8)) == 32)  // Digit mode
        #expect(AztecCapacity.fewestHalfBits(Array("Az@~".utf8)) == 40)  // Upper, Lower, Mixed
        #expect(AztecCapacity.fewestHalfBits([0, 0x80, 0xFF, 0x0E]) == 64)  // binary shift
        #expect(AztecCapacity.fits([UInt8](repeating: 0, count: 1000), dataBits: 8000))
        #expect(!AztecCapacity.fits([UInt8](repeating: 0, count: 1001), dataBits: 8000))
        #expect(AztecCapacity.fits([UInt8](repeating: 0, count: 1001), dataBits: 0))
    }

    @Test func onlyTheTypesAskedForAreRead() throws {
        let picture = try scene(.dataMatrix, "not asked for")
        #expect(CodeReader(policy: ReadingPolicy(symbologies: [.qr, .ean13])).read(picture).codes.isEmpty)
        #expect(CodeReader(policy: ReadingPolicy(symbologies: [.dataMatrix])).read(picture).codes.count == 1)
        #expect(ZxingEngine(symbologies: [.qr]).isIdle)
        #expect(!ZxingEngine.version.isEmpty)
    }
}

/// zxing-cpp on the live path: the localiser's windows are read by both libraries.
@Suite struct LiveMatrixCodeTests {
    let stream = NoisyStream()
    let area = PixelRect(x: 112, y: 48, width: 416, height: 384)

    @Test(arguments: [(MatrixSymbology.dataMatrix, 3.0), (.aztec, 3.0), (.dataMatrix, 4.0), (.aztec, 4.0)])
    func aMatrixCodeAppearingIsAnnouncedWithinTwoFrames(kind: MatrixSymbology, moduleSize: Double) throws {
        let payload = "live \(kind.rawValue) \(Int(moduleSize))px"
        let grid = try #require(MatrixCode.grid(kind, payload))
        let frames = stream.frames(40, code: grid, appears: 30, moduleSize: moduleSize, quietZone: 2)
        let reader = CodeReader()
        var first: Int?
        for (index, frame) in frames.enumerated() {
            let reading = reader.read(frame, in: area, kind: .live, realTime: false)
            #expect(reading.codes.allSatisfy { $0.text == payload }, "frame \(index): \(reading.codes.map(\.text))")
            if first == nil, reading.codes.contains(where: { $0.text == payload }) { first = index }
        }
        #expect((first ?? 99) <= 31, "\(kind) at \(moduleSize) px: first read in frame \(first ?? -1)")
    }
}

/// Structured append for the symbols that carry their place in the message.
@Suite struct SequenceJoinerTests {
    func parts(_ kind: MatrixSymbology) throws -> [ModuleGrid] {
        try ["first half, ", "second half"].enumerated().map { index, text in
            try #require(MatrixCode.grid(kind, text, part: (index + 1, 2)))
        }
    }

    /// zxing-cpp 1.4 finds one Data Matrix a picture: qrtui covers each read and looks again.
    @Test(arguments: [MatrixSymbology.dataMatrix, .pdf417])
    func partsSideBySideAreOneMessage(kind: MatrixSymbology) throws {
        let reading = CodeReader().read(MatrixCode.scene(side: try parts(kind)))
        #expect(reading.codes.map(\.text) == ["first half, second half"], "\(kind)")
        #expect(reading.codes.first?.corners.isEmpty == true)
    }

    /// Parts of two messages with the same id and count (zint gives none): which part goes
    /// with which cannot be told, so nothing is joined and every part is shown as it is.
    @Test func partsOfTwoMessagesAtOneIndexAreNeverJoined() throws {
        func part(_ text: String, _ index: Int) throws -> ModuleGrid {
            try #require(MatrixCode.grid(.dataMatrix, text, part: (index, 2)))
        }
        let (a1, a2, b1, b2) = (
            try part("ALPHA-1|", 1), try part("ALPHA-2|", 2), try part("BRAVO-1|", 1), try part("BRAVO-2|", 2)
        )
        let three = CodeReader().read(MatrixCode.scene(side: [a1, b1, a2])).codes.map(\.text)
        #expect(Set(three) == ["ALPHA-1|", "BRAVO-1|", "ALPHA-2|"], "\(three)")
        let four = CodeReader().read(MatrixCode.scene(side: [a1, b1, a2, b2])).codes.map(\.text)
        #expect(Set(four) == ["ALPHA-1|", "BRAVO-1|", "ALPHA-2|", "BRAVO-2|"], "\(four)")
        // Seen apart, in a video: a second first part makes the message ambiguous for good.
        let reader = CodeReader()
        #expect(reader.read(MatrixCode.scene(side: [a1])).codes.map(\.text) == ["ALPHA-1|"])
        #expect(reader.read(MatrixCode.scene(side: [b1])).codes.map(\.text) == ["BRAVO-1|"])
        #expect(reader.read(MatrixCode.scene(side: [a2])).codes.map(\.text) == ["ALPHA-2|"])
    }

    /// QR parts carry the parity of the whole message: parts that claim one message's parity
    /// but whose bytes do not have it are two messages, never joined.
    @Test func qrPartsWhoseParityDoesNotHoldAreNeverJoined() throws {
        func picture(_ symbol: QRMatrix) -> Frame {
            Frame.filled(width: 300, height: 300, value: 230).drawing(
                symbol.render(moduleSize: 4), centreX: 150, centreY: 150)
        }
        let parity = Array("ALPHA-1|ALPHA-2|".utf8).reduce(0, ^)
        let alpha = QRMatrix.structured(parts: ["ALPHA-1|", "ALPHA-2|"], version: 2)
        let mixed = QRMatrix.structured(parts: ["ALPHA-1|", "BRAVO-2|"], version: 2, parity: parity)
        try #require(alpha.count == 2 && mixed.count == 2)
        let reader = CodeReader()
        #expect(reader.read(picture(mixed[0])).codes.map(\.text) == ["ALPHA-1|"])
        #expect(reader.read(picture(mixed[1])).codes.map(\.text) == ["BRAVO-2|"])
        let right = CodeReader()
        #expect(right.read(picture(alpha[0])).codes.map(\.text) == ["ALPHA-1|"])
        #expect(right.read(picture(alpha[1])).codes.map(\.text) == ["ALPHA-1|ALPHA-2|"])
    }

    /// A lone QR part is a code of its own, as a lone Data Matrix part is.
    @Test func aLoneQRPartIsACode() throws {
        let symbols = QRMatrix.structured(parts: ["first part, ", "second part"], version: 2)
        let picture = Frame.filled(width: 300, height: 300, value: 230)
            .drawing(try #require(symbols.first).render(moduleSize: 4), centreX: 150, centreY: 150)
        #expect(CodeReader().read(picture).codes.map(\.text) == ["first part, "])
    }

    /// Seen one at a time, in any order: a part alone is shown as it is, and the message
    /// comes with the last part, instead of it.
    @Test func partsSeenApartAreJoinedOnceAllAreIn() throws {
        let grids = try parts(.dataMatrix)
        let reader = CodeReader()
        #expect(reader.read(MatrixCode.scene(side: [grids[1]])).codes.map(\.text) == ["second half"])
        #expect(reader.read(MatrixCode.scene(side: [grids[0]])).codes.map(\.text) == ["first half, second half"])
    }
}

/// A matrix code filling its picture to the edges (no quiet zone) is read by the plain pass:
/// zxing-cpp is shown it with a little light round it.
@Suite struct EdgeToEdgeTests {
    @Test func aDataMatrixOf144ModulesWithoutAQuietZoneIsReadPlainly() throws {
        let letters: [Character] = (0..<1000).map { (index: Int) -> Character in
            Character(UnicodeScalar(UInt8(65 + index * 7 % 26)))
        }
        let data = String(letters)
        let grid = try #require(MatrixCode.grid(.dataMatrix, data, size: 24))
        #expect(grid.columns == 144 && grid.rows == 144)
        let side = 144 * 6
        let picture = Frame.filled(width: side, height: side, value: 235).drawingModules(
            grid,
            at: ModulePlacement(
                centreX: Double(side) / 2, centreY: Double(side) / 2, moduleSize: 6, quietZone: 0))
        let reading = CodeReader().read(picture)
        #expect(reading.codes.map(\.text) == [data])
        #expect(reading.pass == .plain)
        // Its corners are the picture's own, not the bordered picture's.
        let box = try #require(reading.codes.first?.corners.boundingRect)
        #expect(box.minX >= -1 && box.minY >= -1 && box.maxX <= side && box.maxY <= side)
    }

    @Test func aPictureWithoutDarkAtItsEdgeIsShownAsItIs() {
        let blank = Frame.filled(width: 40, height: 30, value: 200)
        #expect(ZxingEngine.edgeMargin(for: blank, formats: ZxingEngine.format(of: .dataMatrix)) == nil)
        var luma = blank.luma
        luma[0] = 10
        let touched = Frame(width: 40, height: 30, luma: luma)
        #expect(ZxingEngine.edgeMargin(for: touched, formats: ZxingEngine.format(of: .dataMatrix)) == 200)
        // 1D reads keep their pictures: zbar reads those first.
        #expect(ZxingEngine.edgeMargin(for: touched, formats: ZxingEngine.format(of: .code128)) == nil)
    }
}

/// The local binarisation keeps its window's sums a row at a time: the same black and white as
/// the mean of each pixel's window, computed the slow way.
@Suite struct LocalBinarisationTests {
    @Test(arguments: [(37, 23, 7, 5), (5, 60, 25, 3), (64, 1, 9, 0)])
    func itIsTheWindowsMean(width: Int, height: Int, window: Int, offset: Int) {
        var state: UInt32 = 12345
        let luma = (0..<width * height).map { _ in
            state = state &* 1_103_515_245 &+ 12345
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        let picture = Frame(width: width, height: height, luma: luma)
        let fast = picture.binarisedLocally(window: window, offset: offset)
        let half = window / 2
        var slow = [UInt8]()
        for y in 0..<height {
            for x in 0..<width {
                let (x0, x1) = (max(0, x - half), min(width, x + half + 1))
                let (y0, y1) = (max(0, y - half), min(height, y + half + 1))
                var total = 0
                for v in y0..<y1 { for u in x0..<x1 { total += Int(luma[v * width + u]) } }
                let mean = total / ((x1 - x0) * (y1 - y0))
                slow.append(Int(luma[y * width + x]) < mean - offset ? 0 : 255)
            }
        }
        #expect(fast.luma == slow)
    }
}
