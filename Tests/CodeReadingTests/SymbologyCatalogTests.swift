import Testing

@testable import CodeReading

/// One descriptor per symbology, complete, and every set the reading uses derived from them.
@Suite struct SymbologyCatalogTests {
    @Test func everySymbologyHasOneCompleteDescriptor() {
        let descriptors = SymbologyCatalog.standard.descriptors
        #expect(descriptors.count == Symbology.allCases.count)
        #expect(Set(descriptors.map(\.id)) == Set(Symbology.allCases.map(\.rawValue)))
        let names = descriptors.flatMap(\.names)
        #expect(Set(names).count == names.count, "a name given twice")
        for descriptor in descriptors {
            #expect(!descriptor.names.isEmpty && !descriptor.displayName.isEmpty, "\(descriptor.id)")
            #expect(descriptor.names.allSatisfy { $0 == $0.lowercased() && !$0.isEmpty })
            #expect(descriptor.needsAlso.map { id in descriptors.contains { $0.id == id } } ?? true)
        }
        // zbar's own names where zbar reads it, as zbarimg prints them.
        for symbology in Symbology.allCases where symbology.engine == .zbar {
            #expect(symbology.displayName == symbology.zbarName, "\(symbology)")
        }
    }

    /// The sets are those the reading was written with (a refactoring that changes none).
    @Test func theDerivedSetsAreTheKnownFamilies() {
        #expect(Symbology.productCodes == [.ean13, .upca, .upce, .ean8, .isbn10, .isbn13, .ean2, .ean5])
        #expect(Symbology.productNumbers == [.ean13, .upca, .ean8, .upce, .isbn13, .isbn10])
        #expect(Symbology.readInHalves == [.ean13, .upca, .ean8, .isbn10, .isbn13])
        #expect(Symbology.secondLook == [.qr, .ean13, .upca, .ean8, .upce, .code128, .code39, .i25])
        #expect(Symbology.barsAcrossIsALook == [.ean13, .upca, .ean8, .upce, .code128, .code39])
        #expect(Symbology.readInWindows == [.aztec, .dataMatrix])
        #expect(
            Set(Symbology.allCases.filter(\.isTwoDimensional))
                == [.qr, .sq, .pdf417, .dataMatrix, .aztec, .microQR, .maxiCode])
        #expect(
            Set(Symbology.allCases.filter { $0.engine == .zxing }) == [
                .pdf417, .dataMatrix, .aztec, .microQR, .maxiCode,
            ])
        #expect(Set(Symbology.allCases.filter { $0.isTwoDimensional && !$0.oneReadIsProof }) == [.pdf417])
    }

    /// A symbology added as one descriptor is in every set its descriptor puts it in.
    @Test func aMadeUpSymbologyIsPickedUpByEveryDerivedSet() {
        var madeUp = SymbologyDescriptor(
            id: 999, names: ["madeup"], displayName: "Made-Up", engine: .zxing, family: .linear, oneReadIsProof: false)
        madeUp.productFamily = true
        madeUp.readInHalves = true
        madeUp.secondLook = true
        madeUp.barsAcrossIsALook = true
        madeUp.readInWindows = true
        let catalog = SymbologyCatalog(SymbologyCatalog.standard.descriptors + [madeUp])
        let derived = [
            catalog.productFamily, catalog.productNumbers, catalog.readInHalves, catalog.secondLook,
            catalog.barsAcrossIsALook, catalog.readInWindows, catalog.readByZxing,
        ]
        #expect(derived.allSatisfy { $0.contains(999) })
        #expect(!catalog.matrix.contains(999))
        let matrix = SymbologyDescriptor(
            id: 998, names: ["madeup2"], displayName: "Made-Up 2", engine: .zbar, family: .matrix, oneReadIsProof: true)
        let withMatrix = SymbologyCatalog(SymbologyCatalog.standard.descriptors + [matrix])
        #expect(withMatrix.matrix.contains(998) && !withMatrix.readByZxing.contains(998))
    }
}
