import LuaRuntime
import SheetJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `$/cancelRequest` between the thread that reads the input and the one
/// that runs requests.
///
/// The serving thread says which request runs (`begin`), which Lua
/// runtimes it is using (`attach`), and when it is done (`end`). A cancel
/// (from the reader thread, as soon as the line is read, or from the
/// serving thread for one inside a batch) either stops the running request
/// or marks the requests that are already waiting with that id.
///
/// Invariants, under `lock`:
/// - `running` is the request the serving thread is in, between `begin`
///   and `end`; `runtimes` are the interrupt handles it attached since.
/// - A runtime is interrupted only while `running` is the cancelled
///   request, so an interrupt never reaches the request after it (an
///   interrupt of an idle runtime does nothing and leaves no mark).
/// - `waiting[id] = n`: a cancel for `id` came when `n` messages had been
///   read; it applies to a request with that id in any of those messages
///   that has not started yet, and is dropped once the serving thread has
///   begun a later message.
package final class RequestControl: @unchecked Sendable {
    /// The most cancels kept for requests that have not started.
    package static let maximumWaitingCancels = 10_000

    private struct Running {
        var id: JSON
        var message: Int
        var runtimes: [LuaInterruptHandle] = []
        var cancelled = false
        var stopping = false
    }

    private var lock = pthread_mutex_t()
    private var running: Running?
    private var waiting: [JSON: Int] = [:]
    /// Messages read so far (the reader counts them; the serving thread's
    /// message numbers are from the same count).
    private var messagesRead = 0

    package init() { pthread_mutex_init(&lock, nil) }
    deinit { pthread_mutex_destroy(&lock) }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return body()
    }

    /// The reader read one more message; returns its number (from 1).
    package func messageRead() -> Int {
        locked {
            messagesRead += 1
            return messagesRead
        }
    }

    /// Cancels the request `id`: the running one, and any waiting in the
    /// messages read so far. An id that matches none is ignored.
    package func cancel(_ id: JSON) {
        locked {
            if waiting.count < RequestControl.maximumWaitingCancels || waiting[id] != nil {
                waiting[id] = messagesRead
            }
            guard running?.id == id, running?.cancelled == false else { return }
            running!.cancelled = true
            for r in running!.runtimes { r.interrupt() }
            if !running!.stopping {
                running!.stopping = true
                startStopper()
            }
        }
    }

    /// The serving thread starts request `id` of message `message`.
    /// - Returns: false when it was cancelled before it started (answer it
    ///   with `requestCancelled` without running it).
    package func begin(_ id: JSON, message: Int) -> Bool {
        locked {
            waiting = waiting.filter { $0.value >= message }
            if waiting.removeValue(forKey: id) != nil { return false }
            running = Running(id: id, message: message)
            return true
        }
    }

    /// The running request uses `runtime`: a cancel interrupts it too.
    package func attach(_ runtime: LuaRuntime) {
        let handle = runtime.makeInterruptHandle()
        locked {
            guard running != nil else { return }
            running!.runtimes.append(handle)
            if running!.cancelled { handle.interrupt() }
        }
    }

    /// Whether request `id` is the one running.
    package func isRunning(_ id: JSON) -> Bool { locked { running?.id == id } }

    /// Whether the running request has been cancelled.
    package var isCancelled: Bool { locked { running?.cancelled ?? false } }

    /// The serving thread is done with the running request.
    /// - Returns: whether it was cancelled while it ran.
    @discardableResult
    package func end() -> Bool {
        locked {
            defer { running = nil }
            return running?.cancelled ?? false
        }
    }

    /// Interrupts the cancelled request's runtimes every 5 ms until it ends:
    /// an interrupt stops only a Lua call that is running, and the request
    /// may be in Swift code between two calls when the cancel comes.
    private func startStopper() {
        let id = running!.id
        startDetachedThread { [self] in
            var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
            while true {
                let more = locked {
                    guard let r = running, r.id == id, r.cancelled else { return false }
                    for handle in r.runtimes { handle.interrupt() }
                    return true
                }
                guard more else { return }
                nanosleep(&pause, nil)
            }
        }
    }
}
