/// The version `sheetlab --version` prints and serve's and mcp's
/// `initialize` report.
public let sheetLabVersion = "0.1.0"
