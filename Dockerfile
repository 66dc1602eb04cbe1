# plant-store-mock, the reference Plant Store server, as a container image. Build it with
# `npm run image` (scripts/build-image.ts), which assembles the build context on the host: this
# file only copies what is there. The base is empty (FROM scratch) rather than a distribution's
# image because nothing may be pulled from a registry and nothing may be installed inside the
# build; Node 24 and the few shared libraries it loads (libc, libstdc++, libm, libgcc_s, ...)
# come from the host's files, so the image holds nothing else: no shell, no package manager.
FROM scratch

ARG VERSION
LABEL org.opencontainers.image.title="plant-store-mock" \
      org.opencontainers.image.description="The reference Plant Store API server of plant-store-sdk (GET/POST /plants), for demos and end-to-end suites." \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.licenses="MIT"

COPY rootfs/ /
COPY app/node_modules/ /app/node_modules/
# /data belongs to the image's user, so a new named volume mounted there (which takes the
# owner of the image's directory) is writable with no --user and no chown. Not a VOLUME: a run
# without --data needs no storage, and would otherwise leave an anonymous volume behind.
COPY --chown=10001:10001 data/ /data/

USER 10001:10001
# A relative --data or --seed path (--data plants.log) lands on the mounted volume.
WORKDIR /data
ENV NODE_ENV=production
EXPOSE 4010
# Inside a container the server must listen on every interface to be reached through a mapped
# port; a --host given to `docker run IMAGE ...` comes later and wins. Node runs as PID 1: the
# CLI handles SIGTERM and SIGINT itself, so `docker stop` closes it gracefully.
ENTRYPOINT ["/usr/local/bin/node", "/app/node_modules/plant-store-sdk/dist/bin/plant-store-mock.js", "--host", "0.0.0.0"]
