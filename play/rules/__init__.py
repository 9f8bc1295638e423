"""The rules of every game in our own words: one Markdown text per game id
and language (`<lang>/<game-id>.md`, English in `en/`), kept beside this
module as package data, shown by the rules page and printed by `haudrauf
rules GAME`. A language without a game's page reads the English one.

The texts use a small part of Markdown: `# title`, `## heading`, `- item` and
plain paragraphs, so a terminal prints them as they are and the window can lay
them out without a Markdown library."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

FOLDER = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Block:
    kind: str  # "title", "heading", "item" or "text"
    text: str


def text(game_id: str, lang: str = "en") -> str:
    """The rules of a game in `lang`, else in English; KeyError (naming the games) for an unknown id."""
    path = FOLDER / (lang if translated(game_id, lang) else "en") / f"{game_id}.md"
    if not path.is_file():
        raise KeyError(f"no rules for {game_id!r}; games: {', '.join(games())}")
    return path.read_text(encoding="utf-8")


def translated(game_id: str, lang: str) -> bool:
    """Whether the game has its own page in `lang` (English always, where the game has rules)."""
    return (FOLDER / lang / f"{game_id}.md").is_file()


def games() -> list[str]:
    """Ids of the games that have a rules text (in English, the pages every other language falls back to)."""
    return sorted(p.stem for p in (FOLDER / "en").glob("*.md"))


def blocks(content: str) -> list[Block]:
    """The text as titled blocks, for drawing."""
    found = []
    for line in content.splitlines():
        line = line.strip()
        if line.startswith("## "):
            found.append(Block("heading", line[3:]))
        elif line.startswith("# "):
            found.append(Block("title", line[2:]))
        elif line.startswith("- "):
            found.append(Block("item", line[2:]))
        elif line:
            found.append(Block("text", line))
    return found
