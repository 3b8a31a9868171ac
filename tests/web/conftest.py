from __future__ import annotations

import pytest

from web_helpers import BASE, ROOT, token_of


@pytest.fixture(scope="module")
def web():
    """The app in-process (Starlette's TestClient), with the gallery of layouts/, and its token."""
    from starlette.testclient import TestClient

    from pnp.web.app import create_app, read_layouts

    app = create_app("127.0.0.1", 8000, workers=2, layouts=read_layouts([ROOT / "layouts"]),
                     warm=False)
    with TestClient(app, base_url=BASE, raise_server_exceptions=False) as client:
        client.token = token_of(client.get("/").text)
        yield client


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """A good pnp PDF and a forged copy of it (a line drawn into page 1)."""
    import sys

    from click.testing import CliRunner

    from pnp.cli import cli

    sys.path.insert(0, str(ROOT / "tests"))
    from tamper import rewrite

    out = tmp_path_factory.mktemp("web-pdfs")
    result = CliRunner().invoke(cli, ["build", str(ROOT / "layouts" / "daily.yaml"), "-o", str(out)])
    assert result.exit_code == 0, result.output
    good = out / "week.pdf"
    forged = rewrite(good, out / "forged.pdf", content_edit=lambda text: text + "\n0 0 m 200 200 l S\n")
    return good, forged
