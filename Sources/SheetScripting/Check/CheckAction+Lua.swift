import LuaRuntime
import SheetCheck
import SheetEngine

extension CheckAction {
    /// The step as scenario code, for counterexamples.
    public var lua: String {
        switch self {
        case .set(let ref, let value): return "set(\(LuaSyntax.quote(ref.description)), \(LuaLiteral.render(value)))"
        case .swipe: return "swipe()"
        case .dismiss: return "dismiss()"
        case .dragRelease(let h, let v): return "drag(\(Value.format(h))) release(\(Value.format(v)))"
        case .rotate(let o): return "rotate(\"\(o.rawValue)\")"
        case .advance(let ms): return "advance(\(ms))"
        case .wait: return "advance()"
        case .dismissFrom(let view): return "dismiss(\(LuaSyntax.quote(view)))"
        case .remove(let view): return "remove(\(LuaSyntax.quote(view)))"
        case .tapBackground: return "tap_background()"
        case .tapGrabber: return "tap_grabber()"
        }
    }
}
