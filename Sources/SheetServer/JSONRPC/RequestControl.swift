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
/// - What is kept is bounded: at most `maximumWaitingCancels` ids of at
///   most `maximumCancelIDBytes` each and `maximumWaitingCancelBytes` in
///   all. A cancel past them is dropped (it still stops the running
///   request, which needs nothing kept) and `warn` says so, at the first
///   drop and at each power of two after, so a flood of cancels cannot
///   fill the server's memory nor its standard error.
package final class RequestControl: @unchecked Sendable {
    /// The most cancels kept for requests that have not started.
    package static let maximumWaitingCancels = 1024
    /// The longest id a kept cancel may have, in bytes (a string's UTF-8; an integer counts 8).
    package static let maximumCancelIDBytes = 4096
    /// The ids of the kept cancels added up, in bytes.
    package static let maximumWaitingCancelBytes = 1 << 20

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
    /// The bytes of the ids in `waiting`.
    private var waitingBytes = 0
    /// Cancels dropped so far, for the warning.
    private(set) var droppedCancels = 0
    /// Where a dropped cancel is reported (standard error).
    private let warn: @Sendable (String) -> Void
    /// Messages read so far (the reader counts them; the serving thread's
    /// message numbers are from the same count).
    private var messagesRead = 0

    /// - Parameter warn: where a dropped cancel is reported (default: standard error).
    package init(
        warn: @escaping @Sendable (String) -> Void = { FileSystem.writeStandardError("sheetlab: " + $0 + "\n") }
    ) {
        self.warn = warn
        pthread_mutex_init(&lock, nil)
    }
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
    /// A cancel that cannot be kept (see the type) is dropped with a warning.
    package func cancel(_ id: JSON) {
        locked {
            keep(id)
            guard running?.id == id, running?.cancelled == false else { return }
            running!.cancelled = true
            for r in running!.runtimes { r.interrupt() }
            if !running!.stopping {
                running!.stopping = true
                startStopper()
            }
        }
    }

    /// The size of an id, as the bounds count it.
    static func size(_ id: JSON) -> Int {
        if case .string(let s) = id { return s.utf8.count }
        return 8
    }

    /// Keeps a cancel for a request that may be waiting, within the bounds; under `lock`.
    private func keep(_ id: JSON) {
        if waiting[id] != nil {
            waiting[id] = messagesRead
            return
        }
        let size = RequestControl.size(id)
        let problem: String?
        if size > RequestControl.maximumCancelIDBytes {
            problem = "its id is \(size) bytes long (at most \(RequestControl.maximumCancelIDBytes) are kept)"
        } else if waiting.count >= RequestControl.maximumWaitingCancels {
            problem = "\(waiting.count) cancels are already waiting (at most \(RequestControl.maximumWaitingCancels))"
        } else if waitingBytes + size > RequestControl.maximumWaitingCancelBytes {
            problem =
                "the waiting cancels' ids take \(waitingBytes) bytes (at most \(RequestControl.maximumWaitingCancelBytes))"
        } else {
            problem = nil
        }
        guard let problem else {
            waiting[id] = messagesRead
            waitingBytes += size
            return
        }
        droppedCancels += 1
        if droppedCancels & (droppedCancels - 1) == 0 {
            warn(
                "a cancel for a request that has not started was dropped: \(problem); \(droppedCancels) dropped so far")
        }
    }

    /// How many cancels are kept for requests that have not started, and their ids' bytes.
    package var waitingCancels: (count: Int, bytes: Int) { locked { (waiting.count, waitingBytes) } }

    /// The serving thread starts request `id` of message `message`.
    /// - Returns: false when it was cancelled before it started (answer it
    ///   with `requestCancelled` without running it).
    package func begin(_ id: JSON, message: Int) -> Bool {
        locked {
            waiting = waiting.filter { $0.value >= message }
            waitingBytes = waiting.keys.reduce(0) { $0 + RequestControl.size($1) }
            if waiting.removeValue(forKey: id) != nil {
                waitingBytes -= RequestControl.size(id)
                return false
            }
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
