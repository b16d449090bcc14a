import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An XML document parsed with Foundation's `XMLParser`, kept as a tree so
/// tests can ask about its structure.
final class XMLNode {
    let name: String
    let attributes: [String: String]
    private(set) var children: [XMLNode] = []
    fileprivate(set) var text = ""
    weak var parent: XMLNode?

    init(name: String, attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    /// The class attribute's words.
    var classes: Set<String> { Set((attributes["class"] ?? "").split(separator: " ").map(String.init)) }

    /// This node and every node under it, in document order.
    var all: [XMLNode] { [self] + children.flatMap(\.all) }

    /// Nodes under this one whose class has all the given words.
    func elements(classed words: String) -> [XMLNode] {
        let wanted = Set(words.split(separator: " ").map(String.init))
        return all.filter { wanted.isSubset(of: $0.classes) }
    }

    /// Text of this node and its descendants.
    var allText: String { text + children.map(\.allText).joined() }

    /// The `<title>` tooltip directly inside this element (or its first shape).
    var tooltip: String? { all.first { $0.name == "title" }?.text }

    fileprivate func add(_ child: XMLNode) {
        child.parent = self
        children.append(child)
    }

    /// Parses a document.
    /// - Throws: `XMLError` with the parser's message and line when it is not well-formed.
    static func parse(_ text: String) throws -> XMLNode {
        let builder = Builder()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            throw XMLError(
                message: parser.parserError.map { "\($0)" } ?? "no root element", line: parser.lineNumber)
        }
        return root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: XMLNode?
        var stack: [XMLNode] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let node = XMLNode(name: name, attributes: attributes)
            if let top = stack.last { top.add(node) } else { root = node }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}

struct XMLError: Error, CustomStringConvertible {
    var message: String
    var line: Int
    var description: String { "line \(line): \(message)" }
}
