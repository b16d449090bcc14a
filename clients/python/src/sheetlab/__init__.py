"""A Python client for `sheetlab serve` (docs/serve.md, docs/embedding.md).

    from sheetlab import Client

    with Client("/path/to/sheetlab") as lab:
        print(lab.profiles())

Standard library only; typed (PEP 561).
"""
from ._methods import METHOD_NAMES
from . import _types
from ._types import *  # noqa: F401,F403 (the TypedDicts of results: State, Event, ...)
from .client import PROTOCOL_VERSION, Client
from .connection import Connection, EventNotification, Notification, PendingCall, PrintNotification
from .errors import (
    ConnectionClosed,
    EngineError,
    InternalError,
    InvalidParams,
    InvalidRequest,
    LimitError,
    MethodNotFound,
    ParseError,
    ProtocolError,
    RequestCancelled,
    RPCError,
    ScriptError,
    ServerNotFound,
    SheetLabError,
)

__all__ = [
    "Client", "Connection", "ConnectionClosed", "EngineError", "EventNotification", "InternalError", "InvalidParams",
    "InvalidRequest", "LimitError", "METHOD_NAMES", "MethodNotFound", "Notification", "PROTOCOL_VERSION",
    "ParseError", "PendingCall", "PrintNotification", "ProtocolError", "RPCError", "RequestCancelled",
    "ScriptError", "ServerNotFound", "SheetLabError",
]
__all__ += _types.__all__
