"""The container's start-up step (migrate, then serve as a non-root user) against PostgreSQL.

No Docker engine runs here, so this runs the image's own start script the way the image
does: from a copy of exactly what the Dockerfile copies, as an unprivileged user.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
import uuid
from pathlib import Path

import httpx
import psycopg

from app.core.settings import normalize_db_url
from tests.conftest import free_port

ROOT = Path(__file__).resolve().parents[2]
IMAGE_FILES = ["alembic.ini", "app", "engines", "migrations", "static",
               "scripts/container-start.sh"]
NOT_IN_IMAGE = shutil.ignore_patterns("playwright*", "pip", "pip-*", "setuptools*",
                                      "hypothesis*", "_pytest", "pytest*", "ruff*")


def _fresh_database(pg_url: str) -> str:
    admin = normalize_db_url(pg_url).replace("postgresql+psycopg://", "postgresql://")
    name = f"meja_container_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return admin.rsplit("/", 1)[0] + "/" + name


def test_container_start_migrates_then_serves_as_non_root(pg_url: str) -> None:
    # Not pytest's tmp_path: that lives in a folder only root may enter.
    image = Path(tempfile.mkdtemp(prefix="meja-image-", dir="/tmp"))
    try:
        _run_image(image, pg_url)
    finally:
        shutil.rmtree(image, ignore_errors=True)


def _link_or_copy(src: str, dst: str) -> None:
    """A hard link where the file system allows one: the installed packages (a few hundred
    MB) are only read by the server, so linking them is the same to it as copying, and takes
    no time (copying them was most of this test)."""
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def _run_image(image: Path, pg_url: str) -> None:
    os.chmod(image, 0o755)
    for rel in IMAGE_FILES:
        src, dst = ROOT / rel, image / "srv" / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        if src.is_dir():
            shutil.copytree(src, dst, ignore=NOT_IN_IMAGE)
        else:
            shutil.copy2(src, dst)
    site = image / "site"
    shutil.copytree(sysconfig.get_paths()["purelib"], site, ignore=NOT_IN_IMAGE,
                    copy_function=_link_or_copy)

    url = _fresh_database(pg_url)
    port = free_port()
    env = {"PATH": "/usr/bin:/bin", "HOME": str(image), "DATABASE_URL": url,
           "PORT": str(port), "HOST": "127.0.0.1", "PYTHONPATH": str(site),
           "MEJA_BOT_DELAY": "0"}
    cmd = ["sh", str(image / "srv" / "scripts" / "container-start.sh")]
    if os.geteuid() == 0:
        # As in the image: not root. The system Python (3.11, same ABI as the wheels copied
        # above) stands in for the image's, since the developer's own may live under /root.
        env["PYTHON"] = "/usr/bin/python3"
        runuser = shutil.which("runuser", path="/usr/sbin:/sbin:/usr/bin:/bin") or "runuser"
        cmd = [runuser, "-u", "nobody", "--", "env", *[f"{k}={v}" for k, v in env.items()],
               *cmd]
    else:
        env["PYTHON"] = sys.executable
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, proc.stdout.read().decode() if proc.stdout else ""
            try:
                r = httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2)
                if r.status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the container's server never answered"
            time.sleep(0.3)
        server_pid = _listener_pid(port)
        uid = int(next(line.split()[1] for line in
                       Path(f"/proc/{server_pid}/status").read_text().splitlines()
                       if line.startswith("Uid:")))
        assert uid != 0, "the server runs as root"
        with psycopg.connect(url) as conn:
            version = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        assert version is not None
        r = httpx.post(f"http://127.0.0.1:{port}/api/lobbies",
                       json={"game": "race", "seats": 2, "host_name": "Ana"})
        assert r.status_code == 201
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


def _listener_pid(port: int) -> int:
    """The PID of the process listening on a loopback port (from /proc/net/tcp)."""
    hexport = f"{port:04X}"
    inodes = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        parts = line.split()
        if parts[1].endswith(":" + hexport) and parts[3] == "0A":
            inodes.add(parts[9])
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                link = os.readlink(f"/proc/{pid}/fd/{fd}")
                if link.startswith("socket:[") and link[8:-1] in inodes:
                    return int(pid)
        except OSError:
            continue
    raise AssertionError(f"nobody listens on port {port}")
