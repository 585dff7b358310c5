import Glibc

enum Signals {
    /// A parent may start qrtui with signals blocked (Foundation's Process does): unblock
    /// them so that SIGTERM, SIGINT and SIGWINCH work as users expect.
    static func unblockAll() {
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, nil)
    }
}
