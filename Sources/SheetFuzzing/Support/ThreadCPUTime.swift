#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The CPU time of the calling thread, in milliseconds: what the Lua budgets
/// count. The fuzzers bound a step's time with it, not with wall time,
/// which a loaded machine stretches until a step looks like a hang.
func threadCPUMilliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) * 1e3 + Double(now.tv_nsec) / 1e6
}
