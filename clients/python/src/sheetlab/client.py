"""`Client`: starts `sheetlab serve` and calls its methods."""
from __future__ import annotations

import subprocess
from types import TracebackType
from typing import IO, Any, Dict, Iterator, Mapping, Optional, Sequence, Type

from ._methods import Methods
from ._types import InitializeResult
from .connection import Connection, Notification, PendingCall, spawn
from .errors import SheetLabError

PROTOCOL_VERSION = 2
"""The `serve` protocol version this client speaks (`initialize` checks it)."""


class Client(Methods):
    """A connection to `sheetlab serve`, with every method of the server.

    As a context manager it starts the server (unless given streams),
    sends `initialize`, and at the end `shutdown` and `exit`, then waits
    for the process::

        with Client("/path/to/sheetlab") as lab:
            app = lab.create(policies=["examples/policies/queue.lua"], subscribe=True)["app"]
            lab.view(app, {"name": "ContentView", "state": ["item"],
                           "modifiers": [{"kind": "sheet", "item": "item"}]})
            lab.set(app, slot="item", value={"id": 0})
            lab.advance(app, ms=500)
            for n in lab.notifications():
                print(n.event["kind"])

    Methods take the app id first, then the other parameters by name, as
    docs/serve.md lists them; each returns the result as JSON values and
    raises an `RPCError` subclass for an error response. `start` sends a
    request without waiting, for cancellation.
    """

    def __init__(self, executable: str = "sheetlab", args: Sequence[str] = (), *, cwd: Optional[str] = None,
                 env: Optional[Mapping[str, str]] = None, streams: Optional[tuple[IO[bytes], IO[bytes]]] = None,
                 timeout: Optional[float] = 60) -> None:
        """Starts `executable serve ARGS...` (or uses `streams`, a reader and a writer).

        Args:
            executable: the `sheetlab` binary.
            args: `serve`'s options, e.g. `["--profile", "iphonese-ios16"]`.
            cwd: the server's working directory (relative policy paths are resolved there).
            env: the server's environment.
            streams: talk over these instead of starting a process.
            timeout: how long a call waits for its answer, in seconds (None: for ever).
        """
        self.timeout = timeout
        self.process: Optional["subprocess.Popen[bytes]"] = None
        if streams is None:
            self.process = spawn(executable, args, cwd=cwd, env=env)
            assert self.process.stdout is not None and self.process.stdin is not None
            streams = (self.process.stdout, self.process.stdin)
        self.connection = Connection(*streams)
        self.server_info: Optional[InitializeResult] = None

    # What the generated methods call.
    def _call(self, method: str, params: Dict[str, Any]) -> Any:
        return self.connection.call(method, params, self.timeout)

    def _notify(self, method: str, params: Dict[str, Any]) -> None:
        self.connection.notify(method, params)

    def call(self, method: str, **params: Any) -> Any:
        """Calls any method by its `serve` name; `None` parameters are left out."""
        return self._call(method, {k: v for k, v in params.items() if v is not None})

    def start(self, method: str, **params: Any) -> PendingCall:
        """Sends a request without waiting: `.result()` waits, `.cancel()` cancels it."""
        return self.connection.start(method, {k: v for k, v in params.items() if v is not None})

    def notifications(self, timeout: Optional[float] = 0) -> Iterator[Notification]:
        """The `event` and `print` notifications received so far, each once.

        The server sends a request's notifications before its response, so
        after a call they are all here. `timeout` as `Connection.notifications`.
        """
        return self.connection.notifications(timeout)

    # The life cycle.
    def __enter__(self) -> "Client":
        try:
            self.server_info = self.initialize(protocol_version=PROTOCOL_VERSION, client={"name": "sheetlab-python"})
        except BaseException:
            self.disconnect()
            raise
        return self

    def __exit__(self, kind: Optional[Type[BaseException]], error: Optional[BaseException],
                 traceback: Optional[TracebackType]) -> None:
        try:
            if not self.connection.closed:
                self.shutdown()
                self.exit()
        except SheetLabError:
            pass
        finally:
            self.disconnect()

    def disconnect(self, timeout: float = 10) -> Optional[int]:
        """Closes the server's input and waits for it to end; its exit code."""
        if self.process is None:
            return None
        if self.process.stdin is not None and not self.process.stdin.closed:
            try:
                self.process.stdin.close()
            except OSError:
                pass
        try:
            code = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            code = self.process.wait()
        self.connection.join(timeout)
        if self.process.stdout is not None:
            self.process.stdout.close()
        return code
