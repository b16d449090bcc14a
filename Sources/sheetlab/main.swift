import SheetLabCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

exit(sheetLabMain(Array(CommandLine.arguments.dropFirst())).rawValue)
