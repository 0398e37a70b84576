"""Shared places from scores.

TRF and chess-results ranks are after tiebreak (unique). A circuit that shares tied places (ACF "Ruling — ties")
wants the players level on points to share a place: the place is 1 + the number of players (in the same section)
with more points, and it is shared when someone else has the same points. Circuits whose rules use the tiebreak
rank (FECODAZ Art. 3; its item 5 looks at the points itself) keep the rank.
"""

from __future__ import annotations

import pandas as pd


def shared_places(points: pd.Series, group: pd.Series | None = None) -> pd.DataFrame:
    """Per row: ``place`` (competition ranking "1224" of the points, highest first, within ``group``) and
    ``tied`` (another row of the group has the same points). Missing points are placed last, not tied."""
    frame = pd.DataFrame({"points": pd.to_numeric(points, errors="coerce").astype(float),
                          "group": group.to_numpy() if group is not None else 0}, index=points.index)
    keys = frame.groupby("group", sort=False, dropna=False)["points"]
    place = keys.rank(method="min", ascending=False, na_option="bottom").astype(int)
    tied = frame.groupby(["group", "points"], sort=False, dropna=False)["points"].transform("size").gt(1)
    tied &= frame["points"].notna()
    return pd.DataFrame({"place": place, "tied": tied}, index=points.index)


def place_text(place: pd.Series, tied: pd.Series) -> pd.Series:
    """The place as an organiser writes it: 3 or =3 (read back by ``gpcalc.parse.read_place``)."""
    text = place.astype(int).astype(str)
    return text.where(~tied.astype(bool), "=" + text)
