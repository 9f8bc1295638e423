"""The phone page's own words (client/index.html and client/phone.js), by
key: marked here so `make catalogs` puts them in the catalogs, and served to
the page in the language its reader picked (`GET /words/<code>.json`).
`{named}` slots are filled in on the page. Counted words (a hand's cards)
come with the table's messages, where each language's plural forms are known."""
from __future__ import annotations

from typing import Any

from haudrauf.play.language import LANGUAGES, Language


def N_(text: str) -> str:
    """Marks a word for the catalogs; it is translated when served."""
    return text


WORDS = {
    # index.html
    "title": N_("Hau drauf table — your phone"),
    "language": N_("Language"),
    "offline": N_("Connection lost — reconnecting…"),
    "leave": N_("Leave seat"),
    "leave_sure": N_("Tap again to leave"),
    "connecting": N_("Connecting to the table…"),
    "join_title": N_("Join the table"),
    "code_label": N_("The code on the table's screen"),
    "code_placeholder": N_("Six letters"),
    "come_in": N_("Come in"),
    "code_hint": N_("The table's screen shows the code beside its QR code. Scanning the QR code with the "
                    "camera brings you in without the code."),
    "name_label": N_("Your name"),
    "name_placeholder": N_("Type your name"),
    "tap_seat": N_("Tap your seat"),
    "seats_hint": N_("Grey seats are not free: each says why. Your seat number is the one on the table."),
    "your_button": N_("Your button"),
    "hau_drauf": N_("HAU DRAUF!"),
    "your_hand": N_("Your hand"),
    "cancel": N_("Cancel"),
    # phone.js
    "link_refused": N_("This phone could not get in with its link. If the table switched its phones off and on, "
                       "type the new code from its screen."),
    "type_code_first": N_("Type the code from the table's screen first."),
    "code_refused": N_("That code did not let this phone in. Check it on the table's screen and try again — "
                       "after a few wrong tries, wait a minute."),
    "who": N_("{name} · seat {seat}"),
    "you_are": N_("You are {name} at seat {seat}. Waiting for the table…"),
    "seat": N_("Seat {seat}"),
    "free": N_("free"),
    "type_name_first": N_("Type your name first — the table shows it at your seat."),
    "time_is_up": N_("Time is up!"),
    "not_in_game": N_("You are not in this game"),
    "pressed_waiting": N_("Pressed — waiting for the others"),
    "hit_it_now": N_("HAU DRAUF — hit it now!"),
    "slowest": N_("Slowest — take your cards, then press your button"),
    "time_up_take": N_("Time is up — take your cards, then press your button"),
    "your_turn": N_("Your turn"),
    "wait_turn": N_("Wait for your turn"),
    "press_button": N_("Press your button"),
    "hit_button": N_("Hit your button!"),
    "no_press": N_("no press"),
    "ms": N_("{ms} ms"),
    "racer_you": N_("{name} (you)"),
    "takes_cards": N_("takes cards"),
    "the_race": N_("The race"),
    "too_close": N_("Too close to call — the order stands, but it is a guess."),
    "seconds_left": N_("{seconds} s left"),
    "face_down": N_("a card face down"),
    "what_to_do": N_("What do you want to do with the {card}?"),
    "waiting_for": N_("Waiting for {names}"),
    "waiting": N_("Waiting"),
    "you": N_("You"),
}


def page_words(code: str) -> dict[str, Any]:
    """What the page is sent for a language we speak: its code, its words, and every language by its own name."""
    lang = Language(code)
    return {"language": lang.code, "languages": LANGUAGES,
            "words": {key: lang.gettext(text) for key, text in WORDS.items()}}
