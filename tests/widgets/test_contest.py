"""The class tournament in a notebook: the picture names a withdrawn strategy with the deals it
forfeited, and an interrupted run stops its progress bar and keeps its results."""

from __future__ import annotations

from classplay.tournament import Match, Tournament
from tabletop_widgets.classplay.contest import plot_match, tournament


def test_plot_match_names_a_withdrawn_strategy_and_its_forfeits():
    match = Match("asha", "basic", [1.0, -2.0, 3.0], [1, 0, 1, 0, 0], ["", "", "", "asha", "asha"])
    t = Tournament("plates", 4, ["asha", "basic"], [match], withdrawn={"asha": "after 3 problems"})
    labels = [text.get_text() for text in plot_match(t, "asha", "basic").get_legend().get_texts()]
    assert "asha withdrawn: 2 of 5 deals forfeited" in labels


def test_an_interrupted_tournament_keeps_its_results_and_stops_its_bar(monkeypatch):
    import tabletop_widgets.classplay.contest as contest

    bars = []
    real = contest.Progress

    def progress(*args):
        bars.append(real(*args))
        return bars[-1]

    def stop(done, seconds):
        if done == 2:
            raise KeyboardInterrupt

    monkeypatch.setattr(contest, "Progress", progress)
    monkeypatch.setattr(real, "advance", lambda self, done, seconds: stop(done, seconds))
    t = tournament(["basic", "random"], "india", games=4, players=2, workers=0, show=False)
    assert t.interrupted and t.match("basic", "random").games == 2
    assert bars[0].status.value == "stopped after 2 of 4 deals"


def test_plot_match_ending_a_cell_shows_a_chart_not_its_axes():
    """Issue 35: in JupyterLab ``plot_match(t, ...)`` showed ``<Axes ...>`` and no chart (a
    figure of its own is not pyplot's, so nothing drew it)."""
    from IPython.core.formatters import DisplayFormatter

    match = Match("asha", "basic", [1.0, -2.0, 3.0], [1, 0, 1], ["", "", ""])
    t = Tournament("plates", 4, ["asha", "basic"], [match])
    data, _ = DisplayFormatter().format(plot_match(t, "asha", "basic"))
    assert data["image/png"][:4] == b"\x89PNG"
