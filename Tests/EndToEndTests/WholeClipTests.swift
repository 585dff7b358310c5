import CodeFixtures
import Foundation
import Testing

/// A recording read headless has no frame deadline: every code any frame holds is read, each
/// once, in every run, from a file and from a pipe alike.
@Suite struct WholeClipTests {
    let directory = TemporaryDirectory("whole-clip")

    /// The announcements of reading `path` as a file, or through a pipe (a FIFO that `cat`
    /// fills while qrtui reads it, as `ffmpeg ... | qrtui -i -` would).
    func announcements(_ path: String, piped: Bool) throws -> [(text: String, frame: Int)] {
        let json = ["--no-preview", "--format", "json"]
        guard piped else {
            let run = try QRTUIProcess.run(["-i", path] + json, deadline: 180)
            #expect(run.status == 0 && !run.timedOut, "\(run.stderr)")
            return SwapTests.announcements(run)
        }
        let fifo = directory.path + "/pipe-\(UUID().uuidString)"
        #expect(mkfifo(fifo, 0o600) == 0)
        let run = try QRTUIProcess.run(
            ["-i", "-"] + json, deadline: 180, shell: "{ cat '\(path)' > '\(fifo)' & }", redirections: "< '\(fifo)'")
        #expect(run.status == 0 && !run.timedOut, "\(run.stderr)")
        return SwapTests.announcements(run)
    }

    @Test func everyCodeOfAClipIsReadFromAFileAndFromAPipe() throws {
        let path = directory.write("labels.y4m", Y4MEncoder.encode(LabelsClip.frames()))
        for piped in [false, true, false, true] {
            let said = try announcements(path, piped: piped)
            #expect(said.map(\.text).sorted() == LabelsClip.payloads.sorted(), "piped \(piped): \(said)")
            // Each in the scene that shows it.
            for (index, payload) in LabelsClip.payloads.enumerated() {
                let scene = min(index, 3)
                let frame = said.first { $0.text == payload }?.frame ?? -1
                #expect(
                    frame / LabelsClip.framesPerScene == scene, "piped \(piped): \(payload) at frame \(frame)")
            }
        }
    }
}
