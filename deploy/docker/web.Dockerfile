# syntax=docker/dockerfile:1.7
# The SPA: built with Node, served as static files by an unprivileged nginx (history fallback to index.html).
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY proto-contracts/ proto-contracts/
COPY web/package.json web/package-lock.json web/
RUN cd web && npm ci --no-audit --no-fund
COPY web/ web/
COPY deploy/docker/security-headers.mjs deploy/docker/
RUN cd web && npm run build && node ../deploy/docker/security-headers.mjs dist/index.html > /src/security-headers.conf

FROM nginxinc/nginx-unprivileged:1.27-alpine
COPY deploy/docker/web-nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /src/security-headers.conf /etc/nginx/snippets/security-headers.conf
COPY --from=build /src/web/dist /usr/share/nginx/html
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/"]
