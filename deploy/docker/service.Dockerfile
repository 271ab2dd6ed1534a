# syntax=docker/dockerfile:1.7
# One image recipe for every Python service and the gateway (build arg SERVICE = folder under services/, or
# "gateway"). Same slim base everywhere, a non-root user, a health check on /healthz.
ARG PYTHON_IMAGE=python:3.11-slim-bookworm

FROM ${PYTHON_IMAGE} AS build
COPY --from=ghcr.io/astral-sh/uv:0.13 /uv /usr/local/bin/uv
ENV UV_COMPILE_BYTECODE=1 UV_LINK_MODE=copy UV_PYTHON_DOWNLOADS=never
ARG SERVICE
WORKDIR /app
COPY pyproject.toml uv.lock ./
COPY services/ services/
COPY gateway/ gateway/
RUN --mount=type=cache,target=/root/.cache/uv \
    PACKAGE="cypher-${SERVICE}" && \
    uv sync --frozen --no-dev --package "${PACKAGE}"

FROM ${PYTHON_IMAGE}
ARG SERVICE
ENV PATH=/app/.venv/bin:$PATH PYTHONUNBUFFERED=1 CYPHER_ENV=production SERVICE=${SERVICE}
RUN groupadd --system --gid 10001 cypher && useradd --system --uid 10001 --gid cypher --no-create-home cypher
WORKDIR /app
COPY --from=build --chown=cypher:cypher /app /app
USER 10001:10001
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
    CMD ["python", "-c", "import urllib.request,sys; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=2).status == 200 else 1)"]
# The gateway has no database; every service migrates first (advisory-locked, safe with replicas).
CMD ["sh", "-c", "if [ \"$SERVICE\" != gateway ]; then python -m kit.migrate \"$SERVICE\"; fi && exec uvicorn \"$SERVICE.app:create_app\" --factory --host 0.0.0.0 --port 8000 --no-access-log --no-proxy-headers --http kit.serving:HttpProtocol --timeout-graceful-shutdown 20"]
