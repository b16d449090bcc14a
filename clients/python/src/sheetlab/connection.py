"""The JSON-RPC 2.0 connection to a `sheetlab serve` process.

A reader thread reads the server's output, one JSON message per line:
responses resolve the pending request with their id; notifications
(`event`, `print`) go to a queue that `notifications()` drains. The server
writes the notifications a request causes before its response, so once a
call has returned, its notifications are in the queue.
"""
from __future__ import annotations

import itertools
import json
import os
import queue
import subprocess
import threading
from dataclasses import dataclass
from typing import IO, Any, Dict, Iterator, List, Mapping, Optional, Sequence, Union

from .errors import ConnectionClosed, ServerNotFound, error_from

JSONValue = Any
"""Any JSON value, as `json` reads it."""

RequestId = Union[int, str]


@dataclass(frozen=True)
class Notification:
    """A notification from the server: `method` and `params`."""

    method: str
    params: Dict[str, Any]

    @property
    def app(self) -> Optional[int]:
        """The app it concerns."""
        return self.params.get("app")


@dataclass(frozen=True)
class EventNotification(Notification):
    """`event`: an event on a subscribed app's timeline."""

    @property
    def event(self) -> Dict[str, Any]:
        """The timeline entry: `index`, `time`, `kind`, `severity`, `presenter`, `detail`, ..."""
        return dict(self.params["event"])


@dataclass(frozen=True)
class PrintNotification(Notification):
    """`print`: what Lua's `print` wrote in an app."""

    @property
    def text(self) -> str:
        return str(self.params["text"])


def _notification(method: str, params: Dict[str, Any]) -> Notification:
    if method == "event":
        return EventNotification(method, params)
    if method == "print":
        return PrintNotification(method, params)
    return Notification(method, params)


class PendingCall:
    """A request that was sent and may not have been answered yet.

    `result()` waits for the answer (raising the error it carries);
    `cancel()` asks the server to stop it (`$/cancelRequest`), after which
    `result()` raises `RequestCancelled` unless it had already finished.
    """

    def __init__(self, connection: "Connection", request_id: RequestId, method: str) -> None:
        self.id = request_id
        self.method = method
        self._connection = connection
        self._done = threading.Event()
        self._response: Optional[Dict[str, Any]] = None

    def _resolve(self, response: Optional[Dict[str, Any]]) -> None:
        self._response = response
        self._done.set()

    def done(self) -> bool:
        """Whether the answer has come (or the connection closed)."""
        return self._done.is_set()

    def cancel(self) -> None:
        """Sends `$/cancelRequest` for this request."""
        self._connection.notify("$/cancelRequest", {"id": self.id})

    def result(self, timeout: Optional[float] = None) -> JSONValue:
        """The result; raises the error response as an `RPCError` subclass.

        Raises:
            TimeoutError: no answer within `timeout` seconds.
            ConnectionClosed: the server went away first.
        """
        if not self._done.wait(timeout):
            raise TimeoutError(f"no answer to {self.method} (id {self.id}) within {timeout} s")
        response = self._response
        if response is None:
            raise ConnectionClosed(f"the server closed the connection before answering {self.method}")
        if "error" in response:
            raise error_from(response["error"])
        return response.get("result")


