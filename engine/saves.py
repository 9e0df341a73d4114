"""The save format: a game as JSON (its set-up and every action, never pickle), with a digest
that catches damage and, where a teacher's key is set (``TABLETOP_SAVE_KEY``), an HMAC-SHA256
signature that only the key's holder can make; ``load`` replays every action through the
rules, so a damaged, badly signed or illegal save is refused with a message."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:  # only a marker for type checkers: at run time it changes nothing

    def dataclass_transform(**_kwargs: Any) -> Callable[[Any], Any]:
        return lambda decorator: decorator


from .core import State
from .values import IllegalAction, SaveError, decode

MAX_ACTIONS = 20_000
"""The longest game a save may hold: far above any real game (a long 8-player Rupees game has
about 1,500 actions), low enough that loading one takes a second or two, not a minute."""
MAX_SAVE_CHARS = 1_000_000
"""The longest saved text read (20,000 throws of the dice save in about 600,000 characters)."""


SAVE_FORMAT = "tabletop-lessons/2"
"""Version 2 names each action by its game's own class (``Bid`` in plates and in Rupees);
version-1 saves (one name per class across games) are still read, through ``RENAMED``."""
OLD_FORMATS = ("tabletop-lessons/1",)

SAVE_KEY = "TABLETOP_SAVE_KEY"
"""The environment setting that holds a teacher's save key. Where it is set, every save is
signed with it (an HMAC-SHA256 of the whole game) and only saves signed with it load."""
MIN_KEY_CHARS = 16
"""The shortest key accepted: a shorter one could be found by trying keys against one save."""


def _content(body: dict[str, Any]) -> bytes:
    """The text the digest and the signature vouch for: the save without them."""
    kept = {k: v for k, v in body.items() if k not in ("digest", "signature")}
    return json.dumps(kept, sort_keys=True).encode()


def _digest(body: dict[str, Any]) -> str:
    """A checksum (the first 16 hex digits of a SHA-256): it catches a damaged file and an edit
    made without recomputing it, never a deliberate forgery (anyone can recompute it)."""
    return hashlib.sha256(_content(body)).hexdigest()[:16]


def _signature(body: dict[str, Any], key: bytes) -> str:
    """The HMAC-SHA256 of the save under ``key``: only someone holding the key can make it."""
    return hmac.new(key, b"tabletop-lessons save\n" + _content(body), hashlib.sha256).hexdigest()


def save_key() -> bytes | None:
    """The teacher's save key, from the environment setting ``TABLETOP_SAVE_KEY`` (None where
    it is unset or empty); a key shorter than ``MIN_KEY_CHARS`` raises ``SaveError``."""
    text = os.environ.get(SAVE_KEY, "")
    return _checked(text.encode()) if text else None


def _checked(key: bytes) -> bytes:
    """``key`` if it is long enough to sign with; else ``SaveError``."""
    if not isinstance(key, bytes) or len(key) < MIN_KEY_CHARS:
        raise SaveError(
            f"a save key has at least {MIN_KEY_CHARS} characters (make one with: python -c "
            "'import secrets; print(secrets.token_hex(16))')"
        )
    return key


def load(
    text: str | bytes, games: Mapping[str, type[State[Any]]], key: bytes | None = None
) -> State[Any]:
    """Read a saved game, checking everything; raises ``SaveError`` saying what is wrong (and
    no other exception, whatever the text holds). With ``key`` (by default the environment's
    ``TABLETOP_SAVE_KEY``, if set) only a save signed with that key loads."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise SaveError(f"a saved game is text, not {type(text).__name__}")
    if len(text) > MAX_SAVE_CHARS:
        raise SaveError(f"a saved game has at most {MAX_SAVE_CHARS:,} characters")
    try:
        body = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        why = e.msg if isinstance(e, json.JSONDecodeError) else e.reason
        raise SaveError(f"not a saved game: the text is not JSON ({why})") from None
    except RecursionError:
        raise SaveError("not a saved game: the JSON is nested too deeply") from None
    except ValueError:  # a number too long for Python to read
        raise SaveError("not a saved game: it holds a number too long to read") from None
    if _depth(body) > MAX_DEPTH:
        raise SaveError("not a saved game: the JSON is nested too deeply")
    if not isinstance(body, dict) or body.get("format") not in (SAVE_FORMAT, *OLD_FORMATS):
        raise SaveError(f"not a saved game: format is not {SAVE_FORMAT!r}")
    need = {"format", "game", "players", "seed", "options", "history", "digest"}
    if set(body) - {"signature"} != need:
        raise SaveError(f"saved game has fields {sorted(body)}, expected {sorted(need)}")
    if body["digest"] != _digest(body):
        raise SaveError("saved game was edited or damaged: its digest does not match")
    _check_signature(body, save_key() if key is None else _checked(key))
    if not isinstance(body["game"], str) or body["game"] not in games:
        raise SaveError(f"unknown game {body['game']!r} (known: {', '.join(sorted(games))})")
    if not isinstance(body["options"], dict) or not isinstance(body["history"], list):
        raise SaveError("saved game: options must be an object and history a list")
    if len(body["history"]) > MAX_ACTIONS:
        raise SaveError(
            f"saved game has {len(body['history']):,} actions; a save holds at most "
            f"{MAX_ACTIONS:,} (far more than any real game)"
        )
    try:
        state = games[body["game"]].new(body["players"], body["seed"], **body["options"])
    except (TypeError, ValueError) as e:  # TypeError: an option named "players" or "seed"
        raise SaveError(f"saved game set-up is not valid: {e}") from None
    game = games[body["game"]]
    history = body["history"]
    if body["format"] != SAVE_FORMAT:
        history = _renamed(history, game.RENAMED)
    for k, action in enumerate(decode(history, game.kinds())):
        try:
            state = state.apply(action)
        except IllegalAction as e:
            raise SaveError(f"saved game: action {k + 1} ({action}) is illegal: {e}") from None
    return state


def _check_signature(body: dict[str, Any], key: bytes | None) -> None:
    """With a key, the save must carry that key's signature (without one, it is not read)."""
    if key is None:
        return
    signature = body.get("signature")
    if signature is None:
        raise SaveError(
            f"saved game is not signed, and here ({SAVE_KEY} is set) only signed saves load"
        )
    if not (
        isinstance(signature, str)
        and len(signature) == 64
        and set(signature) <= set("0123456789abcdef")
        and hmac.compare_digest(signature, _signature(body, key))
    ):
        raise SaveError(
            "saved game was edited, or signed with another key: its signature does not match"
        )


MAX_DEPTH = 8
"""How deeply a save's JSON may nest: body, history, action, deck, card and their fields."""


def _depth(data: Any) -> int:
    """How deeply ``data`` nests (a number or a string: 0), without recursion."""
    deepest, todo = 0, [(data, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, depth)
            if depth <= MAX_DEPTH:
                todo.extend(
                    (x, depth + 1) for x in (item.values() if isinstance(item, dict) else item)
                )
    return deepest


def _renamed(data: Any, names: dict[str, str]) -> Any:
    """Version-1 JSON data with the old class names in ``names`` replaced by today's."""
    if isinstance(data, list):
        return [_renamed(x, names) for x in data]
    if isinstance(data, dict):
        out = {k: _renamed(v, names) for k, v in data.items()}
        if isinstance(out.get("type"), str):
            out["type"] = names.get(out["type"], out["type"])
        return out
    return data
