"""pegboard builds and installs as a library (issue 19): an sdist and a wheel from
``python -m build``, each installed into a fresh virtual environment and run from there,
one of them on a machine with no C compiler (the Draw core then runs in pure Python).

What is checked is the built package, never the source tree: every command runs in the new
environment with an environment of its own (no ``PYTHONPATH``, no ``PEGBOARD_PURE_PYTHON``),
and ``pegboard.__file__`` must be under it. The build sees only the files a clone has
(``git ls-files``, plus new files not ignored), copied away from the checkout.

Offline and quick: the build runs without isolation on the test environment's setuptools
and ``build`` (the dev extra), and the fresh environments see the test environment's
installed dependencies through a ``.pth`` file (a directory of links to them that leaves
out pegboard itself); pip installs with ``--no-index``, so it checks that the core's and the
web extra's requirements are met without downloading anything.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import venv
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

PACKAGING_WARNING = re.compile(
    r"Deprecation|is deprecated|deprecated calls|SetuptoolsWarning|License classifiers"
)
"""What setuptools prints when the metadata uses a form it is retiring (the license table
``license = { text = "MIT" }`` gave "`project.license` as a TOML table is deprecated")."""

DRAW_ROUND = """
import json, pegboard
from pegboard.draw import Round
from pegboard.draw.round import CORE
from pegboard.fives.hand import CORE as FIVES_CORE
from pegboard.draw.bots.ismcts import SEARCH_CORE
r = Round.deal(3, seed=2026)
while not r.is_over:
    r.apply(r.legal_actions()[0])
print(json.dumps({
    "file": pegboard.__file__, "core": CORE, "fives_core": FIVES_CORE,
    "search_core": SEARCH_CORE, "result": repr(r.result)
}))
"""
"""A whole Draw round, always the first legal action: where pegboard was imported from, the
core it ran on (and the Fives family's, and the Draw expert's search's) and how the round
ended."""

PAGES = """
import json
from pegboard.web import lobby, pages
print(json.dumps({
    "file": pages.__file__,
    "message": pages.message_page("pt", "<b>", path="/m/x"),
    "lobby": lobby.index_page(),
}))
"""
"""Two of the server's pages rendered from the installed package's templates."""

TRANSLATED = """
import gettext, json
from pegboard.i18n import LOCALE_DIR, translator
print(json.dumps({
    "catalogs": [gettext.find("pegboard", str(LOCALE_DIR), [code]) for code in ("pt_BR", "zh_Hans", "hi")],
    "said": [translator(lang)("Your turn") for lang in ("pt", "zh", "hi")],
}))
"""
"""The installed package's compiled catalogs (not in git: built by the install) and what they
say, read by the standard library's gettext alone."""


def source_version() -> str:
    tree = ast.parse((ROOT / "src/pegboard/__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name) and target.id == "__version__" for target in node.targets
        ):
            return str(ast.literal_eval(node.value))
    raise AssertionError("src/pegboard/__init__.py sets no __version__")


@dataclass
class Built:
    sdist: Path
    wheel: Path
    log: str


def checkout_files() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    return [name for name in listed.split("\0") if name and (ROOT / name).is_file()]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    clone = tmp_path_factory.mktemp("clone")
    for name in checkout_files():
        (clone / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, clone / name)
    dist = tmp_path_factory.mktemp("dist")
    # sdist first, then the wheel built from the sdist (what `python -m build` does).
    done = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist), str(clone)],
        capture_output=True,
        text=True,
        env=clean_environment(),
    )
    log = done.stdout + done.stderr
    assert done.returncode == 0, log
    (sdist,) = dist.glob("pegboard-*.tar.gz")
    (wheel,) = dist.glob("pegboard-*.whl")
    return Built(sdist, wheel, log)


def clean_environment(path: str | None = None, **more: str) -> dict[str, str]:
    """Nothing of the test's own environment that could point back at the source tree."""
    env = {
        "HOME": os.environ.get("HOME", "/tmp"),
        "PATH": os.environ.get("PATH", "") if path is None else path,
        "LANG": "C.UTF-8",
        "PIP_NO_CACHE_DIR": "1",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }
    env.update(more)
    return env


