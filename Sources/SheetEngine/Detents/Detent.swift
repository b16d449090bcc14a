/// A sheet height a user can settle on (`PresentationDetent`).
///
/// Detents compare by value: `.height(200) == .height(200)` (B17).
/// Their text form is what scenarios and the timeline use:
/// `medium`, `large`, `fraction(0.75)`, `height(200)`, `custom(bar)`.
public enum Detent: Hashable, Sendable {
    case medium
    case large
    case fraction(Double)
    case height(Double)
    /// A detent computed by a policy's resolver of this name (B17, P03).
    case custom(String)

    /// Parses the text form.
    /// - Throws: `EngineError.invalidDetent` for anything else.
    public init(parsing text: String) throws(EngineError) {
        let t = text.trimmingSpaces()
        switch t {
        case "medium": self = .medium
        case "large": self = .large
        default:
            guard let open = t.firstIndex(of: "("), t.hasSuffix(")") else {
                throw EngineError(.invalidDetent(text))
            }
            let head = String(t[..<open])
            let arg = String(t[t.index(after: open)..<t.index(before: t.endIndex)]).trimmingSpaces()
            switch head {
            case "fraction":
                guard let f = Double(arg), f.isFinite else { throw EngineError(.invalidDetent(text)) }
                self = .fraction(f)
            case "height":
                guard let h = Double(arg), h.isFinite else { throw EngineError(.invalidDetent(text)) }
                self = .height(h)
            case "custom":
                guard !arg.isEmpty, arg.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                    throw EngineError(.invalidDetent(text))
                }
                self = .custom(arg)
            default:
                throw EngineError(.invalidDetent(text))
            }
        }
    }
}

extension Detent: CustomStringConvertible {
    public var description: String {
        switch self {
        case .medium: return "medium"
        case .large: return "large"
        case .fraction(let f): return "fraction(\(Value.format(f)))"
        case .height(let h): return "height(\(Value.format(h)))"
        case .custom(let name): return "custom(\(name))"
        }
    }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
