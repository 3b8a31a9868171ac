# pnp serve in its shared mode (docs/hosting.md): `docker build -t pnp .`, then
# `docker run -p 127.0.0.1:8000:8000 -v pnp-cache:/var/cache/pnp pnp --allow-host NAME`.
# Arguments after the image name are more `pnp serve` options.
FROM python:3.11-slim

# a C compiler for the perfect-play solver's core (14-27 times faster than pure Python);
# removed again once pnp is installed
COPY . /src
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && pip install --no-cache-dir /src \
    && apt-get purge -y gcc libc6-dev && apt-get autoremove -y \
    && rm -rf /var/lib/apt/lists/* /src \
    && useradd --system --home-dir /var/lib/pnp --create-home pnp \
    && mkdir -p /var/cache/pnp && chown pnp /var/cache/pnp

USER pnp
WORKDIR /var/lib/pnp
VOLUME /var/cache/pnp
EXPOSE 8000
# SIGTERM (docker stop): pnp stops its workers, removes its temporary folder and exits 0
STOPSIGNAL SIGTERM
ENTRYPOINT ["pnp", "serve", "--public", "--host", "0.0.0.0", "--port", "8000", "--cache", "/var/cache/pnp"]
CMD []
