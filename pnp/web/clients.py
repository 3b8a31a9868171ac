"""Who a client is, for the shared mode's limits: an address, as the limits count it, and the
proxies whose word on it is taken.

- IPv6: one home or one classroom is given a whole /64 (2^64 addresses), so limits keyed on
  the whole address let one pupil pass as 40 clients by changing the last bits. A client is
  its /64 (``--ipv6-prefix``, another length for a network that hands out longer ones).
- IPv4-mapped IPv6 (``::ffff:192.0.2.4``, what a dual-stack socket reports for an IPv4 client)
  is that IPv4 address, not a client of its own.
- ``--proxy`` takes addresses and CIDR ranges (``10.0.0.0/8``); a name is resolved once, at
  start, and one that resolves to nothing is refused in one line. Before, the string was
  compared with the peer's address as written, so ``--proxy localhost`` never matched and the
  whole school behind the proxy counted as the proxy's one address.
"""

from __future__ import annotations

import ipaddress
import socket

IPV6_PREFIX = 64


def _address(text: str):
    try:
        address = ipaddress.ip_address(text.strip().strip("[]").split("%", 1)[0])
    except ValueError:
        return None
    if address.version == 6 and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def client_of(text: str, ipv6_prefix: int = IPV6_PREFIX) -> str:
    """The client an address counts as: an IPv4 address, or an IPv6 address's network of
    ``ipv6_prefix`` bits (its /64); what is no address at all, as it is (cut short)."""
    address = _address(text)
    if address is None:
        return text.strip()[:64]
    if address.version == 6:
        return str(ipaddress.ip_network(f"{address}/{ipv6_prefix}", strict=False))
    return str(address)


def networks_of(given, resolve=socket.getaddrinfo) -> list[str]:
    """``--proxy``'s values as networks (an address is a network of one); a name resolved now
    to its addresses. ValueError, one line, for a name that resolves to nothing."""
    out: list[str] = []
    for value in given:
        value = value.strip()
        try:
            out.append(str(ipaddress.ip_network(value.strip("[]"), strict=False)))
            continue
        except ValueError:
            pass
        try:
            found = {info[4][0] for info in resolve(value, None, type=socket.SOCK_STREAM)}
        except (OSError, UnicodeError):
            found = set()
        addresses = sorted(str(a) for a in map(_address, found) if a is not None)
        if not addresses:
            raise ValueError(f"--proxy {value}: neither an address, a range (10.0.0.0/8) nor a "
                             "name this machine can resolve")
        out.extend(str(ipaddress.ip_network(a)) for a in addresses)
    return out


class Proxies:
    """The networks whose X-Forwarded-For is believed."""

    def __init__(self, networks=()):
        self.networks = [ipaddress.ip_network(n, strict=False) for n in networks]

    def __bool__(self) -> bool:
        return bool(self.networks)

    def __contains__(self, text: str) -> bool:
        address = _address(text)
        return address is not None and any(address.version == n.version and address in n
                                           for n in self.networks)
