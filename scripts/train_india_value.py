"""Fit India's learned value (``engine/india/value.json``) to the winners of self-play games.

Self-play in generations, the whole result of each game as the target (Monte Carlo, TD(1)):
generation 0 is played by experts judging with the race estimate the learning starts from
(``Estimate``); each later generation by experts judging with the networks fitted to the one
before, so the last fit learns the chances of the very moves its own expert makes. Every
decision whose chosen move leaves a race that is not exact gives one example: each racer's
``FEATURES`` after the move and which racer went on to win. Each table kind (``table_kind``:
two, three or four players, partnerships) has its own network, fitted by Adam on the
cross-entropy of its shares against the winner (numpy only) on the games of its generation,
starting from the weights of the one before. One game in ten is held out: the script prints
how the chances held on them, before the fit (the last weights, on the games of their own
expert) and after.

Seeds 10,000,000 and up, apart from the benchmarks' (0 up for strength, 900,000,000 up for
calibration). Same arguments, same weights: every game, the split and the fit are seeded, and
the examples are put in the order of their games whatever the number of processes.

    nice -n 10 python scripts/train_india_value.py [--generations 2] [--jobs 2] [--scale 1.0]
        [--cache benchmarks/.cache]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine
from engine import CHANCE
from engine.india.expert import Estimator, ExpertBot
from engine.india.value import (
    FEATURES,
    WEIGHTS,
    Estimate,
    Value,
    racer_features,
    weights_version,
)

TABLES = {
    "2": (2, False, 3000),
    "3": (3, False, 800),
    "4": (4, False, 800),
    "partners": (4, True, 800),
}
"""Table kind -> players, partnership, games a generation (times ``--scale``)."""
SEEDS = 10_000_000
HIDDEN = 8
HELD_OUT = 10
"""One game in this many is held out of the fit, to check it."""


# ---------------------------------------------------------------- self-play


def play(seed: int, players: int, partners: bool, estimator: Estimator) -> list[tuple[Any, int]]:
    """One game between experts judging with ``estimator``: for each decision whose chosen move
    leaves a race that is not exact, the racers' features then and which racer won."""
    state = engine.new_game("india", players=players, seed=seed, partners=partners)
    bot = ExpertBot(estimator=estimator)
    rng = random.Random(f"train india value:{seed}")
    seen: list[tuple[list[tuple[int, ...]], list[list[float]]]] = []
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state = state.apply(state.sample_chance(rng))
            continue
        race, ranked = bot.ranked(state)
        best = ranked[0]
        if not best.exact:
            seen.append(racer_features(best.after, best.next, race.sides, partners, race.out))
        state = state.apply(best.option.action)
    won = set(state.winners())
    examples = []
    for racers, rows in seen:
        winner = next(k for k, members in enumerate(racers) if won & set(members))
        examples.append((rows, winner))
    return examples


def _play_many(args: tuple[list[int], int, bool, dict[str, Any] | None]) -> list[Any]:
    seeds, players, partners, weights = args
    estimator: Estimator = Value(weights) if weights else Estimate()
    return [(seed, play(seed, players, partners, estimator)) for seed in seeds]


def generation(
    gen: int, weights: dict[str, Any] | None, scale: float, jobs: int, cache: Path | None = None
) -> dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """The examples of one generation, per table kind: features (N, racers, features), the
    winning racer (N,) and the game of each (N,). Kept in ``cache`` (a folder), if given, under
    the generation, the version of the weights its experts judged with and ``scale``."""
    name = f"india-value-gen{gen}-{weights['version'] if weights else 'estimate'}-{scale}.npz"
    if cache and (cache / name).exists():
        with np.load(cache / name) as kept:
            return {k: (kept[f"{k}_x"], kept[f"{k}_y"], kept[f"{k}_g"]) for k in TABLES}
    data = {}
    with ProcessPoolExecutor(jobs) as pool:
        for kind, (players, partners, games) in TABLES.items():
            start = SEEDS + gen * 1_000_000 + list(TABLES).index(kind) * 100_000
            seeds = list(range(start, start + round(games * scale)))
            chunks = [(seeds[k :: jobs * 4], players, partners, weights) for k in range(jobs * 4)]
            x, y, g = [], [], []
            played = sorted(game for part in pool.map(_play_many, chunks) for game in part)
            for seed, examples in played:
                for rows, winner in examples:
                    x.append(rows)
                    y.append(winner)
                    g.append(seed)
            data[kind] = (np.asarray(x), np.asarray(y), np.asarray(g))
    if cache:
        cache.mkdir(parents=True, exist_ok=True)
        arrays = {
            f"{k}_{part}": a for k, v in data.items() for part, a in zip("xyg", v, strict=True)
        }
        np.savez_compressed(cache / name, **arrays)
    return data


# ---------------------------------------------------------------- the fit


def shares(net: dict[str, np.ndarray], x: np.ndarray) -> tuple[np.ndarray, Any]:
    """Each racer's share (N, racers) and what the gradient needs."""
    z = (x - net["mean"]) / net["scale"]
    h = np.tanh(z @ net["hidden_w"] + net["hidden_b"])
    s = h @ net["out_w"] + z @ net["linear_w"]
    e = np.exp(s - s.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True), (z, h)


