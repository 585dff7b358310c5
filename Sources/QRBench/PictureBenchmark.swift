import FrameCore

/// `--pictures SECONDS`: the camera as a picture in the terminal's pixels (`--preview picture`),
/// on a 160x48 pseudoterminal of 10x20 px cells that answers as a terminal of pixels does
/// (`TerminalAnswers`: sixel, then kitty) and reads everything at once (a terminal that keeps
/// up). The fake camera at 1280x720 MJPEG, 30 fps, fresh noise of σ 6: qrtui's CPU, the
/// pictures and bytes the terminal received a second, and how long after the camera's dequeue
/// a picture arrived.
struct PictureBenchmark {
    let seconds: Double

    var heading: String {
        "\nThe camera as a picture in the terminal's pixels (--preview picture) on the fake camera (1280x720 MJPEG "
            + "at 30 fps, fresh noise of σ 6), a 160x48 pseudoterminal of 10x20 px cells answering as a terminal of "
            + "pixels, over \(Int(seconds)) s after \(Int(CostBenchmark.warmUp)) s:\n\n"
    }

    func run(progress: (String) -> Void) -> String {
        var rows = [["protocol", "scene", "% of a core", "pictures/s", "kB/s", "target"]]
        let cost = CostBenchmark(seconds: seconds)  // its folder holds the scenes' files
        let scenes = cost.makeScenarios().filter { $0.camera == "MJPEG" && $0.sigma == 6 && $0.screen }
        defer { withExtendedLifetime(cost) {} }
        let protocols = [
            ("sixel", TerminalAnswers.sixel), ("kitty", TerminalAnswers.kitty),
            ("kitty, shared memory", TerminalAnswers.kittyLocal),
        ]
        for (name, answer) in protocols {
            for scene in scenes {
                let figures = ProgramRun(
                    arguments: Array(LiveProcess.qrtui.dropFirst()) + ["--preview", "picture"],
                    environment: scene.environment, screen: true, warmUp: CostBenchmark.warmUp, seconds: seconds,
                    answer: answer
                ).onCamera()
                let target =
                    scene.name.hasPrefix("still") ? "<= 25%" : scene.name.hasPrefix("changing") ? "<= 40%" : "-"
                rows.append([
                    name, scene.name, format(figures.cpu, 1), format(Double(figures.pictures) / seconds, 1),
                    format(Double(figures.bytes) / seconds / 1000, 0), target,
                ])
                progress(rows.last!.joined(separator: "  "))
            }
        }
        var latency = [["protocol", "measure", "samples", "median ms", "p90 ms", "target"]]
        for (name, answer) in protocols {
            let trace = LatencyBenchmark(seconds: seconds).onScreen(.qr, camera: "mjpeg", answer: answer)
            let from = (trace.dequeued.values.min() ?? 0) + LatencyBenchmark.warmUp
            let delays = trace.pictureDelays(after: from, inPixels: true).sorted()
            func at(_ share: Double) -> String {
                delays.isEmpty ? "-" : format(delays[min(delays.count - 1, Int(Double(delays.count) * share))], 1)
            }
            latency.append([name, "dequeue to picture in pixels", "\(delays.count)", at(0.5), at(0.9), "p90 <= 33"])
            progress(latency.last!.joined(separator: "  "))
        }
        return table(rows) + "\n" + table(latency)
    }
}
