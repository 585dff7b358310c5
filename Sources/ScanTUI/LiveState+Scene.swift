import Overlay
import ScanPipeline

extension LiveState {
    var measuredFramesPerSecond: Double? {
        let times = pictures.frameTimes
        guard times.count >= 2, let first = times.first, let last = times.last, last.time > first.time
        else { return nil }
        let frames = last.sequence > first.sequence ? last.sequence - first.sequence : times.count - 1
        return Double(frames) / (last.time - first.time)
    }

    /// What the screen shows now.
    func scene(now: Double) -> Scene {
        var info = StatusInfo(source: source.name, isDemo: source.isDemo)
        if let frame { info.frameSize = (frame.width, frame.height) }
        info.format = pictures.stream.flatMap { $0.split(separator: " ").first.map(String.init) }
        // A video that ended has no rate any more.
        info.framesPerSecond = pictures.inputEnded ? nil : measuredFramesPerSecond
        info.ending = source.isInput ? "the video ended" : "input ended"
        if source.demoForWantOfCamera { info.demoReason = "no camera found" }
        info.paused = paused
        let corrupt = pictures.corruptFrames
        info.notice = notice?.text ?? (corrupt > 0 ? SourceNews.skipped(corrupt) : nil)
        info.lastCode = lastSummary
        info.codesInSight = Set(codes.map(\.identity)).count
        info.still = kind == .still
        info.reachesPast = hints.barsPastArea
        info.gathering = hints.gathering
        info.looksFor = source.looksFor
        let shown = pictures.mirroredFrame ?? frame
        let image = shown.map { GreyImage(width: $0.width, height: $0.height, stride: $0.stride, pixels: $0.luma) }
        let width = Double(frame?.width ?? 0)
        var scene = Scene(
            image: image, transform: transform, scanArea: scanArea,
            outlines: codes.map { code in
                (frame.map(code.outline) ?? code.corners).map {
                    Point(x: mirrored ? width - Double($0.x) : Double($0.x), y: Double($0.y))
                }
            },
            status: status, info: info, glyphs: glyphs, showHelp: showHelp,
            flash: now < flashUntil, unicode: unicode)
        scene.colour = terminal.colour
        scene.greys = terminal.greys
        scene.readsWhole = stillReadWhole
        scene.camera = source.isCamera
        scene.terminalPictures = terminal.pictures
        scene.inPixels = showsPixels
        if showHelp, let lastCode { scene.helpNotes = CodePresentation.warnings(lastCode) }
        if let historySelection { (scene.historyLines, scene.historySelected) = (historyLines, historySelection) }
        return scene
    }
}

extension LiveState {
    /// Exit status once the screen is closed: 0 read, 1 failure, 4 nothing.
    var exitStatus: ExitStatus {
        if readCount > 0 { return .read }
        return failure == nil ? .nothingRead : .failure
    }
}
