"""OpenSkill (Weng-Lin, Plackett-Luce) rating updates, teams supported."""
from __future__ import annotations

from openskill.models import PlackettLuce

from db.models import RatingRow

MODEL = PlackettLuce()


def default_row(guild_id: int, game_type: str, user_id: int, name: str, now: float) -> RatingRow:
    fresh = MODEL.rating()
    return RatingRow(
        guild_id=guild_id, game_type=game_type, user_id=user_id, name=name,
        mu=fresh.mu, sigma=fresh.sigma, games=0, wins=0, last_played=now,
    )


def rate(groups: list[list[RatingRow]], ranks: list[int], now: float) -> list[list[RatingRow]]:
    """New rows for each player of each group (team or single player).
    ``ranks[i]`` is group i's place, 1 best; equal ranks are draws."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma) for r in group] for group in groups]
    rated = MODEL.rate(teams, ranks=ranks)
    out = []
    firsts = ranks.count(1)  # a shared first place is a draw, not a win
    for group, new_team, rank in zip(groups, rated, ranks):
        out.append([
            row.model_copy(update={
                "mu": new.mu, "sigma": new.sigma, "games": row.games + 1,
                "wins": row.wins + (1 if rank == 1 and firsts == 1 else 0), "last_played": now,
            })
            for row, new in zip(group, new_team)
        ])
    return out
