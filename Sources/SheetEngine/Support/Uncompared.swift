/// A stored property that `==` and `hash(into:)` of the type holding it
/// skip, so that the type's conformances can be synthesised.
///
/// For what does not decide what the app does next: code (closures, which
/// Swift cannot compare), caches derived from compared fields, and
/// bookkeeping such as serial numbers and times kept for display. Two values
/// that differ only in such fields behave alike from here on.
@propertyWrapper
public struct Uncompared<Value>: Hashable {
    public var wrappedValue: Value

    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }

    public static func == (a: Self, b: Self) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}

extension Uncompared: Sendable where Value: Sendable {}
