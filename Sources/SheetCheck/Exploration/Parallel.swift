import Dispatch

/// Runs the workers of one exploration phase on threads of their own.
enum Parallel {
    /// Calls `body(0)`, ..., `body(n - 1)`, as many at once as there are
    /// cores, and returns when all are done. Each call must touch only its
    /// own worker's confined state (its session and app) and shared state
    /// that synchronises itself (the store, atomics); that is why the body
    /// need not be `Sendable`.
    static func forEach(_ n: Int, _ body: (Int) -> Void) {
        if n == 1 {
            body(0)
            return
        }
        withoutActuallyEscaping(body) { body in
            let unchecked = Unchecked(body)
            DispatchQueue.concurrentPerform(iterations: n) { i in unchecked.value(i) }
        }
    }
}

/// A value handed to worker threads that the compiler cannot see is safe
/// to share (see `Parallel.forEach`).
struct Unchecked<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
