// swift-tools-version:6.0
// SPDX-License-Identifier: Apache-2.0
import PackageDescription

// System libraries come from Debian packages (see Makefile: `make deps`).
func systemLibrary(_ name: String, _ pkgConfig: String, _ apt: String) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt([apt])])
}

// The C targets: no sanitizer runtime, undefined behaviour a trap (SIGILL) in every build.
let cUndefinedTraps = ["-fno-sanitize=all", "-fsanitize=undefined", "-fsanitize-trap=undefined"]

// Modules whose loops run per pixel or per frame: optimised in debug builds too (and so in the
// sanitizers' builds), or the test suite's debug binaries spend most of its run in them.
let optimisedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

// make test's sanitizer builds compile only the tests their sets run (scripts/sanitized):
// QRTUI_TESTS_LEFT_OUT names test targets, or TARGET/FILE.swift, to leave out of the build.
let testsLeftOut = Context.environment["QRTUI_TESTS_LEFT_OUT"]?.split(separator: " ").map(String.init) ?? []

func testTarget(_ name: String, _ dependencies: [Target.Dependency]) -> Target? {
    guard !testsLeftOut.contains(name) else { return nil }
    let files = testsLeftOut.filter { $0.hasPrefix(name + "/") }.map { String($0.dropFirst(name.count + 1)) }
    return .testTarget(name: name, dependencies: dependencies, exclude: files)
}

let testTargets = [
    testTarget("SystemCallsTests", ["SystemCalls", "FrameCore"]),
    testTarget("PictureOpsTests", ["PictureOps", "FrameCore", "CodeFixtures"]),
    // Reading is tested without the camera code: CaptureKit is not linked.
    testTarget("CodeReadingTests", ["CodeReading", "PictureOps", "FrameCore", "CodeFixtures", "SystemCalls"]),
    testTarget("PictureFilesTests", ["PictureFiles", "FrameCore", "SystemCalls", "CodeFixtures"]),
    testTarget("CaptureKitTests", ["CaptureKit", "PictureFiles", "FrameCore", "SystemCalls", "CodeFixtures"]),
    testTarget("OverlayTests", ["Overlay", "CodeFixtures", "FrameCore", "PictureOps"]),
    testTarget("CodeMeaningTests", ["CodeMeaning", "OneTimeCodes", "CodeFixtures"]),
    testTarget("CursesBackendTests", ["CursesBackend", "Overlay", "SystemCalls", "FrameCore", "CZlib"]),
    testTarget(
        "ScanTUITests",
        [
            "ScanTUI", "ScanOptions", "ScanPipeline", "CodeMeaning", "CaptureKit", "PictureFiles",
            "CodeReading", "FrameCore",
            "Overlay", "SystemCalls", "CodeFixtures", "OneTimeCodes",
        ]),
    testTarget("FuzzTests", ["FuzzHarnesses", "CaptureKit", "PictureFiles", "FrameCore", "CodeFixtures"]),
    testTarget(
        "EndToEndTests",
        [
            "CaptureKit", "PictureFiles", "FrameCore", "SystemCalls", "Overlay",
            "CodeFixtures", "PictureOps", "OneTimeCodes",
        ]),
].compactMap { $0 }

