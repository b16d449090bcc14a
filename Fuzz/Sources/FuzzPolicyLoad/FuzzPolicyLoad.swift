import FuzzDriver

/// libFuzzer: the input is a policy's source.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPolicyLoad(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    FuzzDriver.run(policy: String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self))
    return 0
}
