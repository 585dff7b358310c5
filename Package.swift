// swift-tools-version:6.0
import PackageDescription

// System libraries come from Debian packages (see Makefile: `make deps`).
func systemLibrary(_ name: String, _ pkgConfig: String, _ apt: String) -> Target {
    .systemLibrary(name: name, pkgConfig: pkgConfig, providers: [.apt([apt])])
}

let package = Package(
    name: "qrtui",
    products: [
        .executable(name: "qrtui", targets: ["ScanTUI"]),
        .executable(name: "qrtui-bench", targets: ["QRBench"]),
        // The fake V4L2 camera for tests: LD_PRELOAD=libFakeV4L2.so (see its header).
        .library(name: "FakeV4L2", type: .dynamic, targets: ["FakeV4L2"]),
    ],
    targets: [
        systemLibrary("CZbar", "zbar", "libzbar-dev"),
        systemLibrary("CV4L2", "libv4l2", "libv4l-dev"),
        // No pkgConfig: SwiftPM rejects the -D flags in ncursesw.pc; shim.h sets what is needed.
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncurses-dev"])]),
        systemLibrary("CQREncode", "libqrencode", "libqrencode-dev"),
        systemLibrary("CPNG", "libpng", "libpng-dev"),
        systemLibrary("CTurboJPEG", "libturbojpeg", "libturbojpeg0-dev"),
        .target(
            name: "CaptureKit",
            dependencies: ["CZbar", "CV4L2", "CQREncode", "CPNG", "CTurboJPEG"],
            // Its pixel loops run per frame: optimised in debug builds too, or the test suite's
            // debug binary takes seconds (and under ThreadSanitizer half a minute) per picture.
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        .target(name: "Overlay"),
        // Generated codes for tests and the benchmark.
        .target(name: "CodeFixtures", dependencies: ["CaptureKit"]),
        .target(
            name: "FakeV4L2",
            // Never instrumented: under --sanitize it is preloaded into uninstrumented
            // programs too (the sanitizer's own symbolizer).
            cSettings: [.unsafeFlags(["-fno-sanitize=all"])],
            linkerSettings: [.linkedLibrary("turbojpeg"), .linkedLibrary("dl"), .linkedLibrary("pthread")]
        ),
        // signalfd, which Glibc's module does not export.
        .systemLibrary(name: "CSystem"),
        // The only code that touches ncurses.
        .target(name: "CursesBackend", dependencies: ["Overlay", "CNcursesw"]),
        .executableTarget(
            name: "ScanTUI",
            dependencies: ["CaptureKit", "Overlay", "CursesBackend", "CSystem"]
        ),
        .executableTarget(name: "QRBench", dependencies: ["CaptureKit", "Overlay", "CursesBackend", "CodeFixtures"]),
        .testTarget(name: "CaptureKitTests", dependencies: ["CaptureKit", "CodeFixtures"]),
        .testTarget(name: "OverlayTests", dependencies: ["Overlay"]),
        .testTarget(name: "ScanTUITests", dependencies: ["ScanTUI", "CaptureKit", "CodeFixtures"]),
        .testTarget(name: "EndToEndTests", dependencies: ["CaptureKit", "Overlay", "CodeFixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
