import LuaRuntime
import SheetJSON

/// A variable as the client sees it: a name, a one-line value, a type and
/// the children it expands to.
package struct VariableNode: Equatable, Sendable {
    package var name: String
    package var value: String
    package var type: String
    package var children: [VariableNode]

    package init(name: String, value: String, type: String, children: [VariableNode] = []) {
        self.name = name
        self.value = value
        self.type = type
        self.children = children
    }

    /// A Lua value seen in a stopped frame.
    package init(name: String, _ value: LuaDebugValue) {
        self.init(
            name: name, value: value.text, type: value.type,
            children: value.fields.map { VariableNode(name: $0.name, $0.value) })
    }

    /// A value the host built (the app's state, an event), as Lua shows it.
    package init(name: String, _ value: LuaValue) {
        switch value {
        case .table(let table):
            var children: [VariableNode] = table.array.enumerated().map {
                VariableNode(name: "[\($0.offset + 1)]", $0.element)
            }
            children += table.fields.sorted { $0.key.description < $1.key.description }.map {
                VariableNode(name: $0.key.description, $0.value)
            }
            let preview = LuaDebugValue(
                type: "table", text: "",
                fields: children.map {
                    LuaDebugField(name: $0.name, value: LuaDebugValue(type: $0.type, text: $0.value))
                })
            self.init(name: name, value: Self.preview(preview), type: "table", children: children)
        case .string(let s):
            self.init(name: name, value: LuaSyntax.quote(s.description), type: "string")
        default:
            self.init(name: name, value: value.description, type: value.typeName)
        }
    }

    static func preview(_ value: LuaDebugValue) -> String {
        if value.fields.isEmpty { return "{}" }
        var parts: [String] = []
        var length = 0
        for field in value.fields {
            let part = field.name.hasPrefix("[") ? field.value.text : "\(field.name) = \(field.value.text)"
            length += part.count + 2
            if length > 80 {
                parts.append("...")
                break
            }
            parts.append(part)
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }
}

/// The variables references of one stop: a number for each node with
/// children, handed out as the client expands them; all gone on resume.
package final class VariableStore: @unchecked Sendable {
    private var nodes: [Int: [VariableNode]] = [:]
    private var next = 1
    private let lock = NSLockLike()

    package init() {}

    /// A reference to `children` (0 when there are none, as DAP asks).
    package func reference(_ children: [VariableNode]) -> Int {
        lock.locked {
            if children.isEmpty { return 0 }
            let id = next
            next += 1
            nodes[id] = children
            return id
        }
    }

    package func children(_ reference: Int) -> [VariableNode]? {
        lock.locked { nodes[reference] }
    }

    package func clear() {
        lock.locked { nodes.removeAll() }
    }

    /// A node as DAP's `Variable`.
    package func json(_ node: VariableNode) -> JSON {
        [
            "name": .string(node.name), "value": .string(node.value), "type": .string(node.type),
            "variablesReference": .int(reference(node.children)),
        ]
    }
}
