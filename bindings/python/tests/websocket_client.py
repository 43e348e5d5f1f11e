"""A small WebSocket client (RFC 6455) on the standard library, for the web host's tests:
JSON text messages only, the client's frames masked as the RFC requires of clients."""
from __future__ import annotations

import base64
import json
import os
import socket
import struct
from typing import Any


class WebSocketClient:
    """A connection to a `frond.web.WebServer`'s socket, as its page makes one."""

    def __init__(self, port: int, path: str = "/socket") -> None:
        self._socket = socket.create_connection(("127.0.0.1", port), timeout=5)
        key = base64.b64encode(os.urandom(16)).decode()
        self._socket.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                              f"Origin: http://127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                              f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        self._buffer = b""
        while b"\r\n\r\n" not in self._buffer:
            self._receive_more()
        head, self._buffer = self._buffer.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise ConnectionError(f"the server refused the socket: {head.decode(errors='replace')}")

    def _receive_more(self) -> None:
        chunk = self._socket.recv(65536)
        if not chunk:
            raise ConnectionError("the server closed the connection")
        self._buffer += chunk

    def send(self, message: object) -> None:
        payload = json.dumps(message).encode()
        length = len(payload)
        if length < 126:
            header = struct.pack("!BB", 0x81, 0x80 | length)
        elif length < 1 << 16:
            header = struct.pack("!BBH", 0x81, 0x80 | 126, length)
        else:
            header = struct.pack("!BBQ", 0x81, 0x80 | 127, length)
        mask = os.urandom(4)
        self._socket.sendall(header + mask + bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload)))

    def _frame(self) -> tuple[int, bytes] | None:
        """The next whole frame in the buffer (its opcode and payload), taken out of it."""
        if len(self._buffer) < 2:
            return None
        length, start = self._buffer[1] & 0x7F, 2
        if length == 126:
            if len(self._buffer) < 4:
                return None
            length, start = struct.unpack("!H", self._buffer[2:4])[0], 4
        elif length == 127:
            if len(self._buffer) < 10:
                return None
            length, start = struct.unpack("!Q", self._buffer[2:10])[0], 10
        if len(self._buffer) < start + length:
            return None
        opcode, payload = self._buffer[0] & 0x0F, self._buffer[start:start + length]
        self._buffer = self._buffer[start + length:]
        return opcode, payload

    def receive(self, timeout: float) -> Any:
        """The next message, decoded; None when none comes within `timeout` seconds."""
        self._socket.settimeout(timeout)
        while True:
            frame = self._frame()
            if frame is not None:
                opcode, payload = frame
                if opcode == 1:
                    return json.loads(payload)
                if opcode == 8:
                    raise ConnectionError("the server closed the socket")
                continue
            try:
                self._receive_more()
            except (socket.timeout, TimeoutError):
                return None

    def close(self) -> None:
        self._socket.close()
