extension ExpectationFailure {
    /// The file of `location` (`file:line`), when known.
    public var file: String? { split?.file }

    /// The line of `location`, when known.
    public var line: Int? { split?.line }

    private var split: (file: String, line: Int)? {
        guard let location, let colon = location.lastIndex(of: ":"),
            let line = Int(location[location.index(after: colon)...])
        else { return nil }
        return (String(location[..<colon]), line)
    }
}
