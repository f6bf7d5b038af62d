"""Seasons (issue 39): ``season_ratings`` keeps each player's rating at a game in each
calendar month (UTC), from OpenSkill's defaults at the month's start; the rated matches
already played are replayed into the months they ended in, in the order they were rated.

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op
from openskill.models import PlackettLuce

revision = "0014"
down_revision: str | None = "0013"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "season_ratings",
        sa.Column("season", sa.String(7), primary_key=True),
        sa.Column("game", sa.String(16), primary_key=True),
        sa.Column(
            "player_id",
            sa.String(16),
            sa.ForeignKey("players.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("matches", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_season_ratings_game_season", "season_ratings", ["game", "season"])
    op.create_index("ix_season_ratings_player_id", "season_ratings", ["player_id"])
    replay_seasons()


def replay_seasons() -> None:
    """The rated matches of the history, each into the season it was rated in (written out
    here, not imported, so that this migration stays what it was when later code moves)."""
    changes = sa.table(
        "rating_changes",
        sa.column("id", sa.Integer),
        sa.column("player_id", sa.String),
        sa.column("game", sa.String),
        sa.column("table_id", sa.String),
        sa.column("match_number", sa.Integer),
        sa.column("seat", sa.Integer),
        sa.column("rank", sa.Integer),
        sa.column("created_at", sa.DateTime(timezone=True)),
    )
    ended = sa.table(
        "matches",
        sa.column("table_id", sa.String),
        sa.column("number", sa.Integer),
        sa.column("finished_at", sa.DateTime(timezone=True)),
    )
    rows = (
        op.get_bind()
        .execute(
            sa.select(changes, ended.c.finished_at)
            .select_from(
                changes.outerjoin(
                    ended,
                    sa.and_(
                        ended.c.table_id == changes.c.table_id,
                        ended.c.number == changes.c.match_number,
                    ),
                )
            )
            .order_by(changes.c.created_at, changes.c.id)
        )
        .all()
    )
    matches: dict[tuple[str, int], list[sa.Row[tuple[object, ...]]]] = defaultdict(list)
    for row in rows:
        matches[(row.table_id, row.match_number)].append(row)
    model = PlackettLuce()
    held: dict[tuple[str, str, str], list[float]] = {}
    for seats in matches.values():
        seats.sort(key=lambda row: row.seat)
        # The month the match ended in (a forfeit, not ended: the month it was rated in).
        moment = seats[0].finished_at or seats[0].created_at
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        season = f"{moment.year:04d}-{moment.month:02d}"
        keys = [(season, row.game, row.player_id) for row in seats]
        teams = []
        for key in keys:
            mu, sigma = held[key][:2] if key in held else (model.mu, model.sigma)
            teams.append([model.rating(mu=mu, sigma=sigma)])
        after = model.rate(teams, ranks=[float(row.rank) for row in seats])
        for key, team in zip(keys, after, strict=True):
            played = held.get(key, [0.0, 0.0, 0])[2]
            held[key] = [team[0].mu, team[0].sigma, played + 1]
    if held:
        moment = datetime.now(UTC)
        op.bulk_insert(
            sa.table(
                "season_ratings",
                sa.column("season", sa.String),
                sa.column("game", sa.String),
                sa.column("player_id", sa.String),
                sa.column("mu", sa.Float),
                sa.column("sigma", sa.Float),
                sa.column("matches", sa.Integer),
                sa.column("updated_at", sa.DateTime(timezone=True)),
            ),
            [
                {
                    "season": season,
                    "game": game,
                    "player_id": player,
                    "mu": mu,
                    "sigma": sigma,
                    "matches": int(played),
                    "updated_at": moment,
                }
                for (season, game, player), (mu, sigma, played) in held.items()
            ],
        )


def downgrade() -> None:
    op.drop_index("ix_season_ratings_player_id", table_name="season_ratings")
    op.drop_index("ix_season_ratings_game_season", table_name="season_ratings")
    op.drop_table("season_ratings")
