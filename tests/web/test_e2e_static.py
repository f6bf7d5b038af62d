"""The page's files without a browser: every module it imports is there, nothing comes
from another site, every string it translates is in the catalog of /api/messages, and no
module but a game's own page module names a game."""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

import pegboard.games
from pegboard.web.lobby import GENERIC_PAGE, page_of
from pegboard.web.messages import MESSAGES, ROLES
from pegboard.web.static_files import game_folders, static_file

STATIC = Path(__file__).resolve().parents[2] / "src" / "pegboard" / "web" / "static"
TEMPLATES = STATIC.parent / "templates"


def scripts() -> dict[str, Path]:
    """Every module the page is served, by its path under /static/: the web's own, and
    each game's (``/static/games/``: the generic one and the games' looks' assets)."""
    found = {path.relative_to(STATIC).as_posix(): path for path in STATIC.rglob("*.js")}
    for folder in reversed(game_folders()):  # the first folder's file wins, as served
        found.update({f"games/{path.name}": path for path in folder.glob("*.js")})
    return found


SCRIPTS = sorted(scripts().values())
IMPORT = re.compile(r"""^\s*import\s[^;]*?from\s+["']([^"']+)["']""", re.MULTILINE)
# t("...") and t('...'): the msgids the page looks up.
MSGID = re.compile(r"""\bt\(\s*(["'])((?:\\.|(?!\1).)*)\1""")
# pgettext("context", "msgid"): a word in one of its roles.
CONTEXT_CALL = re.compile(
    r"""\bpgettext\(\s*(["'])((?:\\.|(?!\1).)*)\1\s*,\s*(["'])((?:\\.|(?!\3).)*)\3"""
)
URL = re.compile(r"https?://[^\s\"'`)]+")
SVG_NAMESPACE = "http://www.w3.org/2000/svg"


def test_the_page_loads_its_entry_module_and_style_from_static() -> None:
    from pegboard.web.lobby import index_page

    index = index_page()
    assert '<script type="module" src="/static/app.js">' in index
    assert '<link rel="stylesheet" href="/static/style.css">' in index


def page_modules() -> set[str]:
    """The games' page modules, which games.js imports by the name the server gives."""
    pages = {page_of(pegboard.games.get(name)) for name in pegboard.games.names()}
    return {f"games/{page}.js" for page in pages | {GENERIC_PAGE}}


def rules_scripts() -> set[str]:
    """The modules the games' rules pages load (``RulesPage.scripts``)."""
    from pegboard.web import rules

    return {
        script
        for name in pegboard.games.names()
        for script in rules.page_of(pegboard.games.get(name)).scripts
    }


def test_every_imported_module_is_one_of_the_pages_files() -> None:
    assert SCRIPTS, "no JavaScript modules found"
    reached: set[str] = set()
    from pegboard.web import daily_pages, notices, player_page, replays

    # The roots: the table and lobby's app, the games' page modules, the rules pages', the
    # replay page's, the daily deals' and the player's settings' own scripts (server-rendered
    # pages that name theirs), and the push notices' service worker.
    todo = [
        "app.js",
        *sorted(page_modules()),
        *sorted(rules_scripts()),
        replays.SCRIPT,
        daily_pages.SCRIPT,
        player_page.SCRIPT,
        notices.WORKER,
    ]
    while todo:
        name = todo.pop()
        if name in reached:
            continue
        reached.add(name)
        found = static_file(name)
        assert found is not None, f"no page module {name}"
        source = found.read_text(encoding="utf-8")
        for target in IMPORT.findall(source):
            assert target.startswith(("./", "../")), f"{name} imports {target}: only the page's own"
            resolved = PurePosixPath(name).parent / target
            parts: list[str] = []
            for part in resolved.parts:
                if part == "..":
                    assert parts, f"{name} imports {target}, outside the page's files"
                    parts.pop()
                elif part != ".":
                    parts.append(part)
            path = "/".join(parts)
            assert static_file(path) is not None, f"{name} imports a missing {target}"
            todo.append(path)
    # No module lies unused beside the ones app.js and the games' pages reach.
    assert reached == set(scripts())


def test_nothing_is_fetched_from_another_site() -> None:
    for path in [*SCRIPTS, *TEMPLATES.glob("*.html"), STATIC / "style.css", STATIC / "rules.css"]:
        text = path.read_text(encoding="utf-8")
        foreign = [url for url in URL.findall(text) if url != SVG_NAMESPACE]
        assert foreign == [], f"{path.name} refers to {foreign}"


def test_every_stylesheet_closes_each_block_it_opens() -> None:
    # An unclosed @media block swallows every rule after it: the replay page's styles
    # once applied only to readers who asked for less motion.
    for path in [STATIC / "style.css", STATIC / "rules.css"]:
        comments = re.compile(r"/\*.*?\*/", re.DOTALL)  # each kept as its lines, for the numbers
        text = comments.sub(lambda c: "\n" * c[0].count("\n"), path.read_text(encoding="utf-8"))
        depth = 0
        for number, line in enumerate(text.splitlines(), 1):
            depth += line.count("{") - line.count("}")
            assert depth >= 0, f"{path.name}: a block closed twice by line {number}"
            if not line.startswith((" ", "}")) and line.strip():
                assert depth <= 1, f"{path.name}: a block still open at line {number}"
        assert depth == 0, f"{path.name}: {depth} block(s) never closed"


def test_every_string_the_page_translates_is_in_the_messages_catalog() -> None:
    used: set[str] = set()
    for path in SCRIPTS:
        for _quote, msgid in MSGID.findall(path.read_text(encoding="utf-8")):
            used.add(msgid)
    assert len(used) > 40, "the scan found too few strings to be reading the page"
    missing = sorted(used - set(MESSAGES))
    assert missing == [], f"not in pegboard.web.messages (so never translated): {missing}"


def test_every_word_the_page_asks_in_a_role_is_in_the_messages_catalog() -> None:
    used = {
        (context, msgid)
        for path in SCRIPTS
        for _q, context, _q2, msgid in CONTEXT_CALL.findall(path.read_text(encoding="utf-8"))
    }
    assert ("running count", "Count") in used, "the scan finds the page's pgettext calls"
    assert sorted(used - set(ROLES)) == [], "not in pegboard.web.messages.ROLES"
