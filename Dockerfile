# syntax=docker/dockerfile:1
# gomoku-ai container image: the HTTP service only (`gomoku-ai serve`).
#
# Build:  docker build -t gomoku-ai:0.1.0 .
# Run:    docker run --rm -p 8080:8080 gomoku-ai:0.1.0
#
# Three stages: `chef` pins the toolchain, `builder` compiles the dependencies in their own
# layer (rebuilt only when Cargo.toml/Cargo.lock change) and then the crate, `runtime` carries
# the one binary on a distroless base (glibc + libgcc, no shell, no package manager).
# The builder is Debian 12 to match the runtime's glibc.

ARG RUST_VERSION=1.95.0

FROM rust:${RUST_VERSION}-slim-bookworm AS chef
WORKDIR /build
RUN cargo install cargo-chef --version 0.1.78 --locked

# The dependency recipe only changes when the manifests do, so the cook step below is cached
# across source edits.
FROM chef AS planner
COPY . .
RUN cargo chef prepare --recipe-path recipe.json

FROM chef AS builder
COPY --from=planner /build/recipe.json recipe.json
RUN cargo chef cook --release --locked --recipe-path recipe.json
COPY . .
RUN cargo build --release --locked --bin gomoku-ai \
    && install -D -m 0755 target/release/gomoku-ai /out/gomoku-ai

FROM gcr.io/distroless/cc-debian12:nonroot AS runtime
ARG VERSION=0.1.0
LABEL org.opencontainers.image.title="gomoku-ai" \
      org.opencontainers.image.description="A Gomoku (five-in-a-row) AI served as a stateless HTTP/JSON microservice" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.licenses="MIT"
COPY --from=builder /out/gomoku-ai /usr/local/bin/gomoku-ai
# distroless' `nonroot` user (uid/gid 65532); the Kubernetes securityContext pins the same ids.
USER 65532:65532
# Inside a container the service must listen on every interface; every other setting keeps the
# binary's default unless a GOMOKU_* variable (see k8s/configmap.yaml) overrides it.
ENV GOMOKU_BIND=0.0.0.0:8080 \
    GOMOKU_LOG_FORMAT=json
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/gomoku-ai"]
CMD ["serve"]