class Connection:
    """Messages to and from a server over two streams (usually a process's pipes)."""

    def __init__(self, reader: IO[bytes], writer: IO[bytes]) -> None:
        self._writer = writer
        self._write_lock = threading.Lock()
        self._pending: Dict[RequestId, PendingCall] = {}
        self._pending_lock = threading.Lock()
        self._ids = itertools.count(1)
        self._notifications: "queue.Queue[Optional[Notification]]" = queue.Queue()
        self._closed = False
        self._thread = threading.Thread(target=self._read, args=(reader,), daemon=True)
        self._thread.start()

    def _read(self, reader: IO[bytes]) -> None:
        for raw in reader:
            line = raw.strip()
            if not line:
                continue
            try:
                message = json.loads(line)
            except ValueError:
                continue
            if isinstance(message, list):
                for item in message:
                    self._dispatch(item)
            else:
                self._dispatch(message)
        self._closed = True
        with self._pending_lock:
            pending, self._pending = list(self._pending.values()), {}
        for call in pending:
            call._resolve(None)
        self._notifications.put(None)

    def _dispatch(self, message: Mapping[str, Any]) -> None:
        if "method" in message:
            self._notifications.put(_notification(str(message["method"]), dict(message.get("params") or {})))
            return
        with self._pending_lock:
            call = self._pending.pop(message.get("id"), None)  # type: ignore[arg-type]
        if call is not None:
            call._resolve(dict(message))

    def _send(self, message: Dict[str, Any]) -> None:
        data = (json.dumps(message, separators=(",", ":"), allow_nan=False) + "\n").encode("utf-8")
        with self._write_lock:
            try:
                self._writer.write(data)
                self._writer.flush()
            except (BrokenPipeError, ValueError, OSError) as e:
                raise ConnectionClosed(f"cannot write to the server: {e}") from e

    @property
    def closed(self) -> bool:
        """Whether the server's output has ended."""
        return self._closed

    def start(self, method: str, params: Optional[Mapping[str, Any]] = None) -> PendingCall:
        """Sends a request without waiting for its answer."""
        if self._closed:
            raise ConnectionClosed("the server has closed the connection")
        request_id = next(self._ids)
        call = PendingCall(self, request_id, method)
        with self._pending_lock:
            self._pending[request_id] = call
        message: Dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params:
            message["params"] = dict(params)
        try:
            self._send(message)
        except ConnectionClosed:
            with self._pending_lock:
                self._pending.pop(request_id, None)
            raise
        return call

    def call(self, method: str, params: Optional[Mapping[str, Any]] = None, timeout: Optional[float] = None) -> JSONValue:
        """Sends a request and waits for its result.

        A request not answered within `timeout` seconds is cancelled
        (`$/cancelRequest`) before `TimeoutError` is raised, so the server
        stops it and the next call does not wait behind it.
        """
        pending = self.start(method, params)
        try:
            return pending.result(timeout)
        except TimeoutError as e:
            try:
                pending.cancel()
            except ConnectionClosed:
                pass
            raise TimeoutError(f"{e}; it was cancelled ($/cancelRequest)") from None

    def notify(self, method: str, params: Optional[Mapping[str, Any]] = None) -> None:
        """Sends a notification (no answer comes)."""
        message: Dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params:
            message["params"] = dict(params)
        self._send(message)

    def notifications(self, timeout: Optional[float] = 0) -> Iterator[Notification]:
        """The notifications received so far, oldest first, each once.

        With `timeout` 0 (the default) it stops when none is waiting; with a
        number of seconds it waits that long for each next one; with None it
        waits until the connection closes.
        """
        while True:
            try:
                if timeout == 0:
                    item = self._notifications.get_nowait()
                else:
                    item = self._notifications.get(timeout=timeout)
            except queue.Empty:
                return
            if item is None:
                self._notifications.put(None)  # stay closed for later calls
                return
            yield item

    def join(self, timeout: Optional[float] = None) -> None:
        """Waits for the reader thread (the server's output to end)."""
        self._thread.join(timeout)


def spawn(executable: str, args: Sequence[str], cwd: Optional[str] = None,
          env: Optional[Mapping[str, str]] = None) -> "subprocess.Popen[bytes]":
    """Starts `executable serve ARGS...` with pipes for the protocol.

    Raises:
        ServerNotFound: there is no such executable (nor one on PATH by that name).
    """
    try:
        return subprocess.Popen(
            [executable, "serve", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=cwd,
            env=dict(env) if env is not None else None)
    except FileNotFoundError:
        where = "on PATH" if os.sep not in executable else f"at {executable}"
        raise ServerNotFound(
            f"no sheetlab binary {where}: give its path (Client('/path/to/sheetlab')) or put it on PATH; "
            "build it with: swift build -c release --product sheetlab") from None


__all__: List[str] = [
    "Connection", "EventNotification", "JSONValue", "Notification", "PendingCall", "PrintNotification",
    "RequestId", "spawn",
]
