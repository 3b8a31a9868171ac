"""`pnp serve` as a user starts it: a real process on a loopback port."""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import cli
from support.processes import alive, children_of, family
from web_helpers import ROOT
from web_live import free_port

PNP = str(Path(sys.executable).with_name("pnp"))      # the installed command, as a person runs it


def ask(port: int, path: str = "/", host: str | None = None, method: str = "GET"):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request(method, path, headers={"Host": host} if host else {})
        r = conn.getresponse()
        return r.status, r.read()
    finally:
        conn.close()


def test_serve_answers_only_its_own_name_and_stops_cleanly(tmp_path):
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "serve", "--port", str(port)], cwd=tmp_path,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert time.monotonic() < deadline and proc.poll() is None, proc.stderr.read()
                time.sleep(0.05)
        status, body = ask(port)
        assert status == 200 and b"pnp starter pack" in body     # no layouts/ here: the built-in pack
        assert ask(port, host="evil.example")[0] == 421
        assert ask(port, "/preview", method="POST")[0] == 403
        helpers = children_of(proc.pid)
        assert helpers, "the fork server runs beside the server"
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    # Ctrl-C ends pnp serve as it ends every pnp command: one line, exit 130
    assert proc.returncode == 130, err
    assert err.splitlines() == [f"pnp: the page is at http://127.0.0.1:{port}/ (Ctrl-C stops it)",
                                "pnp: interrupted"]
    time.sleep(0.5)
    assert not [pid for pid in helpers if alive(pid)]


def test_a_port_in_use_is_one_line():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(cli, ["serve", "--port", str(port)])
    assert result.exit_code == 2
    assert result.output.strip() == f"pnp: cannot serve on 127.0.0.1:{port}: Address already in use"


def start(args: list[str], cwd, env=None) -> tuple[subprocess.Popen, int]:
    """`pnp serve` on a free loopback port; returns once it answers."""
    port = free_port()
    proc = subprocess.Popen([PNP, "serve", "--port", str(port), *args], cwd=cwd, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return proc, port
        except OSError:
            assert time.monotonic() < deadline and proc.poll() is None, proc.communicate()
            time.sleep(0.05)


def post(port: int, path: str, form: dict) -> tuple[int, str]:
    status, html = ask(port)
    token = re.search(r'name="csrf-token" content="([^"]+)"', html.decode()).group(1)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        conn.request("POST", path, urllib.parse.urlencode(form), headers={
            "Content-Type": "application/x-www-form-urlencoded", "X-CSRF-Token": token})
        r = conn.getresponse()
        return r.status, r.read().decode()
    finally:
        conn.close()


@pytest.mark.slow
@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGTERM, signal.SIGKILL], ids=lambda s: s.name)
def test_no_temporary_folder_or_process_outlives_any_stop(tmp_path, how):
    """Every start made a pymp-* folder (the fork server's socket) that Ctrl-C and SIGTERM left."""
    import shutil
    import tempfile

    # short: the fork server's socket path must fit in 107 bytes (a longer one goes to /tmp)
    tmp = Path(tempfile.mkdtemp(prefix="t", dir="/tmp"))
    proc, port = start([], tmp_path, env={**os.environ, "TMPDIR": str(tmp)})
    try:
        assert ask(port)[0] == 200
        deadline = time.monotonic() + 60
        while not any(tmp.rglob("pymp-*")):         # the fork server is up, its socket made
            assert time.monotonic() < deadline
            time.sleep(0.1)
        everyone = family(proc.pid)
        assert everyone
    finally:
        proc.send_signal(how)
        _, err = proc.communicate(timeout=60)
    # Ctrl-C: one line and 130, as every pnp command; SIGTERM (a service stopped): exit 0
    expected = {signal.SIGINT: (130, "pnp: interrupted"), signal.SIGTERM: (0, "pnp: stopped"),
                signal.SIGKILL: (-signal.SIGKILL, None)}[how]
    assert proc.returncode == expected[0] and (expected[1] is None or err.splitlines()[-1] == expected[1])
    deadline = time.monotonic() + 30
    while (list(tmp.iterdir()) or any(alive(p) for p in everyone)) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = list(tmp.iterdir())
    shutil.rmtree(tmp, ignore_errors=True)
    assert left == []
    assert not [p for p in everyone if alive(p)]


@pytest.mark.slow
def test_workers_run_the_installed_pnp_wherever_the_server_starts(tmp_path):
    """Started in a folder with a pnp/ of its own (as the source tree has, without the compiled
    core), the fork server imported that one."""
    decoy = tmp_path / "pnp"
    decoy.mkdir()
    marker = tmp_path / "decoy-imported"
    (decoy / "__init__.py").write_text(f"open({str(marker)!r}, 'w').close()\n"
                                       "raise ImportError('the wrong pnp')\n")
    for folder in (tmp_path, ROOT):
        proc, port = start([], folder)
        try:
            status, reply = post(port, "/preview", {"title": "t", "seed": "1", "items.0.kind": "cliquer"})
            assert status == 200 and '"ok":true' in reply.replace(" ", ""), reply[:300]
        finally:
            proc.send_signal(signal.SIGINT)
            proc.communicate(timeout=60)
    assert not marker.exists()


@pytest.mark.slow
def test_half_sent_requests_are_closed_and_the_page_still_answers(tmp_path):
    """1,100 idle or half-header connections were held open for good, and the page stopped
    answering. Now each connection has a deadline for its headers, and one client holds only so
    many at once (the door closes the rest at once, holding none of its descriptors)."""
    from pnp.web.site import PUBLIC

    proc, port = start(["--public"], tmp_path)
    held = []
    try:
        for n in range(PUBLIC.connections + 40):
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
            if n % 2:
                s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            held.append(s)
        # the door (the server's main process) holds at most the client's cap of them: not one
        # descriptor each
        server_fds = len(os.listdir(f"/proc/{proc.pid}/fd"))
        assert server_fds < PUBLIC.connections + 40
        # the page answers another client at once (pnp.web.door; tests/web/test_web_door.py)
        with socket.socket() as other:
            other.settimeout(60)
            other.bind(("127.0.0.2", 0))
            other.connect(("127.0.0.1", port))
            other.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            assert other.recv(12) == b"HTTP/1.1 200"
        for s in held[:PUBLIC.connections]:     # each closed by the server, idle or half-sent
            s.settimeout(60)
            try:
                data = s.recv(100)
            except ConnectionResetError:
                data = b""
            assert data == b"" or data.startswith(b"HTTP/1.1 408"), data
    finally:
        for s in held:
            s.close()
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=60)


def test_a_config_file_is_read_and_its_mistakes_are_one_line(tmp_path):
    from pnp.web.serve import read_config

    good = tmp_path / "pnp-serve.yaml"
    good.write_text("public: true\nallow_host: pnp.school.example\nworkers: 2\n")
    assert read_config(str(good)) == {"public": True, "allow_host": ["pnp.school.example"], "workers": 2}
    bad = tmp_path / "bad.yaml"
    for text, line in [("publik: true\n", "unknown setting 'publik'"), ("port: eighty\n", "port must be int"),
                       ("public: [\n", "not YAML")]:
        bad.write_text(text)
        result = CliRunner().invoke(cli, ["serve", "--config", str(bad)])
        assert result.exit_code == 2 and line in result.output and len(result.output.splitlines()) == 1
