#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mutex with a condition: how the adapter's thread and a run's thread
/// hand each other work while the run is stopped.
final class Monitor: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var condition = pthread_cond_t()

    init() {
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&condition, nil)
    }

    deinit {
        pthread_cond_destroy(&condition)
        pthread_mutex_destroy(&mutex)
    }

    func lock() { pthread_mutex_lock(&mutex) }
    func unlock() { pthread_mutex_unlock(&mutex) }
    /// Waits for a `broadcast` (the mutex held).
    func wait() { pthread_cond_wait(&condition, &mutex) }
    func broadcast() { pthread_cond_broadcast(&condition) }

    func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A thread that can be waited for, with a stack big enough for Lua and
/// the engine (the default for a new thread is smaller than the main one's).
final class JoinableThread: @unchecked Sendable {
    private final class Box: @unchecked Sendable {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    private var thread = pthread_t()
    private var started = false

    init(stackBytes: Int = 64 << 20, _ body: @escaping () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setstacksize(&attributes, stackBytes)
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        let status = pthread_create(
            &thread, &attributes,
            { raw in
                let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
                // Ctrl-C is the door's (the REPL's input), never a run's: its threads, and those they start, block it.
                var blocked = sigset_t()
                sigemptyset(&blocked)
                sigaddset(&blocked, SIGINT)
                pthread_sigmask(SIG_BLOCK, &blocked, nil)
                box.body()
                return nil
            }, box)
        pthread_attr_destroy(&attributes)
        if status == 0 {
            started = true
        } else {
            Unmanaged<Box>.fromOpaque(box).release()
        }
    }

    /// Waits until the thread's body has returned.
    func join() {
        guard started else { return }
        started = false
        pthread_join(thread, nil)
    }
}
