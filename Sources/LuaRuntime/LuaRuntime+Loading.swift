import CLua

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension LuaRuntime {
    /// Loads a chunk of Lua source (text only; binary chunks are refused).
    ///
    /// - Parameters:
    ///   - source: the Lua source.
    ///   - chunkName: the name errors show, usually a path: "policies/queue.lua"
    ///     gives "policies/queue.lua:12: ...". A name starting with "=" is used
    ///     as is ("=stdin" shows "stdin").
    ///   - environment: the chunk's globals; a fresh environment if nil.
    /// - Returns: the chunk as a function; call it to run it.
    /// - Throws: `.syntax` (with file and line) or `.memory`.
    public func load(source: String, chunkName: String, in environment: LuaEnvironment? = nil) throws(LuaError)
        -> LuaFunction
    {
        try LuaString(source).withBytesOrThrow { text throws(LuaError) in
            try load(text: text, chunkName: LuaRuntime.luaChunkName(chunkName), environment: environment)
        }
    }

    /// Loads a Lua file (text only). The chunk is named "@path", so errors
    /// read "path:line: message". A first line starting with "#" is skipped.
    /// Only a regular file of at most `limits.maximumSourceBytes` is read,
    /// never blocking (`SourceFile`); a syntax error does not quote the text
    /// of a file that does not parse as Lua from its first line.
    ///
    /// - Parameters:
    ///   - path: the file to read.
    ///   - environment: the chunk's globals; a fresh environment if nil.
    /// - Returns: the chunk as a function.
    /// - Throws: `.io` if the file cannot or may not be read, `.syntax`, or `.memory`.
    public func load(path: String, in environment: LuaEnvironment? = nil) throws(LuaError) -> LuaFunction {
        try load(
            file: try SourceFile.read(
                path, within: nil, maximumBytes: limits.maximumSourceBytes, raiseHint: limits.settingNames.maximumSource
            ),
            in: environment)
    }

    /// Loads a Lua file already read (`SourceFile.read(_:within:...)`), as
    /// `load(path:in:)` does. The file is not opened again.
    ///
    /// - Parameters:
    ///   - file: the file and its bytes.
    ///   - environment: the chunk's globals; a fresh environment if nil.
    /// - Returns: the chunk as a function.
    /// - Throws: `.syntax` or `.memory`.
    public func load(file: ConfinedFile, in environment: LuaEnvironment? = nil) throws(LuaError) -> LuaFunction {
        try load(fileContents: file.bytes, path: file.path, in: environment)
    }

    /// Loads what a Lua file held, read already (`SourceFile.read`), as
    /// `load(path:in:)` loads it: a byte-order mark and a first line
    /// starting with "#" skipped, the chunk named "@path", and a syntax
    /// error that does not quote text that is not Lua. For a file read
    /// once and run more than once (`sheetlab check`'s set-up, in every
    /// worker).
    ///
    /// - Parameters:
    ///   - fileContents: the file's bytes.
    ///   - path: the file, for the chunk's name.
    ///   - environment: the chunk's globals; a fresh environment if nil.
    /// - Returns: the chunk as a function.
    /// - Throws: `.syntax` or `.memory`.
    public func load(fileContents: [UInt8], path: String, in environment: LuaEnvironment? = nil) throws(LuaError)
        -> LuaFunction
    {
        var bytes = fileContents
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if bytes.first == UInt8(ascii: "#") {
            let end = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            bytes.removeSubrange(..<end)  // keeps the newline: line numbers stay right
        }
        do throws(LuaError) {
            return try LuaString(bytes: bytes).withBytesOrThrow { text throws(LuaError) in
                try load(text: text, chunkName: "@" + path, environment: environment)
            }
        } catch {
            throw SourceFile.withoutUnquotableText(error, source: bytes)
        }
    }

    /// A new set of globals over the shared base, for chunks that should
    /// share globals (a REPL's lines).
    public func makeEnvironment() -> LuaEnvironment {
        let state = active
        _ = state.reserve(1)
        state.pushEnvironment(handle)  // stack: -> env
        return LuaEnvironment(reference: state.makeReference(), runtime: self)  // stack: env ->
    }

    /// A global the chunks of `environment` defined (not the base's).
    ///
    /// - Parameters:
    ///   - name: the global's name.
    ///   - environment: the environment to read.
    /// - Returns: its value, or `.nil`.
    /// - Throws: `.badValue` if the value cannot be converted.
    public func global(_ name: String, in environment: LuaEnvironment) throws(LuaError) -> LuaValue {
        try checkOwner(of: environment)
        let state = active
        let base = state.top
        defer { state.setTop(base) }
        guard state.reserve(3) else { throw LuaError(.badValue, "Lua stack overflow") }
        state.pushReference(environment.reference)  // stack: -> env
        state.push(name)  // stack: -> env, name
        state.rawGet(table: -2)  // stack: -> env, value
        return try value(at: -1, on: state)
    }

    // MARK: Internals

    func load(text: UnsafeRawBufferPointer, chunkName: String, environment: LuaEnvironment?) throws(LuaError)
        -> LuaFunction
    {
        releasePending()
        let state = active
        let base = state.top
        defer { state.setTop(base) }
        guard state.reserve(3) else { throw LuaError(.memory, "Lua stack overflow") }
        var environmentIndex: Int32 = 0
        if let environment {
            try checkOwner(of: environment)
            state.pushReference(environment.reference)  // stack: -> env
            environmentIndex = state.top
        }
        let status = state.load(handle, text: text, chunkName: chunkName, environment: environmentIndex)
        // stack: -> fn | message
        guard status == LUA_OK else {
            let message = state.string(at: -1) ?? "cannot load the chunk"
            if status == LUA_ERRMEM {
                state.collectGarbage()
                throw LuaError.memoryLimitReached(limits, at: nil, file: LuaRuntime.displayName(ofChunk: chunkName))
            }
            throw LuaError(.syntax, luaMessage: message)
        }
        return LuaFunction(reference: state.makeReference(), runtime: self)  // stack: fn ->
    }

    static func luaChunkName(_ name: String) -> String {
        name.hasPrefix("=") || name.hasPrefix("@") ? name : "@" + name
    }

    /// A chunk name as Lua's messages show it: "@path" and "=name" without
    /// their mark.
    static func displayName(ofChunk name: String) -> String {
        name.hasPrefix("=") || name.hasPrefix("@") ? String(name.dropFirst()) : name
    }
}
