"""The nginx configuration ``dou14 serve`` writes (issue 15): nginx accepts it, a browser's first
request is spread by least connections, and the cookie nginx sets names one replica, whose own
upstream lists it first and the others only as backups (a dead replica's browsers go on)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from trainer.serve import NGINX, nginx_config


def _upstreams(config: str) -> dict[str, list[str]]:
    return {name: [line.strip() for line in body.strip().splitlines()]
            for name, body in re.findall(r"upstream (\w+) \{\n(.*?)\n    \}", config, re.S)}


@pytest.mark.parametrize("ports", [[8101, 8102], [8101, 8102, 8103]])
def test_each_replica_has_its_upstream_and_its_cookie(ports: list[int], tmp_path: Path) -> None:
    config = nginx_config(ports, 8100, tmp_path)
    upstreams = _upstreams(config)
    assert upstreams["any"][0] == "least_conn;"
    assert sorted(upstreams) == sorted(["any"] + [f"replica{n}" for n in range(len(ports))])
    for number, port in enumerate(ports):
        servers = upstreams[f"replica{number}"]
        assert servers[0].startswith(f"server 127.0.0.1:{port} ") and "backup" not in servers[0]
        assert sorted(s.split()[1] for s in servers[1:]) == sorted(
            f"127.0.0.1:{other}" for other in ports if other != port)
        assert all(s.endswith("backup;") for s in servers[1:])
        assert f"replica{number} replica{number};" in config  # the cookie picks its upstream
    cookies = re.findall(r'"~(.*?)" "dou14_replica=(\w+);', config)
    for number, port in enumerate(ports):
        other = ports[number - 1]
        named = {name for pattern, name in cookies
                 if re.match(pattern, f"any:127.0.0.1:{port}")}
        assert named == {f"replica{number}"}  # a first visit: the replica that answered
        assert {name for pattern, name in cookies if re.match(
            pattern, f"any:127.0.0.1:{other}, 127.0.0.1:{port}")} == {f"replica{number}"}
        assert not any(re.match(pattern, f"replica{number}:127.0.0.1:{port}")
                       for pattern, _name in cookies)  # a browser with its cookie keeps it


def test_nginx_accepts_the_configuration(tmp_path: Path) -> None:
    assert Path(NGINX).exists(), f"{NGINX} is missing: make test installs Debian's nginx-light"
    path = tmp_path / "nginx.conf"
    path.write_text(nginx_config([8101, 8102], 8100, tmp_path), encoding="utf-8")
    checked = subprocess.run([NGINX, "-t", "-c", str(path), "-p", str(tmp_path)],
                             capture_output=True, text=True, check=False)
    assert checked.returncode == 0, checked.stderr


def test_nginx_passes_every_upload_the_app_takes_and_logs_no_query(tmp_path: Path) -> None:
    """nginx's body limit was 1 MB while the app takes 64 MB CSVs (a 413 for a 1.5 MB export);
    its access log wrote each request with its query, an open profile's link among them."""
    from trainer.headers import security_headers
    from trainer.practice.import_limits import MAX_IMPORT_MB

    config = nginx_config([8101], 8100, tmp_path)
    (limit,) = re.findall(r"client_max_body_size (\d+)m;", config)
    assert int(limit) > MAX_IMPORT_MB  # the file and the multipart form around it
    log_format = re.search(r"log_format replica (.*?);", config, re.S)
    assert log_format is not None
    assert "$uri" in log_format.group(1)
    assert not re.search(r"\$(request|args|query_string|request_uri)\b", log_format.group(1))
    for name, value in security_headers().items():
        assert f'add_header {name} "{value}" always;' in config
        assert f"proxy_hide_header {name};" in config
