"""The upload body, parsed as it arrives (python-multipart's streaming parser over `request.stream()`), so a
file is counted while it streams and refused the moment it passes the limit: never more than the limit is
kept, in memory up to 1 MiB and in a temporary file beyond. FastAPI's `UploadFile` would first spool the whole
body, however big, before our code could count it."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from typing import IO

from python_multipart.exceptions import MultipartParseError
from python_multipart.multipart import MultipartParser, parse_options_header
from starlette.requests import ClientDisconnect, Request

from images.images.exceptions import ImageTooLarge, NoFile, NotMultipart

FILE_FIELD = b"file"
IN_MEMORY_BYTES = 1024 * 1024
# What a browser adds around one file (boundaries, part headers, a few small fields) is far below this; a
# declared length above limit + this is refused before a byte is read.
ENVELOPE_ALLOWANCE = 64 * 1024
OTHER_FIELDS_LIMIT = 64 * 1024


@dataclass
class Upload:
    file: IO[bytes]
    size: int
    filename: str | None

    def close(self) -> None:
        self.file.close()


@dataclass
class _Reader:
    limit: int
    file: IO[bytes]
    size: int = 0
    other_bytes: int = 0
    filename: str | None = None
    has_file: bool = False
    in_file: bool = False
    ended: bool = False
    _headers: dict[bytes, bytes] = field(default_factory=dict)
    _name: bytes = b""
    _value: bytes = b""

    def callbacks(self) -> dict[str, object]:
        return {
            "on_part_begin": self._part_begin,
            "on_header_field": self._header_field,
            "on_header_value": self._header_value,
            "on_header_end": self._header_end,
            "on_headers_finished": self._headers_finished,
            "on_part_data": self._part_data,
            "on_part_end": self._part_end,
            "on_end": self._end,
        }

    def _part_begin(self) -> None:
        self._headers = {}
        self._name = self._value = b""
        self.in_file = False

    def _header_field(self, data: bytes, start: int, end: int) -> None:
        self._name += data[start:end]

    def _header_value(self, data: bytes, start: int, end: int) -> None:
        self._value += data[start:end]

    def _header_end(self) -> None:
        self._headers[self._name.strip().lower()] = self._value.strip()
        self._name = self._value = b""

    def _headers_finished(self) -> None:
        _, options = parse_options_header(self._headers.get(b"content-disposition"))
        if options.get(b"name") == FILE_FIELD and not self.has_file:
            self.in_file = self.has_file = True
            filename = options.get(b"filename")
            self.filename = filename.decode("utf-8", "replace")[:255] if filename else None

    def _part_data(self, data: bytes, start: int, end: int) -> None:
        if self.in_file:
            self.size += end - start
            if self.size > self.limit:
                raise ImageTooLarge()
            self.file.write(data[start:end])
        else:
            self.other_bytes += end - start
            if self.other_bytes > OTHER_FIELDS_LIMIT:
                raise NotMultipart("Send only the image in the upload (multipart field file).")

    def _part_end(self) -> None:
        self.in_file = False

    def _end(self) -> None:
        self.ended = True


async def read_upload(request: Request, *, limit: int) -> Upload:
    """The `file` field of a multipart body; ImageTooLarge as soon as it passes `limit` bytes."""
    content_type, params = parse_options_header(request.headers.get("content-type"))
    boundary = params.get(b"boundary")
    if content_type != b"multipart/form-data" or not boundary:
        raise NotMultipart()
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit + ENVELOPE_ALLOWANCE:
        raise ImageTooLarge()
    spooled = tempfile.SpooledTemporaryFile(max_size=IN_MEMORY_BYTES)  # noqa: SIM115 - returned to the caller
    reader = _Reader(limit=limit, file=spooled)
    try:
        parser = MultipartParser(boundary, reader.callbacks())  # type: ignore[arg-type]
        async for chunk in request.stream():
            if chunk:
                parser.write(chunk)
            if reader.ended:
                break
        parser.finalize()
    except MultipartParseError as exc:
        spooled.close()
        raise NotMultipart("The upload could not be read: send it as multipart/form-data.") from exc
    except ClientDisconnect as exc:
        spooled.close()
        raise NotMultipart("The upload was interrupted.") from exc
    except BaseException:
        spooled.close()
        raise
    if not reader.ended:
        spooled.close()
        raise NotMultipart("The upload was interrupted.")
    if not reader.has_file or reader.size == 0:
        spooled.close()
        raise NoFile()
    spooled.seek(0)
    return Upload(spooled, reader.size, reader.filename)
