"""`pnp serve` as a user starts it: a real process on a loopback port."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import time

from click.testing import CliRunner

from pnp.cli import cli
from web_live import free_port


def ask(port: int, path: str = "/", host: str | None = None, method: str = "GET"):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request(method, path, headers={"Host": host} if host else {})
        r = conn.getresponse()
        return r.status, r.read()
    finally:
        conn.close()


def children_of(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as fh:
                    if int(fh.read().rsplit(")", 1)[1].split()[1]) == pid:
                        out.append(int(entry))
            except (OSError, IndexError, ValueError):
                continue
    return out


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
    assert not [pid for pid in helpers if os.path.exists(f"/proc/{pid}") and
                open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0] != "Z"]


def test_a_port_in_use_is_one_line():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(cli, ["serve", "--port", str(port)])
    assert result.exit_code == 2
    assert result.output.strip() == f"pnp: cannot serve on 127.0.0.1:{port}: Address already in use"
