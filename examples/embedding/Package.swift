// swift-tools-version:6.0
// A tool that embeds SheetLab: runs every scenario in a folder under several
// profiles and prints a comparison table. It depends on the SheetLab library
// by path, as a tool in its own repository would depend on it by URL.
import PackageDescription

// SwiftPM names a path dependency after its folder (the repository's
// checkout folder, whatever it is called), so work that name out.
let sheetLabPackage = Context.packageDirectory.split(separator: "/").dropLast(2).last.map(String.init) ?? "SheetLab"

let package = Package(
    name: "SheetLabEmbedding",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "compare-profiles",
            dependencies: [.product(name: "SheetLab", package: sheetLabPackage)]
        )
    ],
    swiftLanguageModes: [.v6]
)
