import FrameCore
import PictureOps

extension CodeFixtures {
    /// A photo-like picture without a code: soft shapes, sharp ones, print-like texture and
    /// sensor noise, busy enough that the localiser finds places where a code may be.
    public static func busyPhoto(width: Int = 4000, height: Int = 3000, seed: UInt64 = 11) -> Frame {
        var picture = Frame.plasma(width: width, height: height, seed: seed &+ 4)
        var random = SplitMix(seed: seed)
        func anywhere() -> (Double, Double) {
            (Double(random.next() % UInt64(width)), Double(random.next() % UInt64(height)))
        }
        let scale = max(1, width * height / 400_000)  // as many things per megapixel at any size
        for _ in 0..<(25 * scale) {
            let side = 20 + Int(random.next() % 160)
            let patch = Frame.filled(width: side, height: side / 2 + 4, value: UInt8(random.next() % 256))
            let (x, y) = anywhere()
            picture = picture.drawing(patch, centreX: x, centreY: y, degrees: Double(random.next() % 90))
        }
        for _ in 0..<(3 * scale) {
            let columns = 20 + Int(random.next() % 60)
            let rows = 4 + Int(random.next() % 20)
            let texture = ModuleGrid(
                columns: columns, rows: rows, dark: (0..<(columns * rows)).map { _ in random.next() % 2 == 0 })
            let (x, y) = anywhere()
            picture = picture.drawingModules(
                texture,
                at: ModulePlacement(
                    centreX: x, centreY: y,
                    moduleSize: 2 + Double(random.next() % 3), quietZone: 0))
        }
        return picture.withNoise(amplitude: 5, seed: seed &+ 3)
    }
}
