import Foundation
import FrameCore
import Glibc
import Synchronization
import SystemCalls
import Testing

/// Signals caught by `countInterruption`: a C handler cannot capture anything.
let interruptions = Atomic<Int>(0)

@Suite struct ErrnoTests {
    @Test func namesAndMessages() {
        #expect(Errno.noSuchFile.name == "ENOENT")
        #expect(Errno.noSuchFile.message == "No such file or directory")
        #expect(Errno(rawValue: EBUSY) == .busy)
        #expect(Errno(rawValue: 4242).name == "errno 4242")
        #expect(Errno.permissionDenied.description == "Permission denied (EACCES)")
    }

    @Test func failuresCarryTheirErrno() {
        #expect(throws: Errno.noSuchFile) { try Syscall.open("/no/such/file", O_RDONLY) }
        #expect(throws: Errno(rawValue: EBADF)) { try Syscall.writeAll(-1, [1]) }
    }
}

@Suite(.serialized) struct SyscallTests {
    /// The kernel's number of the call a thread is blocked in, from /proc (nil while running).
    func blockedCall(of thread: pid_t) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/task/\(thread)/syscall", encoding: .utf8),
            let first = text.split(separator: " ").first
        else { return nil }
        return Int(first)
    }

    func waitUntil(_ what: String, _ condition: () -> Bool) -> Bool {
        let deadline = MonotonicClock.now() + 10
        while !condition() {
            guard MonotonicClock.now() < deadline else {
                Issue.record("timed out waiting for \(what)")
                return false
            }
            usleep(1_000)
        }
        return true
    }

    @Test func aReadInterruptedByASignalIsRetried() throws {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in interruptions.add(1, ordering: .relaxed) }
        action.sa_flags = 0  // no SA_RESTART: the kernel returns EINTR
        var previous = sigaction()
        sigaction(SIGUSR1, &action, &previous)
        defer { sigaction(SIGUSR1, &previous, nil) }
        let ends = try Syscall.pipe()
        defer {
            Syscall.close(ends.read)
            Syscall.close(ends.write)
        }
        let reader = Mutexed<(thread: pid_t, pthread: pthread_t?, got: [UInt8]?)>((0, nil, nil))
        let thread = Thread {
            var only = sigset_t()  // the test runner's threads may have it blocked
            sigemptyset(&only)
            sigaddset(&only, SIGUSR1)
            pthread_sigmask(SIG_UNBLOCK, &only, nil)
            reader.update {
                $0.thread = Syscall.threadID
                $0.pthread = pthread_self()
            }
            var buffer = [UInt8](repeating: 0, count: 8)
            let n = buffer.withUnsafeMutableBytes { (try? Syscall.read(ends.read, into: $0)) ?? -1 }
            reader.update { $0.got = n >= 0 ? Array(buffer.prefix(n)) : nil }
        }
        thread.start()
        #if arch(arm64)
            let readNumber = 63  // the kernel's number for read(2)
        #else
            let readNumber = 0
        #endif
        guard
            waitUntil(
                "the reader to block in read",
                {
                    let t = reader.get().thread
                    return t != 0 && blockedCall(of: t) == readNumber
                })
        else { return }
        let before = interruptions.load(ordering: .relaxed)
        pthread_kill(try #require(reader.get().pthread), SIGUSR1)
        guard waitUntil("the signal", { interruptions.load(ordering: .relaxed) > before }) else { return }
        // Interrupted, and blocked in read again: retried, not failed.
        guard waitUntil("the read to be retried", { blockedCall(of: reader.get().thread) == readNumber }) else {
            return
        }
        #expect(reader.get().got == nil)
        try Syscall.writeAll(ends.write, [7, 8, 9])
        _ = waitUntil("the data") { reader.get().got != nil }
        #expect(reader.get().got == [7, 8, 9])
    }

    @Test func writeAllWritesMoreThanAPipeHolds() throws {
        let ends = try Syscall.pipe()
        defer { Syscall.close(ends.read) }
        let payload = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let received = Mutexed<[UInt8]>([])
        let thread = Thread {
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = chunk.withUnsafeMutableBytes { (try? Syscall.read(ends.read, into: $0)) ?? 0 }
                if n == 0 { break }
                received.update { $0 += chunk.prefix(n) }
            }
        }
        thread.start()
        try Syscall.writeAll(ends.write, payload)  // 64 KiB pipe: many short writes
        Syscall.close(ends.write)
        _ = waitUntil("everything to arrive") { received.get().count == payload.count }
        #expect(received.get() == payload)
    }

    @Test func pipesAreCloseOnExecAndPollSeesData() throws {
        let ends = try Syscall.pipe(nonBlocking: true)
        defer {
            Syscall.close(ends.read)
            Syscall.close(ends.write)
        }
        #expect(fcntl(ends.read, F_GETFD) & FD_CLOEXEC != 0)
        #expect(fcntl(ends.write, F_GETFL) & O_NONBLOCK != 0)
        var fds = [pollfd(fd: ends.read, events: Int16(POLLIN), revents: 0)]
        #expect(try Syscall.poll(&fds, milliseconds: 0) == 0)
        try Syscall.writeAll(ends.write, [1])
        #expect(try Syscall.poll(&fds, milliseconds: 1000) == 1)
    }
}

