import SheetJSON

/// The protocol's own methods, in the manner of the Language Server
/// Protocol: `initialize` (versions, capabilities, limits, the methods and
/// their parameters), `shutdown` then `exit`, and `$/cancelRequest`.
extension ServeMethods {
    static let lifeCycle: [ServeMethod] = [
        .server(
            "initialize",
            [.optional("protocol_version", "integer").within(RequestRanges.id), .optional("client", "object")]
        ) { server, p throws(RPCError) in
            if let asked = try p.optionalInt("protocol_version", in: RequestRanges.id),
                asked != ServeServer.protocolVersion
            {
                throw p.bad("this server speaks protocol version \(ServeServer.protocolVersion), not \(asked)")
            }
            return initializeResult(server)
        },
        .server("shutdown") { server, _ in
            server.enter(.shutDown)
            return .null
        },
        .server("exit", answered: false) { server, _ in
            server.enter(.exited(server.phase == .shutDown ? .ok : .failed))
            return .null
        },
        .server("$/cancelRequest", [.required("id", "integer", "string")]) { server, p in
            server.control.cancel(p["id"]!)
            return .null
        },
    ]

    /// What `initialize` answers.
    static func initializeResult(_ server: ServeServer) -> JSON {
        [
            "protocol_version": .int(ServeServer.protocolVersion),
            "server": ["name": "sheetlab", "version": .string(sheetLabVersion)],
            "capabilities": [
                "batches": true, "cancel": true, "framing": .string(server.framing.rawValue),
                "notifications": ["event", "print"],
            ],
            "limits": server.limits.json,
            "methods": .array(list.map(\.json)),
        ]
    }
}
