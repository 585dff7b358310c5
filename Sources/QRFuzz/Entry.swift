import Foundation
import FuzzHarnesses

// libFuzzer's entry points when built for fuzzing (make fuzz: -DFUZZING, -sanitize=fuzzer);
// otherwise a replayer: `qrtui-fuzz HARNESS FILE...` runs each file through the harness.
// The harness is chosen by QRTUI_FUZZ_HARNESS.

nonisolated(unsafe) private var chosen: Harness?

private func harnessFromEnvironment() -> Harness {
    if let chosen { return chosen }
    guard let name = ProcessInfo.processInfo.environment["QRTUI_FUZZ_HARNESS"], let harness = Harness(rawValue: name)
    else {
        fatalError("set QRTUI_FUZZ_HARNESS to one of \(Harness.allCases.map(\.rawValue))")
    }
    chosen = harness
    return harness
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    harnessFromEnvironment().run(bytes)
    return 0
}

#if !FUZZING
    @main struct Replay {
        static func main() {
            let arguments = CommandLine.arguments.dropFirst()
            if arguments.first == "--write-seeds", let folder = arguments.dropFirst().first {
                writeSeeds(into: folder)
                return
            }
            guard let name = arguments.first, let harness = Harness(rawValue: name) else {
                print(
                    "usage: qrtui-fuzz HARNESS FILE...  (harnesses: \(Harness.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
                exit(2)
            }
            for path in arguments.dropFirst() {
                guard let data = FileManager.default.contents(atPath: path) else {
                    print("cannot read \(path)")
                    exit(1)
                }
                harness.run(Array(data))
                print("\(harness.rawValue) \(path): ok")
            }
        }

        static func writeSeeds(into folder: String) {
            for harness in Harness.allCases {
                let directory = folder + "/" + harness.rawValue
                try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                for seed in SeedCorpus.seeds(for: harness) {
                    _ = FileManager.default.createFile(atPath: directory + "/" + seed.name, contents: Data(seed.bytes))
                }
            }
        }
    }
#endif