@Suite struct ChildProcessTests {
    @Test func exitStatusesAndSignals() throws {
        let exited = try ChildProcess.spawn("/bin/sh", ["-c", "exit 3"])
        #expect(ChildProcess.wait(exited) == .exited(3))
        let killed = try ChildProcess.spawn("/bin/sh", ["-c", "kill -TERM $$"])
        #expect(ChildProcess.wait(killed) == .signalled(SIGTERM))
        #expect(ChildProcess.Ending.signalled(SIGTERM).shellStatus == 143)
        let slow = try ChildProcess.spawn("/bin/sleep", ["30"])
        #expect(ChildProcess.wait(slow, until: MonotonicClock.now() + 0.2) == .killedAtDeadline)
        #expect(throws: Errno.noSuchFile) { try ChildProcess.spawn("/no/such/program", []) }
    }

    @Test func feedGivesTheChildItsInputAndEnvironment() throws {
        let directory = NSTemporaryDirectory() + "qrtui-feed-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pid = try ChildProcess.feed(
            "/bin/sh", ["-c", "cat > \"$OUT\""], input: Array("fed\u{0}bytes".utf8),
            environment: ["OUT": directory + "/out", "PATH": "/usr/bin:/bin"])
        #expect(ChildProcess.wait(pid, until: MonotonicClock.now() + 20) == .exited(0))
        #expect(FileManager.default.contents(atPath: directory + "/out") == Data("fed\u{0}bytes".utf8))
    }

    /// A descriptor this process holds without close-on-exec (a file another thread is writing,
    /// say) does not go to the child: only 0, 1 and 2 do.
    @Test func theChildGetsOnlyItsThreeDescriptors() throws {
        let directory = NSTemporaryDirectory() + "qrtui-fds-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Far above what the child opens itself (ls's own directory is its 3).
        let opened = open(directory + "/being-written", O_WRONLY | O_CREAT, 0o700)
        let held = fcntl(opened, F_DUPFD, 200)
        close(opened)
        #expect(held >= 200)
        defer { close(held) }
        let pid = try ChildProcess.spawn(
            "/bin/sh", ["-c", "ls /proc/self/fd > \"$0\"", directory + "/fds"], stdout: .file(directory + "/out"))
        #expect(ChildProcess.wait(pid, until: MonotonicClock.now() + 20) == .exited(0))
        let listed = String(decoding: FileManager.default.contents(atPath: directory + "/fds") ?? Data(), as: UTF8.self)
            .split(separator: "\n").compactMap { Int32($0) }
        // 3 is ls's own, the directory it lists.
        #expect(Set(listed).isSuperset(of: [0, 1, 2]) && Set(listed).isSubset(of: [0, 1, 2, 3]), "\(listed)")
        #expect(!listed.contains(held))
    }

    @Test func signalsAreResetInTheChild() throws {
        // qrtui blocks SIGTERM for its loop; a child must still die of it.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &set, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let pid = try ChildProcess.spawn("/bin/sh", ["-c", "kill -TERM $$; exit 0"])
        #expect(ChildProcess.wait(pid, until: MonotonicClock.now() + 20) == .signalled(SIGTERM))
    }
}

/// A lock-protected value for test threads.
final class Mutexed<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func get() -> Value { lock.withLock { value } }
    func update(_ change: (inout Value) -> Void) { lock.withLock { change(&value) } }
}

@Suite struct MallocArenaTests {
    /// The cap is taken by glibc (mallopt answers 1); what it does to memory over a long run is
    /// measured by `qrtui-bench --soak`.
    @Test func glibcTakesTheArenaCap() {
        #expect(MallocTuning.limitArenas(to: 2))
    }

    /// glibc takes fixed mapping and trimming thresholds (mallopt answers 1 to each); what they
    /// do to memory over a long run is measured by `qrtui-bench --soak`.
    @Test func glibcTakesFixedThresholds() {
        #expect(MallocTuning.fixThresholds())
    }
}

@Suite struct FreedMemoryTests {
    /// The first call starts the clock; then memory goes back once every interval, not more often.
    @Test func freedMemoryGoesBackOnceAnInterval() {
        var freed = FreedMemory()
        let interval = FreedMemory.interval
        let times = [100, 100 + interval - 0.1, 100 + interval, 100 + 2 * interval - 0.1, 100 + 2 * interval]
        let given = times.map { freed.giveBackIfDue(now: $0) }
        #expect(given == [false, false, true, false, true])
    }

    /// A block freed inside an arena (a block after it still in use, so it cannot fall into the
    /// arena's top) stays resident until given back; then its pages are the system's again
    /// (`mincore`; a page another thread took meanwhile may come back, so half must be gone).
    @Test func aFreedBlocksPagesGoBackToTheSystem() throws {
        let size = 100 << 10
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let block = try #require(malloc(size))
        let pin = try #require(malloc(size))
        defer { free(pin) }
        memset(block, 0x5a, size)
        let first = (Int(bitPattern: block) + 2 * page) / page * page
        let pages = (Int(bitPattern: block) + size) / page - first / page - 1
        func resident() -> Int {
            var states = [UInt8](repeating: 0, count: pages)
            guard mincore(UnsafeMutableRawPointer(bitPattern: first), pages * page, &states) == 0 else { return 0 }
            return states.filter { $0 & 1 == 1 }.count
        }
        #expect(resident() == pages)
        free(block)
        FreedMemory.giveBack()
        #expect(resident() <= pages / 2)
    }
}
