/// How a source delivers frames, which decides pacing and hand-over.
public enum SourceKind: Sendable, Equatable {
    /// One picture (a still image): shown and scanned, then the input has ended.
    case still
    /// Recorded video (a file or a pipe): every frame matters; paced only when shown.
    case recorded
    /// A live picture (camera, demo): only the newest frame matters.
    case live
}
