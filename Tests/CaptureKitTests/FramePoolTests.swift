import CaptureKit
import Foundation
import FrameCore
import Testing

/// The camera's frame planes: allocated with the first frame, reused once a frame is gone.
@Suite struct FramePoolTests {
    func address(_ frame: Frame) -> UnsafeRawPointer? {
        frame.luma.withUnsafeBytes { $0.baseAddress }
    }

    func filled(_ pool: FramePool, _ value: UInt8, sequence: Int = 0, width: Int = 4, height: Int = 3) -> Frame? {
        pool.frame(width: width, height: height, sequence: sequence, timestamp: 1) { plane in
            plane.update(repeating: value)
            return true
        }
    }

    @Test func aPlaneComesBackWhenItsFrameIsGoneAndIsFilledInPlace() throws {
        let pool = FramePool(capacity: 2)
        var first = try #require(filled(pool, 7))
        let plane = address(first)
        #expect(first.luma == [UInt8](repeating: 7, count: 12))
        #expect(pool.inFlight == 1 && pool.idle == 1)
        first = try #require(filled(pool, 9))  // the second plane; the first comes back here
        #expect(address(first) != plane)
        #expect(pool.inFlight == 1 && pool.idle == 1)
        let third = try #require(filled(pool, 3, sequence: 2))
        #expect(address(third) == plane)  // the same memory again, rewritten
        #expect(third.luma == [UInt8](repeating: 3, count: 12) && third.sequence == 2)
        #expect(first.luma == [UInt8](repeating: 9, count: 12))  // a frame still held is untouched
        #expect(pool.allocatedApart == 0)
    }

    @Test func everyCopyOfAFrameKeepsItsPlaneOut() throws {
        let pool = FramePool(capacity: 1)
        var frame = filled(pool, 5)
        #expect(frame?.luma.first == 5)
        var renumbered: Frame? = frame?.renumbered(sequence: 8, timestamp: 2)
        var packed: Frame? = frame?.packed
        frame = nil
        #expect(pool.inFlight == 1)
        packed = nil
        #expect(pool.inFlight == 1 && renumbered?.luma.first == 5)
        renumbered = nil
        #expect(pool.inFlight == 0 && pool.idle == 1)
        #expect(packed == nil && frame == nil)
    }

    @Test func withEveryPlaneOutAFrameIsAllocatedApartAndNotKept() throws {
        let pool = FramePool(capacity: 2)
        let held = try (0..<2).map { try #require(filled(pool, UInt8($0))) }
        var extra = filled(pool, 4)
        #expect(pool.allocatedApart == 1)
        #expect(Set(held.map(address)).contains(extra.flatMap(address)) == false)
        #expect(extra?.luma == [UInt8](repeating: 4, count: 12))
        extra = nil
        #expect(pool.inFlight == 2 && pool.idle == 0)  // the apart plane was freed, not pooled
        #expect(held.map { $0.luma[0] } == [0, 1])
    }

    @Test func aFrameThatCannotBeFilledGivesItsPlaneBack() throws {
        let pool = FramePool(capacity: 2)
        let refused = pool.frame(width: 4, height: 3, sequence: 0, timestamp: 0) { _ in false }
        #expect(refused == nil)
        #expect(pool.inFlight == 0 && pool.idle == 2)
    }

    @Test func aNewPictureSizeReplacesThePlanes() throws {
        let pool = FramePool(capacity: 2)
        var small = filled(pool, 1)
        #expect(small?.luma.count == 12)
        let large = try #require(filled(pool, 2, width: 8, height: 6))
        #expect(large.luma.count == 48 && pool.inFlight == 1 && pool.idle == 1)
        small = nil  // lent before the change: freed, not taken back
        #expect(pool.inFlight == 1 && pool.idle == 1 && small == nil)
    }

    @Test func framesGivenBackFromOtherThreadsAreAllAccountedFor() async throws {
        let pool = FramePool(capacity: 4)
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for n in 0..<200 {
                        let frame = pool.frame(width: 16, height: 16, sequence: n, timestamp: 0) { plane in
                            plane.update(repeating: UInt8(worker))
                            return true
                        }
                        #expect(frame?.luma.allSatisfy { $0 == UInt8(worker) } == true)
                    }
                }
            }
        }
        #expect(pool.inFlight == 0)
        #expect(pool.idle == 4)
    }
}
