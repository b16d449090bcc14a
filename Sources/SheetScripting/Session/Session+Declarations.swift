import LuaRuntime
import SheetEngine

/// Views declared as Lua tables, from outside a script.
extension Session {
    /// Reads a view declaration as the Lua `view{...}` function does,
    /// without adding it: `name`, `state`, `reads`, `onChange`,
    /// `environmentObject`, `modifiers` (tables with `kind = "sheet"` or
    /// `"fullScreenCover"`, as `sheet{...}` builds them), `children` and
    /// `parent`. Functions in it (content, `onDismiss`, `onChange` actions)
    /// must belong to this session's runtime.
    ///
    /// ```swift
    /// let (spec, parent) = try session.viewSpec(declaration: table)
    /// try session.addView(spec, parent: parent)
    /// ```
    /// - Parameter declaration: the table.
    /// - Returns: the view and the name of the view to add it under, if any.
    /// - Throws: `LuaError` naming the bad field, as `view{...}` would.
    public func viewSpec(declaration: LuaValue) throws(LuaError) -> (spec: ViewSpec, parent: String?) {
        let (spec, parent) = try ViewDeclaration(session: self, function: "view").view(declaration)
        return (spec, parent)
    }
}
