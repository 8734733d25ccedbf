"""The address a page's browser connects from, for the throttles of sign-in and profile creation.

Streamlit gives the address of the connection's peer (``None`` on loopback). Behind nginx that
peer is nginx itself, which appends the browser's address to ``X-Forwarded-For``: that header is
believed only when the peer is loopback or one of ``DOU14_TRUSTED_PROXIES`` (addresses,
comma-separated), and then its rightmost entry that is not itself a trusted proxy is the
browser — entries further left are whatever the browser chose to send. IPv6 addresses count by
their /64 network (one home or phone gets a /64 to pick addresses from)."""

from __future__ import annotations

import ipaddress
import os

import streamlit as st

TRUSTED_ENV = "DOU14_TRUSTED_PROXIES"
LOOPBACK = "loopback"


def _trusted() -> set[str]:
    return {part.strip() for part in os.environ.get(TRUSTED_ENV, "").split(",") if part.strip()}


def _counted(address: str) -> str:
    """An address as the throttles count it: IPv4 as it is, IPv6 by its /64 network."""
    try:
        parsed = ipaddress.ip_address(address.strip().strip("[]"))
    except ValueError:
        return address.strip()[:64]
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


def from_headers(peer: str | None, forwarded: str | None, trusted: set[str]) -> str:
    """The browser's address from the connection's ``peer`` (``None``: loopback) and its
    ``X-Forwarded-For`` header, believing the header only from a trusted peer."""
    if peer is not None and peer not in trusted:
        return _counted(peer)
    hops = [hop.strip() for hop in (forwarded or "").split(",") if hop.strip()]
    for hop in reversed(hops):
        if hop not in trusted and _counted(hop) != "127.0.0.1" and hop != "::1":
            return _counted(hop)
    return LOOPBACK if peer is None else _counted(peer)


def client_address() -> str | None:
    """This session's browser address, or ``None`` with no browser behind the run (AppTest)."""
    try:
        headers = st.context.headers
        peer = st.context.ip_address
    except (AttributeError, RuntimeError):
        return None
    if not headers:
        return None
    return from_headers(peer, headers.get("X-Forwarded-For"), _trusted())