// Modules, one concern each (docs/architecture.md, "Modules"); scripts/check-modules enforces who imports what.
//   FrameCore      Frame, PixelRect, clocks, the source kinds: what every module shares
//   SystemCalls    errno as a value, system calls with EINTR retried once, child processes
//   PictureOps     pure pixel work: scaling, tone, binarising, finder patterns, homography
//   CodeReading    codes out: zbar (the only module that links it), passes, strategy, policy
//   PictureFiles   pictures to grey: every format's codec behind one protocol (the only image codecs)
//   CaptureKit     frames in: cameras (libv4l2), files and pipes, Y4M, the demo, the hand-over
//   Overlay        the screen as cells, keys and events as values; imports nothing
//   CodeMeaning    what a payload means (link, Wi-Fi, contact, product...); imports nothing
//   CursesBackend  the only code that touches ncurses
//   ScanOptions    the command line: option table, parser, help
//   FuzzHarnesses  one fuzz target per parser of outside input; QRFuzz runs them (make fuzz)
//   ScanTUI        the `qrtui` executable; QRBench the `qrtui-bench` one
let package = Package(
    name: "qrtui",
    products: [
        .executable(name: "qrtui", targets: ["ScanTUI"]),
        .executable(name: "qrtui-bench", targets: ["QRBench"]),
        .executable(name: "qrtui-fuzz", targets: ["QRFuzz"]),
        // The fake V4L2 camera for tests: LD_PRELOAD=libFakeV4L2.so (see its header).
        .library(name: "FakeV4L2", type: .dynamic, targets: ["FakeV4L2"]),
        // Faults for tests of fallbacks (signalfd failing): LD_PRELOAD=libTestFaults.so.
        .library(name: "TestFaults", type: .dynamic, targets: ["TestFaults"]),
        .executable(name: "fake-portal", targets: ["FakePortal"]),
    ],
    targets: [
        systemLibrary("CZbar", "zbar", "libzbar-dev"),
        systemLibrary("CV4L2", "libv4l2", "libv4l-dev"),
        // No pkgConfig: SwiftPM rejects the -D flags in ncursesw.pc; shim.h sets what is needed.
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncurses-dev"])]),
        systemLibrary("CQREncode", "libqrencode", "libqrencode-dev"),
        // libzint has no pkg-config file: its module map links it.
        .systemLibrary(name: "CZint", providers: [.apt(["libzint-dev"])]),
        systemLibrary("CPNG", "libpng", "libpng-dev"),
        systemLibrary("CTurboJPEG", "libturbojpeg", "libturbojpeg0-dev"),
        systemLibrary("CWebP", "libwebp", "libwebp-dev"),
        .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"])]),
        systemLibrary("CTIFF", "libtiff-4", "libtiff-dev"),
        // libcrypto is opened when a two-factor code is first made (shim.h), not linked.
        .systemLibrary(name: "CCrypto", providers: [.apt(["libssl-dev"])]),
        // The desktop's screenshot portal, over the session bus.
        systemLibrary("CDBus", "dbus-1", "libdbus-1-dev"),
        // zlib: the kitty graphics protocol's pictures go compressed.
        systemLibrary("CZlib", "zlib", "zlib1g-dev"),
        // signalfd, which Glibc's module does not export.
        .systemLibrary(name: "CSystem"),
        .target(name: "FrameCore", swiftSettings: optimisedInDebug),
        .target(name: "SystemCalls", dependencies: ["FrameCore", "CSystem"]),
        .target(
            name: "PictureOps",
            dependencies: ["FrameCore"],
            // Its pixel loops run per frame: optimised in debug builds too, or the test suite's
            // debug binary takes seconds (and under ThreadSanitizer half a minute) per picture.
            swiftSettings: optimisedInDebug
        ),
        // zxing-cpp 1.4 (Debian 12) is C++ only: a thin C face over it (zxing_shim.h).
        .target(
            name: "CZXing",
            cxxSettings: [.define("ZX_USE_UTF8")],
            linkerSettings: [.linkedLibrary("ZXing")]
        ),
        // Reading runs per frame and per still: optimised in debug too, or the end-to-end tests'
        // debug binary spends most of the test run reading.
        .target(
            name: "CodeReading", dependencies: ["FrameCore", "PictureOps", "CZbar", "CZXing"],
            swiftSettings: optimisedInDebug),
        .target(
            name: "PictureFiles",
            dependencies: ["FrameCore", "SystemCalls", "CPNG", "CTurboJPEG", "CWebP", "CGif", "CTIFF"]),
        .target(
            name: "CaptureKit",
            dependencies: ["FrameCore", "PictureOps", "SystemCalls", "PictureFiles", "CV4L2", "CDBus"],
            swiftSettings: optimisedInDebug),
        // Its cell loops run per frame (a shape matched for every cell): optimised in debug too.
        .target(name: "Overlay", swiftSettings: optimisedInDebug),
        .target(name: "CodeMeaning"),
        // Two-factor codes: HMAC from OpenSSL's libcrypto.
        .target(name: "OneTimeCodes", dependencies: ["CCrypto"]),
        // Codes drawn from their contents, and pictures written in every format qrtui reads:
        // test fixtures and benchmark scenes (qrtui itself links none of it).
        .target(
            name: "CodeFixtures",
            dependencies: [
                "FrameCore", "PictureOps", "PictureFiles", "CQREncode", "CZint",
                "CPNG", "CTurboJPEG", "CWebP", "CGif", "CTIFF",
            ],
            // The tests draw thousands of scenes: optimised in debug too.
            swiftSettings: optimisedInDebug),
        .target(
            name: "FakeV4L2",
            // Never instrumented with a sanitizer's runtime: under --sanitize it is preloaded
            // into uninstrumented programs too (the sanitizer's own symbolizer). Undefined
            // behaviour traps instead, which needs no runtime.
            // Optimised in every build: it makes a camera's frames as the camera opens, and the
            // debug suite's runs under load lost seconds of their --timeout there.
            cSettings: [.unsafeFlags(cUndefinedTraps + ["-O2"])],
            linkerSettings: [
                .linkedLibrary("turbojpeg"), .linkedLibrary("dl"), .linkedLibrary("pthread"), .linkedLibrary("m"),
            ]
        ),
        // A screenshot portal of the tests' own, on a private session bus (see its source).
        .executableTarget(
            name: "FakePortal", dependencies: ["CDBus"], cSettings: [.unsafeFlags(cUndefinedTraps)]),
        .target(
            name: "TestFaults", cSettings: [.unsafeFlags(cUndefinedTraps)],
            linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CursesBackend", dependencies: ["FrameCore", "Overlay", "SystemCalls", "CNcursesw", "CZlib"]),
        // The command line as data: the option table, its parser and `--help` (a library, so
        // that the fuzz harnesses reach the parser).
        .target(name: "ScanOptions", dependencies: ["CaptureKit", "PictureFiles", "CodeReading", "Overlay"]),
        // One scan pipeline for the screen and headless: sources opened, frames read, codes
        // announced by one rule, as typed events (no view, no terminal).
        .target(
            name: "ScanPipeline",
            dependencies: ["FrameCore", "SystemCalls", "CodeReading", "CaptureKit", "PictureFiles", "ScanOptions"]),
        .executableTarget(
            name: "ScanTUI",
            dependencies: [
                "FrameCore", "SystemCalls", "PictureOps", "CodeReading", "CaptureKit", "PictureFiles", "Overlay",
                "CursesBackend", "ScanOptions", "ScanPipeline", "CodeMeaning", "OneTimeCodes",
            ],
            // The release build links Swift's libraries in, as the package's build does (make
            // build): the program the benchmarks start is the one that ships, which starts
            // sooner with fewer libraries to bind.
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]
        ),
        // Fuzzing (make fuzz): the harnesses, and libFuzzer's entry (or a replayer) around them.
        .target(
            name: "FuzzHarnesses",
            dependencies: [
                "CaptureKit", "PictureFiles", "CodeReading", "CodeMeaning", "FrameCore",
                "Overlay", "ScanOptions", "CodeFixtures",
            ]),
        .executableTarget(
            name: "QRFuzz", dependencies: ["FuzzHarnesses"],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        .executableTarget(
            name: "QRBench",
            dependencies: [
                "FrameCore", "PictureOps", "SystemCalls", "CodeReading", "CaptureKit", "PictureFiles", "Overlay",
                "ScanOptions", "ScanPipeline", "CursesBackend", "CodeFixtures",
            ]
        ),
    ]
        + testTargets,
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
