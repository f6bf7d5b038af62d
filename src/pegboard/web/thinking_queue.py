"""Who thinks next in the bot pool (``pegboard.web.bot_pool``): the bots' moves before any
hint, the hints shared fairly between the addresses that ask for them, and the reports'
decisions last, shared fairly between the matches.

The pool has a few slots (its workers). A FIFO of them let one address that asked for
many hints at once (64 sockets, each at a table of its own) make every bot of the server
wait behind them: a victim's expert move went from 0.41 s to 3.8 s at the median
(issue 33). Here:

* a bot's move waiting for a slot gets the next free one, before any hint: the bots keep
  the tables moving, a hint is a favour (the moves wait in the order they came; a table has
  at most one in flight, so they are bounded by the tables with bots);
* the hints wait per address and take the free slots in turn, one address after another
  (round robin), so an address that asks for many waits for its own, not the others; one
  address's hints go in the order they came, and since a table has at most one hint at a
  time (``BotPool.hint``), a table that asks again goes behind the address's other tables;
* an address has at most ``most_waiting`` hints waiting: one more is refused at once
  (``HintsWaitingError``), so the queue never grows with what one address sends.

* a match's report (issue 36, ``pegboard.web.analyses``) is searched one decision at a
  time, after every move and hint: each decision takes the next slot nobody else wants,
  the matches' decisions in turn (round robin by match), so a long match being analysed
  does not make a short one wait for its end.

Bot moves may keep every slot busy, and then the hints and reports wait: that is the order
asked for.
The queue lives on one event loop (the server's) and is not thread-safe.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager


class HintsWaitingError(Exception):
    """The address already has as many hints waiting as it may: this one is refused."""


class ThinkingQueue:
    """``slots`` thinking at once (None: no bound, nothing ever waits), the bots' moves
    first, the hints in turn per address."""

    def __init__(self, slots: int | None) -> None:
        if slots is not None and slots < 1:
            raise ValueError(f"a queue has 1 slot or more, not {slots}")
        self.slots = slots
        self._free = slots
        self._moves: deque[asyncio.Future[None]] = deque()
        self._hints: dict[str, deque[asyncio.Future[None]]] = {}
        """The hints waiting, per address, in the order they came."""
        self._turns: deque[str] = deque()
        """The addresses with hints waiting, in the order they will be served."""
        self._reports: dict[str, deque[asyncio.Future[None]]] = {}
        """The reports' decisions waiting, per match, in the order they came."""
        self._report_turns: deque[str] = deque()
        """The matches with a decision waiting, in the order they will be served."""

    def hints_waiting(self, address: str) -> int:
        """How many hints of ``address`` wait for a slot."""
        return len(self._hints.get(address, ()))

    @asynccontextmanager
    async def move(self) -> AsyncIterator[None]:
        """A slot for a bot's move, for the ``async with`` block."""

        def leave(future: asyncio.Future[None]) -> None:
            if future in self._moves:
                self._moves.remove(future)

        await self._wait(self._moves.append, leave)
        try:
            yield
        finally:
            self._give_back()

    @asynccontextmanager
    async def hint(self, address: str, most_waiting: int) -> AsyncIterator[None]:
        """A slot for a hint asked from ``address``, for the ``async with`` block;
        ``HintsWaitingError`` at once if ``address`` has ``most_waiting`` hints waiting."""
        if self._free == 0 and self.hints_waiting(address) >= most_waiting:
            raise HintsWaitingError(address)

        def join(future: asyncio.Future[None]) -> None:
            if address not in self._hints:
                self._hints[address] = deque()
                self._turns.append(address)
            self._hints[address].append(future)

        def leave(future: asyncio.Future[None]) -> None:
            waiting = self._hints.get(address, deque())
            if future not in waiting:
                return  # ``_next`` took it out already
            waiting.remove(future)
            if not waiting:
                del self._hints[address]
                self._turns.remove(address)

        await self._wait(join, leave)
        try:
            yield
        finally:
            self._give_back()

    @asynccontextmanager
    async def report(self, match: str) -> AsyncIterator[None]:
        """A slot for one decision of ``match``'s report, for the ``async with`` block:
        after every move and hint, the matches in turn."""

        def join(future: asyncio.Future[None]) -> None:
            if match not in self._reports:
                self._reports[match] = deque()
                self._report_turns.append(match)
            self._reports[match].append(future)

        def leave(future: asyncio.Future[None]) -> None:
            waiting = self._reports.get(match, deque())
            if future not in waiting:
                return  # ``_next`` took it out already
            waiting.remove(future)
            if not waiting:
                del self._reports[match]
                self._report_turns.remove(match)

        await self._wait(join, leave)
        try:
            yield
        finally:
            self._give_back()

    async def _wait(
        self,
        join: Callable[[asyncio.Future[None]], None],
        leave: Callable[[asyncio.Future[None]], None],
    ) -> None:
        if self._free is None:
            return
        if self._free > 0:  # then nobody waits: ``_give_back`` hands a free slot on at once
            self._free -= 1
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        join(future)
        try:
            await future
        except asyncio.CancelledError:
            if future.cancelled():  # still waiting: out of the queue
                leave(future)
            else:  # given a slot just as its waiter was cancelled: hand it on
                self._give_back()
            raise

    def _give_back(self) -> None:
        if self._free is None:
            return
        self._free += 1
        while self._free > 0 and (future := self._next()) is not None:
            self._free -= 1
            future.set_result(None)

    def _next(self) -> asyncio.Future[None] | None:
        """The next waiter to be given a slot, out of its queue: the first move, else the
        first hint of the address whose turn it is (which goes to the back of the turns
        if it has more waiting), else likewise the first decision of the match whose turn
        it is. A waiter cancelled a moment ago (its future cancelled, its
        task not yet run to take it out) is passed over."""
        while self._moves:
            future = self._moves.popleft()
            if not future.done():
                return future
        while self._turns:
            address = self._turns.popleft()
            waiting = self._hints[address]
            future = waiting.popleft()
            if waiting:
                self._turns.append(address)
            else:
                del self._hints[address]
            if not future.done():
                return future
        while self._report_turns:
            match = self._report_turns.popleft()
            waiting = self._reports[match]
            future = waiting.popleft()
            if waiting:
                self._report_turns.append(match)
            else:
                del self._reports[match]
            if not future.done():
                return future
        return None
