import SheetScripting

/// One app a `sheetlab serve` client created: its session, addressed by id.
///
/// Confinement: like `Session`, used from the server's one thread.
final class ServedApp {
    /// The id the client addresses it by.
    let id: Int
    /// The app, its Lua runtime and its policies.
    let session: Session
    /// The token of the subscription that sends `event` notifications, when subscribed.
    var subscription: Int?

    init(id: Int, session: Session) {
        self.id = id
        self.session = session
    }
}
