import LuaRuntime
import SheetServer

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The write end of the pipe the SIGINT handler writes to; -1 before `install`.
nonisolated(unsafe) private var interruptPipeWriteEnd: Int32 = -1

/// The SIGINT handler: one `write` to a non-blocking pipe, which is
/// async-signal-safe. (Interrupting the runtime takes a lock, so it happens
/// on the watcher thread, not here.)
private func handleInterruptSignal(_ signal: Int32) {
    let savedErrno = errno
    var byte: UInt8 = 3
    _ = write(interruptPipeWriteEnd, &byte, 1)
    errno = savedErrno
}

/// Turns Ctrl-C into an interrupt of the running Lua call, so that an
/// endless loop at the prompt or in a policy hook stops and the REPL goes on.
///
/// The SIGINT handler writes a byte to a pipe; a thread reads it and calls
/// `LuaInterruptHandle.interrupt()` (which does nothing when no call runs).
/// The handler is installed without `SA_RESTART`, so Ctrl-C at the prompt
/// also makes libedit's read return `EINTR`. Threads started inside
/// `withInterruptsBlocked` (the runtime's watchdog, the watcher) never get
/// the signal, so it always lands on the main thread, the one reading lines.
enum InterruptWatcher {
    /// Runs `body` with SIGINT blocked on the calling thread, so that threads
    /// it starts inherit the blocked signal.
    static func withInterruptsBlocked<T>(_ body: () throws -> T) rethrows -> T {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGINT)
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// Installs the SIGINT handler and starts the watcher thread for `handle`:
    /// Ctrl-C stops the Lua code running (a hook, then the input), never the
    /// engine between them (`LuaInterruptHandle.interruptRunningCode()`).
    /// Call it once, from the main thread.
    /// - Returns: whether it is installed.
    @discardableResult
    static func install(interrupting handle: LuaInterruptHandle) -> Bool {
        install { handle.interruptRunningCode() }
    }

    /// Installs the SIGINT handler and starts the watcher thread, which calls
    /// `onInterrupt` (on that thread) for every Ctrl-C. Call it once, from
    /// the main thread. (`sheetlab check` sets a flag its loop reads.)
    /// - Returns: whether it is installed.
    @discardableResult
    static func install(_ onInterrupt: @escaping @Sendable () -> Void) -> Bool {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return false }
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        interruptPipeWriteEnd = fds[1]
        let readEnd = fds[0]
        withInterruptsBlocked {
            startDetachedThread {
                var byte: UInt8 = 0
                while true {
                    let n = read(readEnd, &byte, 1)
                    if n > 0 {
                        onInterrupt()
                    } else if n < 0, errno == EINTR {
                        continue
                    } else {
                        return
                    }
                }
            }
        }
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = handleInterruptSignal
        #else
            action.__sigaction_u.__sa_handler = handleInterruptSignal
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // no SA_RESTART: a blocked read returns EINTR
        return sigaction(SIGINT, &action, nil) == 0
    }
}