@pytest.fixture(scope="module")
def dependencies(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Links to every installed distribution of the test environment but pegboard."""
    links = tmp_path_factory.mktemp("dependencies")
    site = Path(sysconfig.get_paths()["purelib"])
    for entry in site.iterdir():
        name = entry.name
        if name.startswith(("pegboard", "__editable__")) or name.endswith(".pth"):
            continue
        (links / name).symlink_to(entry)
    return links


@dataclass
class Installed:
    root: Path
    log: str
    path: str

    @property
    def bin(self) -> Path:
        return self.root / "bin"

    def run(self, *command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            list(command),
            capture_output=True,
            text=True,
            env=clean_environment(self.path),
            cwd=self.root,
            timeout=120,
        )


def install(where: Path, target: Path, dependencies: Path, *, compiler: bool = True) -> Installed:
    """A fresh virtual environment with ``pegboard[web]`` installed from ``target``."""
    venv.EnvBuilder(with_pip=False).create(where)
    site = Path(sysconfig.get_path("purelib", vars={"base": str(where), "platbase": str(where)}))
    (site / "_dependencies.pth").write_text(f"{dependencies}\n", encoding="utf-8")
    python = str(where / "bin" / "python")
    if compiler:
        path = f"{where / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}"
        hidden: dict[str, str] = {}
    else:
        path = str(where / "bin")
        hidden = {"CC": "/bin/false", "CXX": "/bin/false"}
        assert shutil.which("gcc", path=path) is None and shutil.which("cc", path=path) is None
    done = subprocess.run(
        [
            python,
            "-m",
            "pip",
            "install",
            "-v",
            "--no-index",
            "--no-build-isolation",
            f"pegboard[web] @ {target.as_uri()}",
        ],
        capture_output=True,
        text=True,
        env=clean_environment(path, **hidden),
        timeout=300,
    )
    log = done.stdout + done.stderr
    assert done.returncode == 0, log
    return Installed(where, log, path)


def smoke_check(installed: Installed, core: str) -> None:
    """``pegboard --version``, a Draw round, a cribbage score, ``pegboard serve --help``."""
    version = installed.run(str(installed.bin / "pegboard"), "--version")
    assert version.returncode == 0, version.stderr
    assert version.stdout.strip() == source_version()

    draw = installed.run(str(installed.bin / "python"), "-c", DRAW_ROUND)
    assert draw.returncode == 0, draw.stderr
    ran = json.loads(draw.stdout)
    assert Path(ran["file"]).is_relative_to(installed.root), ran["file"]
    assert ran["core"] == ran["fives_core"] == ran["search_core"] == core
    assert ran["result"] == expected_round()

    score = installed.run(
        str(installed.bin / "pegboard"), "cribbage", "score", "5H 5D 5C JS", "5S", "--lang", "en"
    )
    assert score.returncode == 0, score.stderr
    assert score.stdout.split()[-2:] == ["total", "29"]

    serve = installed.run(str(installed.bin / "pegboard"), "serve", "--help")
    assert serve.returncode == 0, serve.stderr
    assert "--port" in serve.stdout and "--db" in serve.stdout

    rendered = installed.run(str(installed.bin / "python"), "-c", PAGES)
    assert rendered.returncode == 0, rendered.stderr
    made = json.loads(rendered.stdout)
    assert Path(made["file"]).is_relative_to(installed.root), made["file"]
    assert '<html lang="pt-BR"' in made["message"] and "<h1>&lt;b&gt;</h1>" in made["message"]
    assert '<script type="module" src="/static/app.js">' in made["lobby"]

    translated = installed.run(str(installed.bin / "python"), "-c", TRANSLATED)
    assert translated.returncode == 0, translated.stderr
    read = json.loads(translated.stdout)
    assert all(found and Path(found).is_relative_to(installed.root) for found in read["catalogs"])
    assert read["said"] == ["Sua vez", "轮到你了", "आपकी बारी"]


def expected_round() -> str:
    """The same round played by the source tree in this process."""
    from pegboard.draw import Round

    r = Round.deal(3, seed=2026)
    while not r.is_over:
        r.apply(r.legal_actions()[0])
    return repr(r.result)


def has_compiler() -> bool:
    return shutil.which(str(sysconfig.get_config_var("CC") or "cc").split()[0]) is not None


def test_issue19_the_build_makes_an_sdist_and_a_wheel_with_no_packaging_warning(
    built: Built,
) -> None:
    warnings = [line for line in built.log.splitlines() if PACKAGING_WARNING.search(line)]
    assert not warnings, "\n".join(warnings)
    assert "Successfully built" in built.log


def test_issue19_the_license_is_mit_in_the_metadata_and_the_wheel(built: Built) -> None:
    license_text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert license_text.startswith("MIT License")
    assert "Permission is hereby granted, free of charge" in license_text
    with zipfile.ZipFile(built.wheel) as wheel:
        info = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
        metadata = wheel.read(info).decode()
        licenses = [n for n in wheel.namelist() if n.endswith(".dist-info/licenses/LICENSE")]
        assert licenses and wheel.read(licenses[0]).decode() == license_text
    assert "License-Expression: MIT" in metadata.splitlines()
    assert not any(line.startswith("License: ") for line in metadata.splitlines())


def test_the_wheel_holds_every_template_of_the_server_s_pages(built: Built) -> None:
    templates = ROOT / "src/pegboard/web/templates"
    source = {path.relative_to(ROOT / "src").as_posix() for path in templates.rglob("*.html")}
    assert "pegboard/web/templates/base.html" in source
    with zipfile.ZipFile(built.wheel) as wheel:
        packed = {name for name in wheel.namelist() if name.startswith("pegboard/web/templates/")}
    assert packed == source


def test_the_catalogs_are_compiled_by_the_build_not_kept_in_git(built: Built) -> None:
    """Issue 41: the .mo files are made from the .po files by the build (setup.py's
    build_py), so the clone the build sees has none and the wheel has all three."""
    assert not [name for name in checkout_files() if name.endswith(".mo")]
    with zipfile.ZipFile(built.wheel) as wheel:
        compiled = sorted(name for name in wheel.namelist() if name.endswith(".mo"))
    assert compiled == [
        f"pegboard/locale/{code}/LC_MESSAGES/pegboard.mo" for code in ("hi", "pt_BR", "zh_Hans")
    ]


def test_issue19_the_version_lives_in_one_place() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"]
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "pegboard.__version__"}
    import pegboard

    assert pegboard.__version__ == source_version()


def test_issue19_the_wheel_installs_and_runs_on_the_c_core(
    built: Built, dependencies: Path, tmp_path: Path
) -> None:
    if not has_compiler():
        pytest.skip("no C compiler here: the wheel holds no C core")
    with zipfile.ZipFile(built.wheel) as wheel:
        for core in ("draw/_fastround", "fives/_fastfives", "draw/bots/_fastsearch"):
            assert any(core in n and n.endswith(".so") for n in wheel.namelist()), core
    installed = install(tmp_path / "venv", built.wheel, dependencies)
    smoke_check(installed, core="c")


def test_issue19_the_sdist_installs_and_builds_the_c_core(
    built: Built, dependencies: Path, tmp_path: Path
) -> None:
    if not has_compiler():
        pytest.skip("no C compiler here")
    installed = install(tmp_path / "venv", built.sdist, dependencies)
    assert not [line for line in installed.log.splitlines() if PACKAGING_WARNING.search(line)]
    smoke_check(installed, core="c")


def test_issue19_without_a_compiler_the_sdist_installs_on_the_pure_core(
    built: Built, dependencies: Path, tmp_path: Path
) -> None:
    installed = install(tmp_path / "venv", built.sdist, dependencies, compiler=False)
    # The C core was tried, failed for want of a compiler, and the install went on.
    assert 'building extension "pegboard.draw._fastround" failed' in installed.log
    assert 'building extension "pegboard.fives._fastfives" failed' in installed.log
    assert 'building extension "pegboard.draw.bots._fastsearch" failed' in installed.log
    smoke_check(installed, core="python")


def test_issue19_pegboard_version_prints_the_version() -> None:
    from typer.testing import CliRunner

    from pegboard import __version__
    from pegboard.cli.main import app

    for arguments in (["--version"], ["version"], ["--lang", "pt", "--version"]):
        result = CliRunner().invoke(app, arguments)
        assert result.exit_code == 0, result.output
        assert result.output.strip() == __version__ == source_version()
