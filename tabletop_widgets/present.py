"""What a table's board says in words: the status line, the title of "Since your last move"
and the game-over box. Pure functions of names and texts (every one already as the viewer may
read it), so the HTML is the same whichever table asks."""

from __future__ import annotations

from html import escape

from .words import YOU, joined, says


def status_html(turn: str, note: str = "") -> str:
    """The status line: whose turn it is, and a note on a click that was ignored."""
    noted = f' <span class="tt-note">({escape(note)})</span>' if note else ""
    return f"<b>{escape(turn)}</b>{noted}" if turn else noted.strip()


def recent_title(name: str, own: bool, lines: list[str]) -> str:
    """The title over the lines of "Since your last move" for the seat called ``name``: since
    its own last action (``own``), else everything "So far" (nothing if there is nothing)."""
    if not own:
        return "So far" if lines else ""
    return "Since your last move" if name == YOU else f"Since {name}'s last move"


def over_html(
    winners: list[str], standings: list[tuple[str, str]], next_game: str | None = None
) -> str:
    """The game-over box: who won, each player's final standing (name, result in the game's
    own words), and the New game button (or, given ``next_game``, those words instead: in a
    room the teacher deals the next game)."""
    won = joined(winners) or "Nobody"
    verb = says(won, "win") if len(winners) <= 1 else f"{won} win"
    rows = "".join(
        f"<tr><td>{escape(name)}</td><td>{escape(text)}</td></tr>" for name, text in standings
    )
    after = (
        '<button type="button" class="jupyter-button tt-new-game" data-intent="new-game">'
        "New game</button>"
        if next_game is None
        else f'<p class="tt-next-game">{escape(next_game)}</p>'
    )
    return (
        f'<div class="tt-over-box" role="status"><b>Game over: {escape(verb)}.</b>'
        f'<table class="tt-standings">{rows}</table>{after}</div>'
    )


__all__ = ["over_html", "recent_title", "status_html"]
