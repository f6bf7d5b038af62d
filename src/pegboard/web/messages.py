"""The page's own strings: buttons, headings, lobby labels, errors, accessible names.

Each is marked with gettext's ``N_`` convention, so that ``make translations`` extracts it
(``N_`` is one of Babel's default keywords); ``catalog(lang)`` maps every message to its
translation, for ``GET /api/messages``. The page uses the English text as the key, and
fills the ``{name}``-style fields itself. The list is in docs/web.md.

"Draw" alone is the verb of the Draw button (draw a tile, as in the terminal clients); the
game is "Draw dominoes", a message of its own, because other languages name the game with
other words than the move.
"""

from __future__ import annotations

from typing import Final

from pegboard.i18n import translator


def N_(message: str) -> str:  # noqa: N802 - gettext's name: mark now, translate later
    """Mark ``message`` for extraction; ``catalog`` translates it."""
    return message


def NC_(context: str, message: str) -> tuple[str, str]:  # noqa: N802 - as N_, with a context
    """Mark ``message`` in its role ``context`` (gettext's ``msgctxt``) for extraction."""
    return context, message


CONTEXT_SEPARATOR: Final = "\x04"
"""Between a context and its message in ``catalog``'s keys, as in gettext's own files; the
page's ``pgettext(context, msgid)`` looks them up so (web/static/i18n.js)."""


