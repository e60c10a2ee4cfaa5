"""A long Highcard game played through the table service, for /history and /replay."""
from __future__ import annotations

from tests.conftest import Table


async def long_game(table: Table, cards: int = 60) -> int:
    """A finished two-player Highcard game of ``cards`` moves; its id."""
    alice, bob = table.members
    service = table.service
    live = await service.open_lobby("highcard", table.guild.id, table.channel.id, alice.id, "alice",
                                    {"deck_size": cards, "hand_size": 3})
    await service.join(live.id, bob.id, "bob")
    await service.start(live.id, alice.id)
    while (current := table.live()) is not None and current.record.status == "playing":
        seat = current.to_act()[0]
        await service.act(live.id, current.seats[seat].user_id, current.engine.ai_action(current.state, seat, None))
    await table.env.settle()
    return live.id
