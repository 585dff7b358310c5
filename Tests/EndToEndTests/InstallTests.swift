import CaptureKit
import CodeFixtures
import Foundation
import FrameCore
import SystemCalls
import Testing

/// `make install` as a packager runs it: everything under DESTDIR, a man page that renders,
/// completion scripts every shell accepts and that offer every option; `make uninstall`
/// leaves nothing behind.
@Suite struct InstallTests {
    let directory = TemporaryDirectory("install")

    /// The package's root: the products live in .build/<triple>/debug.
    var root: String {
        URL(fileURLWithPath: QRTUIProcess.productsDirectory).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    func shell(_ command: String) throws -> (status: Int32, output: String) {
        let out = directory.path + "/out"
        let pid = try ChildProcess.spawn("/bin/sh", ["-c", command + " >\(out) 2>&1"])
        let status = ChildProcess.wait(pid, until: MonotonicClock.now() + 60).shellStatus
        return (status, (try? String(contentsOfFile: out, encoding: .utf8)) ?? "")
    }

    /// The code makers of the tests and the demo's old source stay out of what is installed.
    @Test func theProgramLinksNoTestLibraries() throws {
        let linked = try shell("ldd '\(QRTUIProcess.executable)'")
        #expect(linked.status == 0 && linked.output.contains("libzbar"), "\(linked.output)")
        #expect(!linked.output.contains("libzint") && !linked.output.contains("libqrencode"), "\(linked.output)")
    }

    @Test func installPutsEverythingUnderDestdirAndUninstallRemovesIt() throws {
        let destdir = directory.path + "/root"
        let make = "make -s -C '\(root)' DESTDIR='\(destdir)' BUILD_DIR='\(QRTUIProcess.productsDirectory)' PREFIX=/usr"
        let install = try shell("\(make) install")
        #expect(install.status == 0, "\(install.output)")
        let files = [
            "bin/qrtui", "share/man/man1/qrtui.1", "share/bash-completion/completions/qrtui",
            "share/zsh/site-functions/_qrtui", "share/fish/vendor_completions.d/qrtui.fish",
        ]
        .map { destdir + "/usr/" + $0 }
        for file in files { #expect(FileManager.default.fileExists(atPath: file), "missing \(file)") }

        let man = try shell("MANWIDTH=80 man -l '\(files[1])'")
        #expect(man.status == 0)
        #expect(
            man.output.contains("qrtui - a live QR and barcode scanner") && man.output.contains("--completions SHELL"))
        #expect(man.output.contains("EXIT STATUS"))
        for (shell, file) in [("bash", files[2]), ("zsh", files[3]), ("fish", files[4])] {
            let check = try self.shell("\(shell) -n '\(file)'")
            #expect(check.status == 0, "\(shell): \(check.output)")
            let script = try String(contentsOfFile: file, encoding: .utf8)
            for name in ["--device", "--symbologies", "--null", "--xml", "--glyphs", "--oneshot"] {
                let long = String(name.dropFirst(2))
                #expect(script.contains(name) || script.contains(" -l \(long)"), "\(shell) lacks \(name)")
            }
        }
        // bash offers the glyph sets after --glyphs, as the parser takes them.
        let offered = try shell(
            "bash -c 'source \"\(files[2])\"; COMP_WORDS=(qrtui --glyphs b); COMP_CWORD=2; _qrtui; "
                + "echo \"${COMPREPLY[*]}\"'")
        #expect(offered.output == "blocks braille\n")
        // ...and the symbologies after each comma of -S, keeping those already chosen.
        let afterComma = try shell(
            "bash -c 'source \"\(files[2])\"; COMP_WORDS=(qrtui -S qr,datab); COMP_CWORD=2; _qrtui; "
                + "echo \"${COMPREPLY[*]}\"'")
        #expect(afterComma.output == "qr,databar qr,databarexp\n")
        let first = try shell(
            "bash -c 'source \"\(files[2])\"; COMP_WORDS=(qrtui -S ean1); COMP_CWORD=2; _qrtui; "
                + "echo \"${COMPREPLY[*]}\"'")
        #expect(first.output == "ean13\n")
        // zsh offers the video devices there now after --device (its action run with compadd stubbed).
        let zshScript = try String(contentsOfFile: files[3], encoding: .utf8)
        let deviceLine = try #require(zshScript.split(separator: "\n").first { $0.contains("--device") })
        let action = try #require(deviceLine.components(separatedBy: ":{").last?.components(separatedBy: "}'").first)
        let listed = try shell(
            "zsh -c 'compadd() { [[ $1 == - ]] && shift; (( $# )) && print -rl -- \"$@\"; true }; \(action)'")
        let devices = try shell("ls -d /dev/video* 2>/dev/null || true")
        #expect(listed.status == 0 && listed.output == devices.output)

        let uninstall = try shell("\(make) uninstall")
        #expect(uninstall.status == 0)
        for file in files { #expect(!FileManager.default.fileExists(atPath: file), "left \(file)") }
    }

    @Test func installWithoutABuildSaysSo() throws {
        let run = try shell(
            "make -s -C '\(root)' install DESTDIR='\(directory.path)/x' BUILD_DIR='\(directory.path)/nothing'")
        #expect(run.status != 0)
        #expect(run.output.contains("run make build first"))
    }
}