MESSAGES: Final[tuple[str, ...]] = (
    # The lobby: a new table.
    N_("Lobby"),
    N_("New table"),
    N_("Game"),
    N_("Draw dominoes"),
    N_("Cribbage"),
    N_("Players"),
    N_("Seat {number}"),
    N_("Human"),
    N_("Bot"),
    N_("Bot level"),
    N_("Random"),
    N_("Greedy"),
    N_("Expert"),
    N_("Search (ISMCTS)"),
    N_("Your name"),
    N_("Name"),
    N_("Target score"),
    N_("The rules' default"),
    N_("Best of"),
    N_("Best of {games}"),
    N_("Create table"),
    N_("Who may join"),
    N_("Private: only the people you send its links"),
    N_("Public: listed in the open tables, anyone may join"),
    N_("Private table"),
    N_("Public table"),
    N_("Allow hints"),
    N_("Only for a table of two or more people: a person alone with bots always has hints."),
    # The lobby: play at once (issue 35), the full set-up one step away.
    N_(
        "Play dominoes and cards in your browser, against bots or with friends: "
        "press Play now to start at once."
    ),
    N_("Play against bots"),
    N_("Opponents"),
    N_("Play now"),
    N_("Play now: {game}"),
    N_("Set up a table: players, bots, rules, private or rated, clock"),
    N_("A rated table has no hints (fair play)."),
    N_("Not with a bot: a rated match is played by people only."),
    N_("Not with hints: a rated match has no hints (fair play)."),
    # The table: its finished matches' replays (replay.js's earlier.js).
    N_("Replays"),
    N_("Match {number}"),
    # A replay's viewer (replay.js): its controls, the move shown, every hand.
    N_("First"),
    N_("Back"),
    N_("Forward"),
    N_("Last"),
    N_("Autoplay"),
    N_("Pause"),
    N_("Speed"),
    N_("Move"),
    N_("Move {at} of {n}"),
    N_("This move"),
    N_("The deal"),
    N_("Every hand"),
    N_("Chances of winning from this deal's start: {chances}"),
    # A match's report beside its replay (report.js, issue 36).
    N_("Game report"),
    N_("Analyse"),
    N_("The expert can value every decision of this match and grade the mistakes."),
    N_("Asking for the analysis…"),
    N_("Waiting for the analysis to start…"),
    N_("Analysing: {done} of {total} decisions"),
    N_("The analysis failed."),
    N_("The report is ready."),
    N_("Player"),
    N_("Accuracy"),
    N_("Inaccuracies"),
    N_("Mistakes"),
    N_("Blunders"),
    N_("Accuracy of each player"),
    N_("Graded moves"),
    N_("No inaccuracy, mistake or blunder."),
    N_("Move {move}, {name}, {grade}: played {taken}, best {best}, −{loss} ± {error} points"),
    N_(
        "Move {move}, {name}, {grade}: played {taken}, best {best}, −{loss} ± {error} of the "
        "chance of winning"
    ),
    N_("Move {move}: {name} to play"),
    N_("{name}'s chance of winning as they decided: {percent}"),
    N_("The expert's value of each choice ({unit}), best first"),
    N_("Choice"),
    N_("Value"),
    N_("Points lost"),
    N_("Chance lost"),
    N_("Played"),
    N_("played"),
    N_(
        "The match's chart: the scores and the points lost at each decision "
        "(its data follows as a table)."
    ),
    N_("Scores and points lost, move by move"),
    N_("The chart as a table"),
    N_("Analyse this match"),
    # Play on from a replay's position (play_on.js, issue 36).
    N_("From this position"),
    N_("Play as"),
    N_("{name} (to play)"),
    N_("Play on from here"),
    N_("What would the expert do?"),
    N_("Making the table…"),
    N_("The expert is thinking…"),
    N_("The expert's best choices for {name}"),
    # Ratings: a rated table, the leaderboards.
    N_("Rated: each finished match updates the players' ratings (people only, no hints)"),
    N_("Rated table"),
    N_("Leaderboards"),
    # The lobby's way to the daily deals (pegboard.web.daily_pages).
    N_("Daily deals"),
    N_("The same deals for everyone today, against the expert: see how you do against the field."),
    N_("Today's deals"),
    # The table's chat (chat.js): its rooms, the quick phrases, free text, mute and report.
    N_("Chat"),
    N_("Spectators' chat"),
    N_("Quick phrases"),
    N_("Good luck"),
    N_("Well played"),
    N_("Thanks"),
    N_("Oops"),
    N_("Good game"),
    N_("Say something"),
    N_("Send"),
    N_("Hide free text (quick phrases only)"),
    N_("Unmute everyone"),
    N_("Mute"),
    N_("Mute {name}"),
    N_("Report"),
    N_("Report this line of {name}"),
    N_("Reported"),
    # Your turn elsewhere (notify.js): the browser's notifications, the lobby's list.
    N_("Notify me"),
    N_("{game}: table {table}"),
    # Takebacks (table.js): asked for by the last mover, answered by the others.
    N_("Take back my move"),
    N_("Waiting for the others to answer your takeback."),
    N_("{name} asks to take back their last move."),
    N_("Accept"),
    N_("Decline"),
    # Quick pairing (pairing.js): a person of about one's rating, or a bot after a wait.
    N_("Play a person"),
    N_(
        "The server finds you an opponent of about your rating; the longer you wait, "
        "the wider it looks."
    ),
    N_("Offer a bot after"),
    N_("{seconds} s"),
    N_("Never"),
    N_("Find an opponent"),
    N_("Looking for an opponent: {seconds} s"),
    N_("Stop looking"),
    N_("Play a bot instead"),
    # Correspondence (clocks.js, lobby.js, pairing.js): days a move, the pace of a pairing.
    N_("Correspondence: {time} a move"),
    N_(
        "Correspondence: each move has its days, and the players need not stay; past them a "
        "rated match is lost, and a bot plays a casual seat until its player is back."
    ),
    N_("Pace"),
    N_("Live clock"),
    N_(
        "Looking for an opponent by correspondence: you may close this page, the table will "
        "be among your turns once paired."
    ),
    # The lobby: open tables.
    N_("Open tables"),
    N_("No open tables yet."),
    N_("Refresh"),
    N_("Join"),
    N_("Take this seat"),
    N_("Spectate"),
    N_("Free seat"),
    N_("Status"),
    N_("Open"),
    N_("Playing"),
    N_("Over"),
    N_("Language"),
    N_("How to play"),
    N_("How to play {game}"),
    # Invitations.
    N_("Invite"),
    N_("New invitation"),
    N_("Copy invite link"),
    N_("Copy link"),
    N_("Link copied"),
    N_("Spectator link"),
    N_("Send each person the invitation of a seat: it works once, for whoever opens it first."),
    N_("Take your seat"),
    N_("Choose the name the others at the table will see."),
    # The player: remembered without a password.
    N_("You"),
    N_("Your matches"),
    N_("Save name"),
    N_("Saved."),
    N_("Use on another device"),
    N_("Enter this code on your other device, within a day; it works once."),
    N_("Revoke the code"),
    N_("The code is revoked."),
    N_("A code from your other device"),
    N_("Use this code"),
    N_("This browser is now {name}."),
    # The table: whose turn.
    N_("Your turn"),
    N_("Waiting for {name}"),
    N_("Waiting for players"),
    N_("You are watching this table."),
    N_("Spectator"),
    N_("{name} (you)"),
    N_("Connected"),
    N_("Reconnecting…"),
    N_("Disconnected"),
    N_("Away"),
    N_("Random bot"),
    N_("Greedy bot"),
    N_("Expert bot"),
    N_("Search bot (ISMCTS)"),
    N_("Bot ({level})"),
    # The table: leavers (leavers.js): an away seat's time, its stand-in bot, the buttons.
    N_("Away, {time} left"),
    N_("Away for {time}"),
    N_("Away: {bot} plays for them"),
    N_("Hand to a bot"),
    N_("Hand to a bot: {name}"),
    N_("Claim the win"),
    N_("Claim the win: {name} left"),
    N_("{name} left: the match is over by forfeit."),
    N_("{name} left the table: the match is over by resignation."),
    N_("{name} ran out of time: the match is over."),
    N_("The match is aborted: not every player had moved yet, so it is not rated."),
    # The table: Leave asks first, saying what leaving means at this table (leavers.js).
    N_("Leave this table?"),
    N_("Stay"),
    N_("The match is over: your seat becomes free for whoever comes next."),
    N_(
        "This match is rated: leaving now resigns it, and you lose it by forfeit (or it is "
        "aborted, if not every player has moved yet)."
    ),
    N_(
        "Your seat becomes free: anyone may take it from the open tables, and the match "
        "waits until someone does."
    ),
    N_("Your seat becomes free: the match waits until someone you invite takes it."),
    # The lobby: the clock of a new table (lobby.js).
    N_("Clock"),
    N_("The game's own"),
    N_("The game's own: {time}"),
    N_("No clock"),
    N_(
        "Minutes for each player, plus seconds after each move. A person alone with bots "
        "plays without one unless they choose one."
    ),
    # The table: clocks (clocks.js).
    N_("Time left"),
    N_("Time left: {time}"),
    N_("{name}: {time}, running"),
    N_("{time} left on your clock."),
    N_("Take my seat back"),
    # The table: moves.
    N_("Play"),
    N_("Moves"),
    N_("What you see"),
    N_("Draw"),
    N_("Draw a tile"),
    N_("Pass"),
    N_("Go"),
    N_("Discard"),
    N_("Choose two cards for the crib."),
    N_("Choose a card for the crib."),
    N_("Choose a glowing end of the line."),
    # An open end on the board, in words (the end buttons; defect 6 of issue 35).
    N_("The {value} on the left"),
    N_("The {value} on the right"),
    N_("The {value} on the spinner's left arm"),
    N_("The {value} on the spinner's right arm"),
    N_("The {value} on the spinner's top arm"),
    N_("The {value} on the spinner's bottom arm"),
    N_("Open ends: {ends}"),
    N_("Open ends: none yet"),
    N_("Choose a tile."),
    N_("Choose a card."),
    N_("No card of yours keeps the count at 31 or under: say Go (C5)."),
    N_("No card of yours keeps the count at 31 or under: say Go (C10)."),
    N_("No tile of yours fits an open end of the line: draw one (D7)."),
    N_("No tile of yours fits an open end, and nobody draws now: pass (D8)."),
    # With muggins, the show (C18-C20): the hand or crib counted, the claim, the answer.
    N_("Counting {whose}"),
    N_("Count your cards with the starter and claim their points (C18)."),
    N_("Points you claim"),
    N_("Claim"),
    N_("One point fewer"),
    N_("One point more"),
    N_("You claim {points}."),
    N_("{name} claims {points}."),
    N_("The cards hold fewer: {points} pegged (C20)."),
    N_("Did the claim miss points? Call muggins for them, or let the claim stand (C19)."),
    N_("Points missed"),
    N_("Call muggins"),
    N_("Let it stand"),
    N_("Waiting for {name} to claim (C18)."),
    N_("Waiting for {name} to answer the claim (C19)."),
    N_("Claimed"),
    N_("Muggins by {name}"),
    N_("Hint"),
    N_("Hints"),
    N_("Play this"),
    N_("Your chance of winning the match, as you see it: {percent}"),
    N_("{name}'s chance of winning the match here, as they saw it: {percent}"),
    # Every seat's chance on the live table (public facts only; not at rated tables).
    N_("Chances of winning"),
    N_("Chances of winning, from what everyone sees: {chances}"),
    N_("Working out the chances of winning…"),
    N_("Show all {count}"),
    N_("Show the best {count}"),
    # The table itself: the last move, the sounds (table.js, sound.js, cribbage.js).
    N_("Last tile played: {tile}"),
    N_("{card}, the last card played, by {name}"),
    N_("Sound"),
    N_("Close"),
    # The table: what is on it.
    N_("Your hand"),
    N_("Your tiles"),
    N_("Your cards"),
    N_("Line of play"),
    N_("Stock"),
    N_("Tiles in hand"),
    N_("Cards in hand"),
    N_("Leader"),
    N_("Your partner"),
    N_("Double-nine set"),  # a Draw table's heading (D25)
    N_("Five-card cribbage"),  # a cribbage table's heading (C13)
    N_("Counted by the players, with muggins"),  # a cribbage table's heading (C18-C20)
    N_("Dealer"),
    N_("Crib"),
    N_("Starter"),
    N_("Score"),
    N_("Scores"),
    N_("Peg colours"),
    N_("Target"),
    N_("Game points"),
    N_("Log"),
    N_("Round {number}"),
    # A label and its value ("Score: 5"), punctuated as each language writes it (zh 得分：5).
    N_("{label}: {value}"),
    # Ends of rounds, games and matches.
    N_("Round over"),
    N_("Hands revealed"),
    N_("Pip count"),
    N_("Points"),
    N_("Settlement"),
    N_("Next leader: {name}"),
    N_("You win the round: +{points}."),
    N_("{name} wins the round: +{points}."),
    N_("Nobody scores this round."),
    N_("Next round"),
    N_("The show"),
    N_("Continue"),
    N_("Game over"),
    N_("Skunk"),
    N_("Double skunk"),
    N_("Match over"),
    N_("{name} wins the match."),
    N_("You win the match."),
    N_("The match is drawn."),
    N_("Play again"),
    # A daily deal's table (pegboard.web.daily): one deal, then the day's next.
    N_("Deal over"),
    N_("Next deal"),
    N_("You win the deal."),
    N_("{name} wins the deal."),
    N_("The deal is drawn."),
    N_("Leave table"),
    N_("Back to the lobby"),
    # A card's accessible name, in words ("King of hearts"); 2-10 are read as numbers.
    N_("{rank} of {suit}"),
    N_("Ace"),
    N_("Jack"),
    N_("Queen"),
    N_("King"),
    N_("hearts"),
    N_("diamonds"),
    N_("clubs"),
    N_("spades"),
    # Errors the page shows itself.
    N_("Not your turn."),
    N_("No open end of the line shows a number of this tile (D5)."),
    N_("This card would take the count past 31 (C4)."),
    N_("The table moved on; here it is as it stands now."),
    N_("This seat is taken."),
    N_("This link is not valid for this table."),
    N_("No such table."),
    N_("The server cannot be reached."),
    N_("Something went wrong. Try again."),
    N_("Choose at least one human seat."),
)


ROLES: Final[tuple[tuple[str, str], ...]] = (
    # One English word, several roles (tests/i18n/test_roles.py): each role its message.
    NC_("running count", "Count"),
    # A cribbage hand is a deal of cards (zh 第 N 次发牌); a Fives hand is a round of
    # dominoes (zh 第 N 局, hi दौर), as the glossary names them.
    NC_("cribbage", "Hand {number}"),
    NC_("the Fives family", "Hand {number}"),
)
"""The page's messages with a context: (context, message)."""


def catalog(lang: str) -> dict[str, str]:
    """Every message of the page, translated to ``lang`` (``ValueError`` if unknown); a
    message with a context is keyed ``context + CONTEXT_SEPARATOR + message``."""
    _ = translator(lang)
    plain = {message: _(message) for message in MESSAGES}
    return plain | {
        f"{context}{CONTEXT_SEPARATOR}{message}": _.pgettext(context, message)
        for context, message in ROLES
    }
