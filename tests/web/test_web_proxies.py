"""docs/hosting.md's Caddy, nginx and container examples, read and held to what `pnp serve`
expects (issue 43): the proxy reaches pnp where the page's `pnp serve` listens, `--proxy` names
the address the proxy's connections come from (or pnp counts the whole school as one client),
`--allow-host` the proxy's name, the Host and X-Forwarded-For pnp reads are passed, HTTP/1.1 to
pnp, the proxy's header deadline no longer than pnp's, room for pnp's largest upload, a wait for
an answer longer than pnp's longest, and the allow-list that keeps the page to the school."""

from __future__ import annotations

import ipaddress
import json
import re
import shlex

import pytest

from pnp.cli import cli
from pnp.web.clients import Proxies, networks_of
from pnp.web.site import MAX_UPLOAD, PUBLIC
from pnp.web.tools import DAY_TIMEOUT
from web_helpers import ROOT

HOSTING = (ROOT / "docs" / "hosting.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```(\w+)\n(.*?)```", HOSTING, re.S)


def block(test) -> str:
    found = [text for _, text in BLOCKS if test(text)]
    assert len(found) == 1, f"{len(found)} blocks match"
    return found[0]


CADDY = block(lambda t: "reverse_proxy 127.0.0.1" in t)
NGINX = block(lambda t: "proxy_pass" in t)
SERVE_BEHIND = next(line.lstrip("$ ") for line in HOSTING.splitlines()
                    if line.startswith("$ pnp serve") and "--proxy" in line)


def options(line: str) -> dict:
    words = shlex.split(line)
    context = cli.commands["serve"].make_context("serve", words[words.index("serve") + 1:])
    return context.params


def seconds(text: str) -> float:
    number, unit = re.fullmatch(r"(\d+)(ms|s|m|h)?", text).groups()
    return int(number) * {"ms": 0.001, "s": 1, "m": 60, "h": 3600, None: 1}[unit]


def size(text: str) -> int:
    number, unit = re.fullmatch(r"(\d+)([kKmMgG][bB]?)?", text).groups()
    unit = (unit or "").upper().rstrip("B")
    # Caddy's "MB" is 10^6 (and "MiB" 2^20); nginx's "m" is 2^20
    base = 2**10 if text.endswith(("m", "k", "g")) else 1000
    return int(number) * {"": 1, "K": base, "M": base**2, "G": base**3}[unit]


def directive(text: str, name: str) -> list[str]:
    """Every value of a directive (``name value...;`` in nginx, ``name value...`` in Caddy)."""
    return [m.group(1).strip().rstrip(";").strip()
            for m in re.finditer(rf"^\s*{re.escape(name)}\s+([^\n#]*)", text, re.M)]


def upstream(address: str) -> tuple[str, int]:
    address = address.split("://", 1)[-1].rstrip("/")
    host, _, port = address.rpartition(":")
    return host.strip("[]"), int(port)


@pytest.fixture(scope="module")
def behind():
    return options(SERVE_BEHIND)


@pytest.mark.parametrize("config, address", [
    (CADDY, directive(CADDY, "reverse_proxy")[0]),
    (NGINX, directive(NGINX, "proxy_pass")[0]),
])
def test_the_proxy_reaches_pnp_where_it_listens_and_pnp_believes_it(behind, config, address):
    host, port = upstream(address)
    assert (host, port) == (behind["host"], behind["port"])
    # the proxy connects from loopback: --proxy must cover it, or X-Forwarded-For is ignored
    # and every teacher counts as the proxy's one address
    proxies = Proxies(networks_of(behind["proxy"]))
    assert host in proxies and ipaddress.ip_address(host).is_loopback
    assert behind["public"]


def test_both_proxies_are_named_by_allow_host(behind):
    site = directive(CADDY, "pnp.school.example")      # Caddy's site address opens its block
    assert site and "pnp.school.example" in behind["allow_host"]
    assert directive(NGINX, "server_name") == ["pnp.school.example"]


def test_nginx_passes_what_pnp_reads():
    headers = dict(v.split(None, 1) for v in directive(NGINX, "proxy_set_header"))
    assert headers["Host"] == "$host"                   # the name the person typed
    # appended, so pnp's last entry is the address nginx itself saw
    assert headers["X-Forwarded-For"] == "$proxy_add_x_forwarded_for"
    assert directive(NGINX, "proxy_http_version") == ["1.1"]     # pnp speaks HTTP/1.1 only


def test_caddy_changes_no_header_pnp_reads():
    """Caddy's reverse_proxy passes Host and appends to X-Forwarded-For itself; nothing in the
    example may take them away."""
    assert "header_up" not in CADDY and "X-Forwarded-For" not in CADDY
    assert "transport http" not in CADDY or "versions 1.1" in CADDY


def test_the_proxies_deadlines_and_sizes_fit_pnps():
    # headers: the proxy gives up no later than pnp does (or a slow client holds its door)
    assert seconds(directive(CADDY, "read_header")[0]) <= PUBLIC.header_seconds
    assert seconds(directive(NGINX, "client_header_timeout")[0]) <= PUBLIC.header_seconds
    # bodies: room for the largest PDF pnp checks (MAX_UPLOAD) and its form around it
    assert size(directive(CADDY, "max_size")[0]) > MAX_UPLOAD
    assert size(directive(NGINX, "client_max_body_size")[0]) > MAX_UPLOAD
    # answers: a request waits for the board of a date or a job for up to these
    assert seconds(directive(NGINX, "proxy_read_timeout")[0]) > max(DAY_TIMEOUT, PUBLIC.most_seconds)


def test_both_keep_the_page_to_the_school():
    """Only the school's networks get past either proxy (docs: "Only the school")."""
    caddy = directive(CADDY, "@outside")[0]
    assert caddy.startswith("not remote_ip ") and directive(CADDY, "respond") == ["@outside 403"]
    caddy_ranges = caddy.split()[2:]
    allowed = directive(NGINX, "allow")
    # nginx reads allow/deny in order: every allow, then deny all, last
    assert allowed and directive(NGINX, "deny") == ["all"]
    assert NGINX.index("deny all") > max(NGINX.index(f"allow {a}") for a in allowed)
    assert sorted(allowed) == sorted(caddy_ranges)
    for network in allowed:
        assert ipaddress.ip_network(network).is_private


def test_the_container_publishes_the_port_pnp_listens_on_and_keeps_its_folder():
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    entry = json.loads(re.search(r"^ENTRYPOINT (\[.*\])$", text, re.M).group(1))
    run = next(line for line in HOSTING.splitlines() if line.startswith("docker run"))
    words = shlex.split(run)
    given = options(" ".join(shlex.quote(w) for w in entry + words[words.index("pnp") + 1:]))
    assert given["public"] and given["host"] == "0.0.0.0"
    published = words[words.index("-p") + 1].rsplit(":", 1)[-1]
    assert int(published) == given["port"]
    assert re.search(rf"^EXPOSE {given['port']}$", text, re.M)
    volume = words[words.index("-v") + 1].split(":", 1)[1]
    assert volume == given["cache"] and re.search(rf"^VOLUME {re.escape(volume)}$", text, re.M)
    # the proxy on the host reaches the container through the bridge's gateway: --proxy names it
    assert networks_of(given["proxy"]) and "172.17.0.1" in Proxies(networks_of(given["proxy"]))
    assert given["allow_host"]
