"""The translations' catalogs, package data: `<lang>/LC_MESSAGES/haudrauf.po` and the template `haudrauf.pot`
(see `play/language.py`, which reads them)."""
