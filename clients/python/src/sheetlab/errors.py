"""The errors a `sheetlab serve` request can answer with, as exceptions.

One class per family of JSON-RPC error codes (docs/serve.md, "Errors");
each carries the server's `code`, `message` and structured `data`.
"""
from __future__ import annotations

from typing import Any, Dict, Optional, Type


class SheetLabError(Exception):
    """Anything that went wrong talking to `sheetlab serve`."""


class ConnectionClosed(SheetLabError):
    """The server's output ended (it exited or crashed) before the response came."""


class ServerNotFound(SheetLabError, FileNotFoundError):
    """The `sheetlab` binary to start is not there (nor on PATH): the message says how to give it."""


class RPCError(SheetLabError):
    """An error response: `code`, `message` and `data` as the server sent them."""

    code: int
    message: str
    data: Any

    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(f"{code} {message}")
        self.code = code
        self.message = message
        self.data = data

    def _field(self, name: str) -> Optional[Any]:
        return self.data.get(name) if isinstance(self.data, dict) else None


class ProtocolError(RPCError):
    """The request itself was wrong: JSON-RPC's standard codes, -32700 to -32603."""


class ParseError(ProtocolError):
    """-32700: the message was not JSON."""


class InvalidRequest(ProtocolError):
    """-32600: not a request object, a message too long, or a request after `shutdown`."""


class MethodNotFound(ProtocolError):
    """-32601: no method with that name."""


class InvalidParams(ProtocolError):
    """-32602: missing, unknown or mistyped parameters, an unknown app, a malformed declaration."""


class InternalError(ProtocolError):
    """-32603: a bug in the server."""


class ScriptError(RPCError):
    """-32001: Lua failed to compile or run; `data` has `kind`, `file`, `line`, `traceback`."""

    @property
    def kind(self) -> Optional[str]:
        """`syntax`, `runtime`, `badValue` or `io`."""
        return self._field("kind")

    @property
    def file(self) -> Optional[str]:
        return self._field("file")

    @property
    def line(self) -> Optional[int]:
        return self._field("line")


class EngineError(RPCError):
    """-32002: the engine refused the call; `reason` says why (`noPresentation`, `unknownSlot`, ...)."""

    @property
    def reason(self) -> Optional[str]:
        return self._field("reason")


class LimitError(RPCError):
    """-32003: a CPU budget or memory cap, or one of the server's limits; `kind` says which."""

    @property
    def kind(self) -> Optional[str]:
        """`budget`, `memory`, or a server limit (`apps`, `requestBudget`, ...)."""
        return self._field("kind")


class RequestCancelled(RPCError):
    """-32800: the request was cancelled (`$/cancelRequest`)."""


_BY_CODE: Dict[int, Type[RPCError]] = {
    -32700: ParseError,
    -32600: InvalidRequest,
    -32601: MethodNotFound,
    -32602: InvalidParams,
    -32603: InternalError,
    -32001: ScriptError,
    -32002: EngineError,
    -32003: LimitError,
    -32800: RequestCancelled,
}


def error_from(error: Dict[str, Any]) -> RPCError:
    """The exception for an error object `{code, message, data}`.

    A code of the protocol's range that this client does not know is a
    `ProtocolError`; any other unknown code a plain `RPCError`.
    """
    code = int(error.get("code", 0))
    message = str(error.get("message", ""))
    cls = _BY_CODE.get(code)
    if cls is None:
        cls = ProtocolError if -32768 <= code <= -32600 else RPCError
    return cls(code, message, error.get("data"))
