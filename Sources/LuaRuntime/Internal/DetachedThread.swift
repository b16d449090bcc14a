#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts a detached POSIX thread running `body` (it inherits the caller's
/// signal mask): the REPL's interrupt watcher, `serve`'s input reader, the
/// tests' interrupters. In the lowest module that needs one, so that every
/// module can use it.
package func startDetachedThread(_ body: @escaping @Sendable () -> Void) {
    final class Box: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(
        &thread, nil,
        { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, box)
    if started == 0 { pthread_detach(thread) } else { Unmanaged<Box>.fromOpaque(box).release() }
}
