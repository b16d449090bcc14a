#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Messages the reader thread has read and the serving thread has not
/// handled yet, in order.
///
/// Holds at most `capacity` bytes of messages (at least one message,
/// however long) and at most `maximumCount` messages (blank lines and
/// tiny messages count too): past either the reader waits, so a client
/// that writes faster than requests run cannot make the server buffer
/// without bound.
/// A cancel is read even then only once there is room, which is why the
/// capacity is generous.
package final class MessageQueue: @unchecked Sendable {
    /// A message and its number (from `RequestControl.messageRead`).
    package struct Item: Sendable {
        package var frame: Frame
        package var number: Int
    }

    package let capacity: Int
    /// The most messages held.
    package let maximumCount: Int
    private var items: [Item] = []
    private var head = 0
    private var bytes = 0
    private var finished = false
    private var lock = pthread_mutex_t()
    private var changed = pthread_cond_t()

    package init(capacity: Int, maximumCount: Int = 4096) {
        self.capacity = capacity
        self.maximumCount = maximumCount
        pthread_mutex_init(&lock, nil)
        pthread_cond_init(&changed, nil)
    }

    deinit {
        pthread_cond_destroy(&changed)
        pthread_mutex_destroy(&lock)
    }

    private static func size(_ frame: Frame) -> Int {
        if case .text(let b) = frame { return b.count }
        return 0
    }

    /// Adds a message, waiting while the queue is full.
    package func push(_ item: Item) {
        pthread_mutex_lock(&lock)
        while items.count > head,
            items.count - head >= maximumCount || (bytes > 0 && bytes + MessageQueue.size(item.frame) > capacity)
        {
            pthread_cond_wait(&changed, &lock)
        }
        items.append(item)
        bytes += MessageQueue.size(item.frame)
        pthread_cond_broadcast(&changed)
        pthread_mutex_unlock(&lock)
    }

    /// No more messages will come.
    package func finish() {
        pthread_mutex_lock(&lock)
        finished = true
        pthread_cond_broadcast(&changed)
        pthread_mutex_unlock(&lock)
    }

    /// How many messages are held.
    package var count: Int {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return items.count - head
    }

    /// The next message, waiting for one; nil once the input has ended and all were taken.
    package func pop() -> Item? {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        while head == items.count, !finished { pthread_cond_wait(&changed, &lock) }
        guard head < items.count else { return nil }
        let item = items[head]
        head += 1
        if head > 1024, head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        bytes -= MessageQueue.size(item.frame)
        pthread_cond_broadcast(&changed)
        return item
    }
}
