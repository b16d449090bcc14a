import SheetEngine

/// What an option's value is, for shell completion and the manual, read
/// from the command table: a few words, a profile name, a file, a folder,
/// or anything (a number, a pattern).
enum OptionValues: Equatable {
    case words([String])
    case profile
    case file
    case directory
    case any

    init(_ option: OptionSpec) {
        if !option.valueChoices.isEmpty {
            self = .words(option.valueChoices)
        } else if let optional = option.optionalValue {
            self = .words(optional.choices)
        } else if option.name == "--profile" {
            self = .profile
        } else if let value = option.valueName, value.contains("|") {
            // `line|lsp`, `all|LIST`: the lowercase words are the choices.
            self = .words(value.split(separator: "|").map(String.init).filter { $0 == $0.lowercased() })
        } else {
            switch option.valueName {
            case "P", "F", "FILE", "SCENARIO": self = .file
            case "DIR": self = .directory
            default: self = .any
            }
        }
    }

    /// The words to offer: the choices, or every profile name.
    var words: [String] {
        switch self {
        case .words(let w): return w
        case .profile: return Profile.allNames
        default: return []
        }
    }
}
