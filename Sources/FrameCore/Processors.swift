import Glibc

/// The processors online, at least one: how many threads keep every core at work.
public enum Processors {
    public static var available: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}
