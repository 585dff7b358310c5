import CodeFixtures
import FrameCore
import Glibc
import Testing

@testable import CodeReading

/// A 1D code is outlined along its bars: never at the angle of the view that read it.
@Suite struct BarOutlineTests {
    /// The angle of each side of an outline (degrees, 0 to 180).
    func sideAngles(_ points: [PixelPoint]) -> [Double] {
        points.indices.map { i in
            let a = points[i]
            let b = points[(i + 1) % points.count]
            let angle = atan2(Double(b.y - a.y), Double(b.x - a.x)) * 180 / .pi
            return angle < 0 ? angle + 180 : angle
        }
    }

    @Test(arguments: [12.0, -15, 25])
    func anUprightCodeReadInATurnedViewIsOutlinedUpright(turn: Double) throws {
        let frame = EAN13.scene("400638133393", width: 640, height: 360)
        let found = ScanPass.plain.look(at: frame, from: PixelPoint(x: 0, y: 0), turn: turn, with: ZbarEngine())
        let code = try #require(found.codes.first)
        #expect(code.text == "4006381333931")
        // As read, the box is upright in the turned view: skewed in the picture.
        #expect(sideAngles(code.corners).contains { abs($0 - 90) > 5 && abs($0) > 5 && abs($0 - 180) > 5 })
        let outline = code.outline(in: frame)
        #expect(outline.count == 4)
        #expect(sideAngles(outline).allSatisfy { $0 == 0 || $0 == 90 || $0 == 180 }, "\(outline)")
        // It lies over the bars (95 modules of 3 px from x = 177) and the read's extent.
        let box = try #require(outline.boundingRect)
        #expect(box.minX >= 140 && box.maxX <= 500 && box.maxX - box.minX >= 150)
    }

    @Test func aTiltedCodeIsOutlinedAtItsTilt() throws {
        let frame = EAN13.scene("400638133393", width: 640, height: 480, degrees: 30)
        let found = ScanPass.plain.look(at: frame, from: PixelPoint(x: 0, y: 0), turn: 30, with: ZbarEngine())
        let code = try #require(found.codes.first)
        let angles = sideAngles(code.outline(in: frame))
        // Two sides along the bars' normal (30 or 150 degrees, as the picture turns) and two
        // across, within what the bars' gradients measure.
        #expect(angles.allSatisfy { a in [30.0, 60, 120, 150].contains { abs(a - $0) < 6 } }, "\(angles)")
    }

    @Test func twoDimensionalCodesKeepTheirCorners() throws {
        let frame = CodeFixtures.qrScene("corners stay", degrees: 20)
        let code = try #require(ZbarEngine().codes(in: frame).first)
        #expect(code.outline(in: frame) == code.corners)
    }
}