def fit(
    x: np.ndarray, y: np.ndarray, start: dict[str, Any] | None, seed: int, epochs: int = 12
) -> dict[str, np.ndarray]:
    """One network fitted by Adam (mini-batches of 1,024, the step halved every four epochs)
    on the cross-entropy of the racers' shares against the winner, with a little L2. The
    features' mean and spread are fixed by the first fit."""
    rng = np.random.default_rng(seed)
    d = x.shape[2]
    flat = x.reshape(-1, d)
    net: dict[str, np.ndarray] = {
        "mean": flat.mean(axis=0),
        "scale": np.maximum(flat.std(axis=0), 1e-6),
        "hidden_w": rng.normal(0, 1 / np.sqrt(d), (d, HIDDEN)),
        "hidden_b": np.zeros(HIDDEN),
        "out_w": rng.normal(0, 0.1, HIDDEN),
        "linear_w": np.zeros(d),
    }
    if start is not None:
        net.update({k: np.asarray(v, dtype=np.float64) for k, v in start.items()})
    trained = ("hidden_w", "hidden_b", "out_w", "linear_w")
    m = {k: np.zeros_like(net[k]) for k in trained}
    v = {k: np.zeros_like(net[k]) for k in trained}
    step, l2, t = 0.01, 1e-5, 0
    n = len(y)
    for epoch in range(epochs):
        if epoch and epoch % 4 == 0:
            step /= 2
        for batch in np.array_split(rng.permutation(n), max(1, n // 1024)):
            p, (z, h) = shares(net, x[batch])
            ds = p.copy()
            ds[np.arange(len(batch)), y[batch]] -= 1  # d loss / d score
            ds /= len(batch)
            dh = ds[:, :, None] * net["out_w"] * (1 - h**2)
            grads = {
                "out_w": np.einsum("nk,nkh->h", ds, h) + l2 * net["out_w"],
                "hidden_w": np.einsum("nkd,nkh->dh", z, dh) + l2 * net["hidden_w"],
                "hidden_b": dh.sum(axis=(0, 1)),
                "linear_w": np.einsum("nk,nkd->d", ds, z) + l2 * net["linear_w"],
            }
            t += 1
            for key in trained:
                m[key] = 0.9 * m[key] + 0.1 * grads[key]
                v[key] = 0.999 * v[key] + 0.001 * grads[key] ** 2
                mhat, vhat = m[key] / (1 - 0.9**t), v[key] / (1 - 0.999**t)
                net[key] = net[key] - step * mhat / (np.sqrt(vhat) + 1e-8)
    return net


def check(net: dict[str, np.ndarray], x: np.ndarray, y: np.ndarray) -> dict[str, float]:
    """How the chances held on examples: log-loss, Brier score and expected calibration error
    of every racer's chance (ten equal bins)."""
    p, _ = shares(net, x)
    won = np.zeros_like(p)
    won[np.arange(len(y)), y] = 1
    pv, wv = p.ravel(), won.ravel()
    bins = np.minimum((pv * 10).astype(int), 9)
    ece = sum(
        abs(pv[bins == b].mean() - wv[bins == b].mean()) * (bins == b).mean()
        for b in range(10)
        if (bins == b).any()
    )
    return {
        "log_loss": round(float(-np.log(p[np.arange(len(y)), y]).mean()), 4),
        "brier": round(float(((pv - wv) ** 2).mean()), 4),
        "ece": round(float(ece), 4),
    }


def as_json(net: dict[str, np.ndarray]) -> dict[str, Any]:
    return {k: np.round(a, 6).tolist() for k, a in net.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--generations", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--scale", type=float, default=1.0, help="games a generation, times")
    parser.add_argument("--out", type=Path, default=WEIGHTS)
    parser.add_argument("--cache", type=Path, help="a folder to keep each generation's games in")
    args = parser.parse_args()
    weights: dict[str, Any] | None = None
    log = []
    for gen in range(args.generations):
        t0 = _cpu()
        w0 = time.monotonic()
        data = generation(gen, weights, args.scale, args.jobs, args.cache)
        networks = {}
        for kind, (x, y, g) in data.items():
            held = g % HELD_OUT == 0
            start = weights["networks"][kind] if weights else None
            before = check(_arrays(start), x[held], y[held]) if start else None
            net = fit(x[~held], y[~held], start, seed=gen)
            after = check(net, x[held], y[held])
            networks[kind] = as_json(net)
            entry = {
                "generation": gen,
                "kind": kind,
                "games": len(set(g.tolist())),
                "examples": len(y),
                "held_out_before_fit": before,
                "held_out_after_fit": after,
            }
            log.append(entry)
            print(json.dumps(entry), flush=True)
        weights = {"features": list(FEATURES), "networks": networks}
        weights["version"] = weights_version(weights)
        print(
            f"generation {gen}: {_cpu() - t0:.0f} s CPU (with its workers), "
            f"{time.monotonic() - w0:.0f} s wall",
            flush=True,
        )
    assert weights is not None
    weights["trained"] = {
        "script": "scripts/train_india_value.py",
        "cpu_seconds": round(_cpu()),
        "arguments": {"generations": args.generations, "scale": args.scale},
        "games": {k: round(v[2] * args.scale) for k, v in TABLES.items()},
        "hidden": HIDDEN,
        "log": log,
    }
    args.out.write_text(json.dumps(weights, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out} (version {weights['version']})")


def _cpu() -> float:
    """CPU seconds of this process and of its finished workers."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def _arrays(net: dict[str, Any]) -> dict[str, np.ndarray]:
    return {k: np.asarray(v, dtype=np.float64) for k, v in net.items()}


if __name__ == "__main__":
    main()
