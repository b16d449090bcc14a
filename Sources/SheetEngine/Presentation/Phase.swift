/// Where a presentation is in its lifecycle (B01).
public enum Phase: String, Sendable, Hashable, Codable, CaseIterable {
    /// The present transition is running.
    case presenting
    /// Fully on screen.
    case presented
    /// The dismiss transition is running; the binding still holds its value (B02).
    case dismissing
}
