"""Cribbage scoring speed against the ``cribbage-scorer`` package (work in progress)."""

from __future__ import annotations


def main() -> None:
    print("bench_cribbage: not written yet")


if __name__ == "__main__":
    main()
