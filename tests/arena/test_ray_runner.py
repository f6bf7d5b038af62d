"""The Ray backend of the arena: the same plays as the local runner for the same seed.

One local Ray (2 CPUs) is started for the whole session by the runner itself, and shut
down at the end; the tests that need it skip when ray is not installed.
"""

from __future__ import annotations

import json
import socket
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pegboard.arena import ArenaConfig, BotError, LocalRunner, run_arena
from pegboard.arena.ray_runner import INSTALL_HINT, ClusterError, MissingRayError, RayRunner
from pegboard.cli.main import app

cli = CliRunner()


@pytest.fixture(scope="session")
def ray_runner() -> Iterator[RayRunner]:
    """A local Ray with two CPUs, started once for every test that needs it."""
    pytest.importorskip("ray")
    with pytest.MonkeyPatch.context() as patch:
        # Recent Ray turns token authentication on for a new local cluster (and writes a
        # token into ~/.ray); a private test cluster needs none. No usage report either.
        patch.setenv("RAY_AUTH_MODE", "disabled")
        patch.setenv("RAY_USAGE_STATS_ENABLED", "0")
        runner = RayRunner(workers=2)
        runner.connect()
        try:
            yield runner
        finally:
            runner.close()


CONFIGS = [
    ArenaConfig("draw", ("greedy", "random"), deals=16, seed=7),
    ArenaConfig("draw", ("greedy", "random", "greedy"), deals=9, seed=8),
    ArenaConfig("draw", ("greedy", "random", "random"), deals=6, duplicate=True, seed=9),
    ArenaConfig("cribbage", ("greedy", "random"), deals=10, seed=10),
    ArenaConfig("cribbage", ("random", "greedy"), deals=5, duplicate=True, seed=11),
]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c.game}-{c.players}p-dup{c.duplicate}")
def test_ray_plays_the_same_deals_as_the_local_runner(
    ray_runner: RayRunner, config: ArenaConfig
) -> None:
    local = run_arena(config, LocalRunner(1))
    assert run_arena(config, ray_runner) == local
    assert len(local) == config.deals * config.seatings


def test_the_local_ray_has_the_cpus_it_was_given(ray_runner: RayRunner) -> None:
    assert ray_runner.workers == 2


def test_progress_is_reported_as_ray_batches_finish(ray_runner: RayRunner) -> None:
    seen: list[tuple[int, int]] = []
    config = ArenaConfig("draw", ("random", "random"), deals=40, seed=3)
    run_arena(config, ray_runner, lambda done, total: seen.append((done, total)))
    assert seen[0] == (0, 40)
    assert seen[-1] == (40, 40)
    # Several batches (about four per CPU), each reported when it comes back.
    assert len(seen) > 2
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_map_returns_every_result_with_more_tasks_than_in_flight(ray_runner: RayRunner) -> None:
    tasks = list(range(25))  # more than 2 * workers: the queue is fed as tasks finish

    def square(x: int) -> int:
        return x * x

    assert sorted(ray_runner.map(square, tasks)) == [x * x for x in tasks]


def test_a_bot_error_on_ray_is_the_same_bot_error(ray_runner: RayRunner) -> None:
    def fail(_: int) -> int:
        raise BotError("the broken bot failed at seat 1 of deal 3 (seed 42): no move")

    with pytest.raises(BotError, match=r"^the broken bot failed at seat 1 of deal 3"):
        list(ray_runner.map(fail, [1, 2, 3]))


def test_any_other_task_failure_is_a_one_line_cluster_error(ray_runner: RayRunner) -> None:
    def fail(_: int) -> int:
        raise KeyError("no such deal")

    with pytest.raises(ClusterError, match=r"^a Ray task failed: KeyError") as caught:
        list(ray_runner.map(fail, [1]))
    assert "\n" not in str(caught.value)


def _arena(tmp_path: Path, name: str, *backend: str) -> tuple[Any, str]:
    path = tmp_path / name
    args = ["arena", "draw", "--bots", "greedy,random", "--players", "3", "--deals", "9",
            "--duplicate", "--seed", "4", "--json", str(path), *backend]  # fmt: skip
    result = cli.invoke(app, args)
    assert result.exit_code == 0, result.output
    return json.loads(path.read_text()), result.stdout


def test_cli_with_ray_prints_the_same_table(ray_runner: RayRunner, tmp_path: Path) -> None:
    local_json, local_table = _arena(tmp_path, "local.json", "--workers", "1")
    ray_json, ray_table = _arena(tmp_path, "ray.json", "--backend", "ray")
    assert "greedy#1" in ray_table and "margin" in ray_table
    assert ray_table == local_table
    assert ray_json == local_json
    # The CLI joined the session's Ray and left it running for the other tests.
    assert ray_runner.workers == 2


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_an_unreachable_cluster_is_a_one_line_error(monkeypatch: pytest.MonkeyPatch) -> None:
    ray = pytest.importorskip("ray")
    # As in a fresh process: not yet connected (the session's Ray, if up, stays untouched).
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    address = f"127.0.0.1:{_closed_port()}"
    result = cli.invoke(app, ["arena", "draw", "--backend", "ray", "--address", address])
    assert result.exit_code == 1
    assert f"cannot reach the Ray cluster at {address}" in result.output
    assert len(result.output.strip().splitlines()) == 1
    with pytest.raises(ClusterError, match="cannot reach"):
        RayRunner(address=address).connect()


def test_without_ray_the_cli_says_which_extra_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now fails
    with pytest.raises(MissingRayError, match=r"install pegboard\[cluster\]"):
        RayRunner()
    result = cli.invoke(app, ["arena", "draw", "--backend", "ray"])
    assert result.exit_code == 1
    assert INSTALL_HINT in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--backend", "dask"], "the backend is local or ray, not 'dask'"),
        (["--address", "auto"], "use it with --backend ray"),
        (["--backend", "ray", "--address", "auto", "--workers", "2"], "has its own"),
        (["--backend", "ray", "--address", " "], "a Ray address is"),
    ],
)
def test_bad_backend_options_give_one_line_errors(args: list[str], message: str) -> None:
    result = cli.invoke(app, ["arena", "draw", *args])
    assert result.exit_code == 1
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1
