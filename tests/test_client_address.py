"""The client address the throttles count (issue 26): nginx's X-Forwarded-For is believed only
from loopback or a trusted proxy, its rightmost untrusted entry is the browser, IPv6 counts by
its /64, and an old open-profile cookie makes its browser the owner only while it has none."""

from __future__ import annotations

import pytest

from trainer.store import ProgressStore
from trainer.ui.client import LOOPBACK, from_headers


@pytest.mark.parametrize(("peer", "forwarded", "trusted", "counted"), [
    (None, "203.0.113.5", set(), "203.0.113.5"),  # nginx on loopback
    (None, "1.2.3.4, 203.0.113.5", set(), "203.0.113.5"),  # a forged entry on the left
    (None, None, set(), LOOPBACK),  # a browser on this machine, no proxy
    (None, "127.0.0.1", set(), LOOPBACK),
    ("198.51.100.7", "1.2.3.4", set(), "198.51.100.7"),  # not a proxy: its header is no word
    ("10.0.0.2", "203.0.113.5, 10.0.0.3", {"10.0.0.2", "10.0.0.3"}, "203.0.113.5"),
    (None, "2001:db8:1:2:3:4:5:6", set(), "2001:db8:1:2::/64"),
    ("2001:db8:1:2::9", None, set(), "2001:db8:1:2::/64"),
    ("::ffff:203.0.113.8", None, set(), "203.0.113.8"),
])
def test_the_browser_address_behind_a_proxy(peer: str | None, forwarded: str | None,
                                            trusted: set[str], counted: str) -> None:
    assert from_headers(peer, forwarded, trusted) == counted


def test_an_old_open_profile_cookie_adopts_once(db: tuple[ProgressStore, str]) -> None:
    store, ann = db
    first = store.accounts.adopt_open_profile(int(ann))
    assert first is not None and store.owns(int(ann), first)
    assert store.accounts.adopt_open_profile(int(ann)) is None  # it has an owner now
    private = store.create_learner("Cleo", password="correct horse battery")
    assert store.accounts.adopt_open_profile(private.id) is None
