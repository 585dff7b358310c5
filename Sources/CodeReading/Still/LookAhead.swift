import FrameCore
import Glibc

/// A still's looks read two at a time. When the plain look has read nothing, the looks due are
/// shared between this thread and one of its own (with an engine and a prepared picture of its
/// own), each look to the thread that would be free first by their costs; each thread reads
/// its share in order, and the answers are taken in the scan's order. A look that was not
/// shared (a second look a weak read asked for) is read here.
final class LookAhead {
    private let crop: Frame
    private let origin: PixelPoint
    private let engine: any CodeEngine
    private let twin: (any CodeEngine)?
    private let limit: ReadingLimit?
    /// Here, the last turned crop (the fallback's looks in a row share one) and the crop's own
    /// enlargement are shared.
    private var turned: TurnedCrop?
    private let prepared: PreparedPicture
    private var other: (looks: [Look], answers: Answers)?
    /// Pixels of the largest crop whose turned copy looks in a row share: beyond, the copy is
    /// not kept beside each look's own view (3 bytes a pixel).
    static let sharedTurnAtMost = 1 << 20

    /// `engine` reads here, `twin` on the other thread (nil: every look is read here).
    init(
        _ crop: Frame, from origin: PixelPoint, engine: any CodeEngine, twin: (any CodeEngine)?, limit: ReadingLimit?
    ) {
        self.crop = crop
        self.origin = origin
        self.engine = engine
        self.twin = twin
        prepared = PreparedPicture(crop)
        self.limit = limit
    }

    /// What `look` finds, `upcoming` giving the looks due after it (asked for once, when they
    /// are shared).
    func findings(for look: Look, upcoming: () -> [Look]) -> PassFindings {
        if other == nil, let twin, look.pass != .plain || look.turn != nil { share([look] + upcoming(), with: twin) }
        if let other, let index = other.looks.firstIndex(of: look) { return other.answers.value(at: index) }
        return read(look)
    }

    private func read(_ look: Look) -> PassFindings {
        // A large crop's turned copy is made for each look (see `ScanPass.look(at:from:turn:)`).
        if crop.width * crop.height > Self.sharedTurnAtMost {
            return look.pass.look(at: crop, from: origin, turn: look.turn, with: engine, limit: limit)
        }
        if let turn = look.turn, turned?.degrees != turn { turned = TurnedCrop(crop, by: turn) }
        return look.pass.look(
            at: crop, from: origin, turned: look.turn == nil ? nil : turned, prepared: prepared, with: engine,
            limit: limit)
    }

    /// Gives the other thread, reading with `engine`, its share of `looks`.
    private func share(_ looks: [Look], with engine: any CodeEngine) {
        var here = 0.0
        var there = 0.0
        var theirs = [Look]()
        for look in looks {
            if there < here {
                theirs.append(look)
                there += look.pass.costFactor
            } else {
                here += look.pass.costFactor
            }
        }
        guard !theirs.isEmpty else { return }
        let (crop, origin, limit) = (self.crop, self.origin, self.limit)
        other = (
            theirs,
            Answers(count: theirs.count) { index in
                let look = theirs[index]
                return look.pass.look(at: crop, from: origin, turn: look.turn, with: engine, limit: limit)
            }
        )
    }
}

/// Answers worked out in order on a thread of their own, each waited for by itself; the
/// thread stops between two answers once nobody wants more (deinit). Where no thread could be
/// started, each answer is worked out here when it is asked for.
private final class Answers {
    private let shared: Shared
    private let work: (Int) -> PassFindings
    private var worker: Pending<Void>?

    init(count: Int, _ work: @escaping (Int) -> PassFindings) {
        let shared = Shared(count: count)
        self.shared = shared
        self.work = work
        worker = Pending {
            for index in 0..<count {
                guard shared.locked({ shared.wanted }) else { return }
                let value = work(index)
                shared.locked {
                    shared.values[index] = value
                    pthread_cond_broadcast(shared.changed)
                }
            }
        }
        if worker?.runsBeside == false { worker = nil }
    }

    /// The answer at `index`, once it is worked out.
    func value(at index: Int) -> PassFindings {
        guard worker != nil else { return work(index) }
        return shared.locked {
            while shared.values[index] == nil { pthread_cond_wait(shared.changed, shared.lock) }
            return shared.values[index]!
        }
    }

    deinit {
        shared.locked { shared.wanted = false }
        worker = nil  // joins the thread
    }

    /// What both threads touch, under its lock.
    private final class Shared {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        var values: [PassFindings?]
        var wanted = true

        init(count: Int) {
            values = Array(repeating: nil, count: count)
            pthread_mutex_init(lock, nil)
            pthread_cond_init(changed, nil)
        }

        func locked<T>(_ body: () -> T) -> T {
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            return body()
        }

        deinit {
            pthread_cond_destroy(changed)
            pthread_mutex_destroy(lock)
            changed.deallocate()
            lock.deallocate()
        }
    }
}
