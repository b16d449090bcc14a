import FuzzDriver

/// libFuzzer: the input is the body of every hook (what it does and what it
/// returns), so the host decodes and validates whatever it answers.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHookResult(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let body = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    FuzzDriver.run(
        policy: """
            local function answer(ctx)
            \(body)
            end
            return { request = answer, dismissed = answer, settle = answer, should_dismiss = answer,
                     detents = { bar = answer } }
            """)
    return 0
}
