"""A stand-in for an OpenTelemetry collector (OTLP/HTTP, protobuf), for the browser suite's stack: the services and
the gateway export their spans to it, and after the run one judge's score must show as one trace from the gateway
through battles, its outbox relay and the gateway's live fan-out (docs/decisions.md, Observability)."""

from __future__ import annotations

import threading
from collections import defaultdict
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest


@dataclass(frozen=True)
class Span:
    trace_id: str
    service: str
    name: str


class Collector:
    """Receives `POST /v1/traces` on 127.0.0.1 and keeps every span it is sent, in memory."""

    def __init__(self) -> None:
        self.spans: list[Span] = []
        self._lock = threading.Lock()
        collector = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                body = self.rfile.read(int(self.headers.get("content-length", 0)))
                request = ExportTraceServiceRequest()
                request.ParseFromString(body)
                collector._add(request)
                self.send_response(200)
                self.send_header("content-type", "application/x-protobuf")
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
                return

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def _add(self, request: ExportTraceServiceRequest) -> None:
        found = []
        for resource_spans in request.resource_spans:
            attributes = {a.key: a.value.string_value for a in resource_spans.resource.attributes}
            service = attributes.get("service.name", "?")
            for scope_spans in resource_spans.scope_spans:
                found += [Span(span.trace_id.hex(), service, span.name) for span in scope_spans.spans]
        with self._lock:
            self.spans += found

    def __enter__(self) -> Collector:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._server.shutdown()
        self._server.server_close()


# One judge's score, as its trace must show it: the gateway's request, battles' request, the relay publishing the
# event, and the gateway writing it to the live feed's subscribers.
JUDGE_SCORE = (
    ("gateway", lambda name: name.startswith("POST /api/sparrings")),
    ("battles", lambda name: name.startswith("POST") and name.endswith("/judge")),
    ("battles", lambda name: name == "publish battles.sparring.scored"),
    ("gateway", lambda name: name == "live fan-out"),
)


def judge_score_trace(spans: list[Span]) -> tuple[bool | None, str]:
    """(True, summary) when a judge's score was followed end to end in one trace; (False, why) when scores were
    made but none was; (None, why) when the run made no judge's score (a subset of the suite)."""
    traces: dict[str, list[Span]] = defaultdict(list)
    for span in spans:
        traces[span.trace_id].append(span)
    scored = [
        trace for trace in traces.values() if any(JUDGE_SCORE[1][1](s.name) for s in trace if s.service == "battles")
    ]
    if not scored:
        return None, f"no judge's score among {len(spans)} spans of {len(traces)} traces"
    for trace in scored:
        if all(any(s.service == service and match(s.name) for s in trace) for service, match in JUDGE_SCORE):
            names = sorted({f"{s.service}: {s.name}" for s in trace})
            return True, f"one trace of {len(trace)} spans: " + "; ".join(names)
    example = sorted({f"{s.service}: {s.name}" for s in scored[0]})
    return False, f"{len(scored)} judge's scores, none traced end to end; one has: " + "; ".join(example)
