import Glibc

/// A program as a shell would find it: a path as given, else the first match on PATH.
public enum ProgramPath {
    public static func find(_ name: String, in environment: [String: String] = ProcessEnvironment.all) -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        let directories = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }
}
