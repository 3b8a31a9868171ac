"""What docs/hosting.md and the Dockerfile say, held to what pnp does: every `pnp serve` command
line there is one pnp accepts, the image's own included; the table of limits is the code's; the
example config is read by pnp's reader; the installed package carries the gallery."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys

import pytest

from pnp.cli import cli
from pnp.web.serve import read_config
from pnp.web.site import PRIVATE, PUBLIC
from web_helpers import ROOT

HOSTING = (ROOT / "docs" / "hosting.md").read_text(encoding="utf-8")


def serve_args(line: str) -> list[str]:
    words = shlex.split(line)
    return words[words.index("serve") + 1:]


def parses(args: list[str]) -> None:
    context = cli.commands["serve"].make_context("serve", list(args))
    assert context.params["host"] and context.params["port"]


def test_the_images_command_line_is_one_pnp_serve_accepts():
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    entry = json.loads(re.search(r"^ENTRYPOINT (\[.*\])$", text, re.M).group(1))
    assert entry[:2] == ["pnp", "serve"] and "--public" in entry
    parses(entry[2:])
    # and with the arguments the page shows after the image's name
    run = next(l for l in HOSTING.splitlines() if l.startswith("docker run"))
    parses(entry[2:] + shlex.split(run)[shlex.split(run).index("pnp") + 1:])


def test_every_pnp_serve_on_the_page_parses():
    lines = [l.split("ExecStart=", 1)[-1].lstrip("$ ") for l in HOSTING.splitlines()
             if re.search(r"(^\$ |ExecStart=)\S*pnp serve", l)]
    assert len(lines) >= 3
    for line in lines:
        parses(serve_args(line))


def test_the_example_config_is_read_by_pnp(tmp_path):
    block = re.search(r"```yaml\n(.*?)```", HOSTING, re.S).group(1)
    path = tmp_path / "pnp-serve.yaml"
    path.write_text(block, encoding="utf-8")
    assert read_config(str(path))["public"] is True


def mb(n: int) -> str:
    return f"{n // 2**20} MB"


@pytest.mark.parametrize("label, private, public", [
    ("from one address", "no cap", f"{PUBLIC.per_minute:g} a minute, {PUBLIC.burst} at once"),
    ("jobs at once from one address", "no cap", str(PUBLIC.per_client)),
    ("jobs waiting for a worker", str(PRIVATE.waiting), str(PUBLIC.waiting)),
    ("the longest any job may run", "as the page asks", f"{PUBLIC.most_seconds:g} s"),
    ("uploads waiting or being checked", mb(PRIVATE.most_queued), mb(PUBLIC.most_queued)),
    ("a form's body must arrive within", f"{PRIVATE.body_seconds:g} s", f"{PUBLIC.body_seconds:g} s"),
    ("an upload's body must arrive within", f"{PRIVATE.upload_seconds:g} s", f"{PUBLIC.upload_seconds:g} s"),
    ("a request's headers must arrive within", f"{PRIVATE.header_seconds:g} s", f"{PUBLIC.header_seconds:g} s"),
    ("open connections served at once", str(PRIVATE.connections), str(PUBLIC.connections)),
    ("open connections from one address", "no cap", f"{PUBLIC.per_client_connections}, "),
])
def test_the_table_of_limits_is_the_codes(label, private, public):
    row = next(l for l in HOSTING.splitlines() if l.startswith("|") and label in l)
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert private in cells[1] and public in cells[2], row
    assert PRIVATE.most_seconds is None and PRIVATE.per_client is None and PRIVATE.per_minute is None
    assert PRIVATE.per_client_connections is None


def test_the_built_package_carries_the_gallery(tmp_path):
    """setup.py copies layouts/ into the package as it is built (one copy in the repository):
    an installed pnp serves every example spec from any folder, not the starter pack alone."""
    done = subprocess.run([sys.executable, "setup.py", "-q", "build_py", "-d", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    built = sorted(p.name for p in (tmp_path / "pnp" / "layouts").glob("*.yaml"))
    assert built == sorted({p.name for p in (ROOT / "layouts").glob("*.yaml")} | {"default.yaml"})
    from pnp.web.gallery import read_layouts

    assert len(read_layouts([tmp_path / "pnp" / "layouts"])) == len(built)


def test_the_page_names_every_setting_of_the_config_file():
    from pnp.web.serve import CONFIG_KEYS

    line = HOSTING[HOSTING.index("The settings "):].split(" can also", 1)[0]
    assert set(re.findall(r"`(\w+)`", line)) == set(CONFIG_KEYS)
