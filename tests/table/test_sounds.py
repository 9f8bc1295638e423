"""The sounds (sounds/make_sounds.py and the committed WAVs) and their player
(table/audio.py): complete, regenerable, well-formed, sane to listen to, and a
player that never fails because of the machine or the files."""
from __future__ import annotations

import ast
import dataclasses
import math
import wave
from pathlib import Path

import numpy as np
import pygame
import pytest

from haudrauf.device import events as uev
from haudrauf.engine.games.crazy_old_fish_war import events as cofw
from haudrauf.engine.games.skip_bo import events as skip_bo
from haudrauf.engine.games.uno_hau_drauf import events as uno
from haudrauf.sounds import make_sounds, synth
from haudrauf.table import audio as audio_module
from haudrauf.table.audio import SOUND_FOR_EVENT, SOUND_NAMES, SOUNDS_DIR, Audio, game_event_sound

ROOT = Path(__file__).resolve().parents[2]
RATE = 44100
REGENERATE = "run `python sounds/make_sounds.py` and commit the WAVs"


def read_wav(path: Path):
    """(params, int16 samples) of a WAV, read with the standard library."""
    with wave.open(str(path), "rb") as wav:
        return wav.getparams(), np.frombuffer(wav.readframes(wav.getnframes()), dtype="<i2")


def as_float(pcm: np.ndarray) -> np.ndarray:
    return pcm.astype(float) / 32767.0


def dominant_frequency(signal: np.ndarray) -> float:
    spectrum = np.abs(np.fft.rfft(signal * np.hanning(signal.size)))
    return float(np.fft.rfftfreq(signal.size, 1.0 / RATE)[spectrum.argmax()])


@pytest.fixture(scope="module")
def synthesised() -> dict[str, np.ndarray]:
    return make_sounds.synthesise()


@pytest.fixture(scope="module")
def committed() -> dict[str, np.ndarray]:
    return {path.stem: as_float(read_wav(path)[1]) for path in sorted(SOUNDS_DIR.glob("*.wav"))}


# --- the set of sounds --------------------------------------------------------

def test_the_script_the_player_and_the_folder_agree_on_the_sounds():
    on_disk = {path.stem for path in SOUNDS_DIR.glob("*.wav")}
    assert set(make_sounds.NAMES) == set(SOUND_NAMES), "table/audio.py SOUND_NAMES is out of step with the script"
    assert on_disk == set(SOUND_NAMES), REGENERATE


def test_sounds_dir_is_the_repo_folder():
    assert SOUNDS_DIR == ROOT / "sounds"


def test_every_unit_event_named_has_a_sound():
    event_classes = {value for value in vars(uev).values()
                     if isinstance(value, type) and dataclasses.is_dataclass(value)}
    assert set(SOUND_FOR_EVENT) <= event_classes
    assert set(SOUND_FOR_EVENT.values()) <= set(SOUND_NAMES)
    for silent in (uev.PoweredOff, uev.RegistrationOpened, uev.SettingsChanged,
                   uev.UnitEvent):
        assert silent not in SOUND_FOR_EVENT
    assert {uev.NotYourTurn, uev.InputIgnored, uev.StartRefused} <= {
        event for event, sound in SOUND_FOR_EVENT.items() if sound == "error"}


@pytest.mark.parametrize("event, sound", [
    (uno.SlapArmed(seat=0), "slap_start"),  # a HAU DRAUF card is laid: the slap race is on
    (uno.CardsDrawn(seat=1, count=2, cause="draw two"), "penalty"),
    (uno.CardsDrawn(seat=1, count=0, cause="timeout"), None),  # an empty stock gave nothing: no penalty heard
    (uno.UnoCaught(catcher=0, target=1), "penalty"),
    (uno.CardPlayed(seat=0, card=5, colour="red"), "card_play"),
    (uno.DrewCard(seat=0), "card_draw"),
    (uno.UnoCalled(seat=2), "uno"),
    (uno.StockReshuffled(count=30), "shuffle"),
    (uno.SitsOut(seat=1, why="skip"), None),
    (uno.RoundOver(round=1, winner=0, points=40, hand_points=(0, 40), scores=(40, 0)), "round_win"),
    (uno.GameOver(winners=(0,), scores=(500, 20)), "win"),
    (cofw.CardPlayed(seat=1, card=3), "card_play"),  # the same sound for another game's own event
    (skip_bo.SingleGameWon(game=1, winners=(0,), points=30, stock_left=1, totals=(30, 0)), "win"),  # ends both
])
def test_a_game_event_makes_its_own_sound(event, sound):
    assert game_event_sound(event) == sound
    assert sound is None or sound in SOUND_NAMES


def test_the_table_sounds_a_slap_race_a_draw_two_and_a_round_won(app, monkeypatch):
    from haudrauf.table.scenes.table_mode import TableScene
    from tests.table.test_scenes import plans
    scene = TableScene(app, "uno-hau-drauf", {"players": 2}, plans(2), seed=1, save=False)
    played: list[str] = []
    monkeypatch.setattr(app.audio, "play", lambda name: played.append(name) or True)
    scene.on_events([uev.SlapStarted(at=1.0, slapper=0, racers=(0, 1), window_ms=2000.0),
                     uno.CardsDrawn(seat=1, count=2, cause="draw two"),
                     uno.RoundOver(round=1, winner=0, points=40, hand_points=(0, 40), scores=(40, 0))])
    assert played == ["slap_start", "penalty", "round_win"]


# --- the files ----------------------------------------------------------------------

@pytest.mark.parametrize("name", SOUND_NAMES)
def test_wav_format(name):
    params, _ = read_wav(SOUNDS_DIR / f"{name}.wav")
    assert (params.nchannels, params.sampwidth, params.framerate, params.comptype) == (1, 2, RATE, "NONE")


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_committed_wav_is_what_the_script_makes_now(name, synthesised):
    _, pcm = read_wav(SOUNDS_DIR / f"{name}.wav")
    assert np.array_equal(pcm, make_sounds.to_pcm(synthesised[name])), f"{name}.wav is stale: {REGENERATE}"


def test_write_all_is_deterministic_to_the_byte(tmp_path):
    paths = make_sounds.write_all(tmp_path)
    assert sorted(path.name for path in paths) == sorted(f"{name}.wav" for name in SOUND_NAMES)
    for path in paths:
        assert path.read_bytes() == (SOUNDS_DIR / path.name).read_bytes(), f"{path.name}: {REGENERATE}"


def test_all_sounds_together_stay_small():
    total = sum(path.stat().st_size for path in SOUNDS_DIR.glob("*.wav"))
    assert total < 1.5 * 1024 * 1024


# --- levels, lengths and telling the sounds apart ----------------------------------------

def dbfs(value: float) -> float:
    return 20 * math.log10(value)


def test_the_loudness_proxy_measures_what_a_meter_would():
    """loudness_db, which sets every level, is checked against tones whose loudness is known."""
    t = np.arange(int(0.5 * RATE)) / RATE
    tone = 0.5 * np.sin(2 * np.pi * 1000 * t)
    assert synth.loudness_db(tone) == pytest.approx(dbfs(0.5) - 3.01 + 0.44, abs=0.1)  # RMS, K-weight at 1 kHz
    bright = 0.5 * np.sin(2 * np.pi * 4000 * t)
    assert synth.loudness_db(bright) - synth.loudness_db(tone) == pytest.approx(3.2, abs=0.5)
    burst = tone[:int(0.02 * RATE)]  # 20 ms: the ear sums it over 0.1 s, so 7 dB less than held
    assert synth.loudness_db(burst) - synth.loudness_db(tone) == pytest.approx(-7.0, abs=0.1)
    fading = np.concatenate([tone[:int(0.1 * RATE)], 0.1 * tone])  # the loudest 0.1 s counts, not the tail
    assert synth.loudness_db(fading) == pytest.approx(synth.loudness_db(tone), abs=0.1)


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_no_sound_clips_peaks_stay_below_minus_1_dbfs(name, committed):
    signal = committed[name]
    assert dbfs(np.max(np.abs(signal))) <= -1.0, "clips or nearly"
    assert abs(np.mean(signal)) < 1e-3, "DC offset"


def test_levels_are_matched_and_only_the_background_sounds_are_quieter(committed):
    """Every signal sound at one loudness (within 1 dB); the tick and table mode's
    card noises 6 dB below it, the refused-card hint 8 dB — no more."""
    level = {name: synth.loudness_db(signal) for name, signal in committed.items()}
    signals = [level[name] for name in SOUND_NAMES if name not in make_sounds.QUIETER_DB]
    assert max(signals) - min(signals) <= 1.0, level
    reference = float(np.median(signals))
    quieter = {"spin_tick": 6.0, "card_play": 6.0, "card_draw": 6.0, "shuffle": 6.0, "refused": 8.0}
    assert make_sounds.QUIETER_DB == quieter
    for name, below in quieter.items():
        assert reference - level[name] == pytest.approx(below, abs=0.5), name
    assert math.sqrt(np.mean(committed["shuffle"] ** 2)) >= 0.03, "the quietest sound is still audible"


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_starts_and_ends_faded(name, committed):
    signal = committed[name]
    edge = int(0.0005 * RATE)  # the first and last half millisecond
    assert abs(signal[0]) <= 0.01 and abs(signal[-1]) <= 0.01
    assert np.max(np.abs(signal[:edge])) <= 0.05
    assert np.max(np.abs(signal[-edge:])) <= 0.05


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_sounds_are_short(name, committed):
    assert 0.01 <= committed[name].size / RATE <= 2.0


def test_each_role_has_a_sensible_length(committed):
    seconds = {name: signal.size / RATE for name, signal in committed.items()}
    assert seconds["spin_tick"] <= 0.03, "the tick repeats up to twenty times a second"
    assert 0.6 <= seconds["buzzer"] <= 1.0
    assert seconds["countdown"] <= 0.2, "one beep a second: it must not run into the next"
    assert seconds["win"] > seconds["round_win"] > seconds["selected"]


def test_buzzer_is_longer_and_lower_than_the_beep(committed):
    buzzer, beep = committed["buzzer"], committed["beep"]
    assert buzzer.size > 3 * beep.size
    assert dominant_frequency(buzzer) < 400 < 800 < dominant_frequency(beep)


def semitones(freq: float) -> float:
    return 12 * math.log2(freq / 440.0)


def envelope_db(signal: np.ndarray, hop: float = 0.005) -> np.ndarray:
    """The level of each 5 ms of the sound."""
    n = int(hop * RATE)
    frames = signal[:signal.size // n * n].reshape(-1, n)
    return 10 * np.log10(np.mean(frames**2, axis=1) + 1e-12)


def note_count(signal: np.ndarray) -> int:
    """Notes heard: times the level comes up to within 20 dB of the loudest after
    having dropped 30 dB below it (a gap between notes)."""
    levels, count, sounding = envelope_db(signal), 0, False
    top = levels.max()
    for level in levels:
        if not sounding and level > top - 20:
            sounding, count = True, count + 1
        elif sounding and level < top - 30:
            sounding = False
    return count


def cues(signal: np.ndarray) -> dict[str, float]:
    """What an ear goes by: pitch, length, whether the pitch climbs or falls,
    how many notes, and whether the sound dies away (struck) or is held."""
    third = signal.size // 3
    levels = 10 ** (envelope_db(signal) / 10)
    half = levels.size // 2
    return {"pitch": semitones(dominant_frequency(signal)), "seconds": signal.size / RATE,
            "climb": semitones(dominant_frequency(signal[-third:])) - semitones(dominant_frequency(signal[:third])),
            "notes": note_count(signal), "dies away": 10 * math.log10(levels[:half].mean() / levels[half:].mean())}


def differences(a: dict[str, float], b: dict[str, float]) -> list[str]:
    """The cues on which two sounds clearly differ: a minor third in pitch, half
    as long again, 5 semitones more climb, another number of notes, 6 dB more fade."""
    found = []
    if abs(a["pitch"] - b["pitch"]) >= 3:
        found.append("pitch")
    if max(a["seconds"], b["seconds"]) >= 1.5 * min(a["seconds"], b["seconds"]):
        found.append("length")
    if abs(a["climb"] - b["climb"]) >= 5:
        found.append("climb")
    if a["notes"] != b["notes"]:
        found.append("notes")
    if abs(a["dies away"] - b["dies away"]) >= 6:
        found.append("fade")
    return found


def test_the_cues_see_what_the_sounds_are_made_of(committed):
    """The measures behind the distinctness test read the sounds as designed."""
    c = {name: cues(committed[name]) for name in ("buzzer", "wake", "sleep", "slap_lose", "win", "selected")}
    assert c["buzzer"]["pitch"] == pytest.approx(semitones(150), abs=0.5)
    assert c["wake"]["climb"] > 12 and c["sleep"]["climb"] < -12
    assert c["slap_lose"]["notes"] == 4 and c["win"]["notes"] == 7
    assert c["selected"]["dies away"] > 10 > c["buzzer"]["dies away"]


def test_every_two_sounds_differ_clearly_in_pitch_length_climb_notes_or_fade(committed):
    """Told apart without looking: buzzer and countdown, tick, race start, loser,
    winner and round won, wake and sleep — every pair of sounds differs on at least one cue."""
    measured = {name: cues(committed[name]) for name in SOUND_NAMES}
    alike = [(a, b) for i, a in enumerate(SOUND_NAMES) for b in SOUND_NAMES[i + 1:]
             if not differences(measured[a], measured[b])]
    assert alike == [], {name: measured[name] for pair in alike for name in pair}


def test_synthesis_is_floats_in_range(synthesised):
    for name, signal in synthesised.items():
        assert signal.dtype == np.float64 and signal.ndim == 1, name
        assert np.max(np.abs(signal)) <= synth.MAX_PEAK, name


# --- the player -----------------------------------------------------------------------

@pytest.fixture(scope="module", autouse=True)
def shared_mixer():
    """Open the (dummy) mixer once for the module: opening it per test costs 30 ms each."""
    pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
    yield
    pygame.mixer.quit()


@pytest.fixture
def audio():
    player = Audio()
    yield player
    player.close()


def test_opens_and_closes_the_mixer_itself_when_nobody_else_has():
    pygame.mixer.quit()
    try:
        player = Audio()
        assert pygame.mixer.get_init() == (RATE, -16, 2)
        assert player.play("beep") is True
        player.close()
        assert pygame.mixer.get_init() is None
    finally:
        pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)


def test_leaves_a_mixer_it_did_not_open_alone(audio):
    audio.close()
    assert pygame.mixer.get_init() is not None


def test_plays_every_sound_under_the_dummy_driver(audio):
    assert audio.problems == []
    assert audio.available
    assert audio.loaded == tuple(sorted(SOUND_NAMES))
    for name in SOUND_NAMES:
        assert audio.play(name) is True, name
        pygame.mixer.stop()  # free the channels: the dummy device plays in real time


def test_unit_events_play_their_sounds_once_per_batch(audio):
    batch = [
        uev.GameStarted(at=0.0, seats=(1, 2)),
        uev.SpinStarted(at=0.0, seats=(1, 2), schedule=((0.0, 1), (100.0, 2)), duration_ms=100.0),
        uev.NotYourTurn(at=0.1, seat=1, waiting_for=(2,)),
        uev.InputIgnored(at=0.2, button="seat", seat=1, reason="spinning"),
        uev.PoweredOff(at=0.3),
    ]
    assert audio.play_for_unit_events(batch) == ["start", "spin_tick", "error"]
    assert audio.play_for_unit_events([uev.TurnTimedOut(at=6.0, seat=2, limit_ms=6000.0)]) == ["buzzer"]
    assert audio.play_for_unit_events([]) == []


def test_unknown_sound_is_silent_and_reported_once(audio):
    assert audio.play("kazoo") is False
    assert audio.play("kazoo") is False
    assert [p for p in audio.problems if "kazoo" in p] == ["there is no sound called 'kazoo'"]


def test_missing_folder_is_silent_and_reported(tmp_path):
    player = Audio(folder=tmp_path / "nowhere")
    try:
        assert player.loaded == ()
        assert player.play("beep") is False
        assert len(player.problems) == 1 and "does not exist" in player.problems[0]
    finally:
        player.close()


def test_corrupt_and_missing_files_are_silent_and_reported(tmp_path):
    (tmp_path / "beep.wav").write_bytes(b"not a wave file at all" * 20)
    (tmp_path / "error.wav").write_bytes(b"")
    (tmp_path / "buzzer.wav").write_bytes((SOUNDS_DIR / "buzzer.wav").read_bytes())
    player = Audio(folder=tmp_path)
    try:
        assert player.loaded == ("buzzer",)
        assert player.play("beep") is False and player.play("error") is False
        assert player.play("buzzer") is True
        assert any(p.startswith("beep.wav could not be read") for p in player.problems)
        assert any(p.startswith("error.wav could not be read") for p in player.problems)
        missing = [p for p in player.problems if p.startswith("missing in")]
        assert len(missing) == 1 and "win.wav" in missing[0] and "beep.wav" not in missing[0]
    finally:
        player.close()


def test_no_audio_device_is_silent_and_reported(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    player = Audio()
    assert not player.available
    assert player.loaded == ()
    assert player.play("beep") is False
    assert player.play_for_unit_events([uev.WokeUp(at=0.0)]) == ["wake"]
    assert player.problems == ["no sound: the audio device could not be opened (No available audio device)"]
    player.close()


# --- volume and mute ------------------------------------------------------------------

@pytest.mark.parametrize("bad", [-0.01, 1.01, 2, float("nan"), float("inf"), "loud", None, True])
def test_volume_outside_0_to_1_is_refused_clearly(audio, bad):
    with pytest.raises(ValueError, match=r"volume must be .*between 0 and 1, got"):
        audio.set_volume(bad)
    assert audio.volume == 0.8
    with pytest.raises(ValueError, match="volume must be"):
        Audio(folder=SOUNDS_DIR, volume=bad)


@pytest.mark.parametrize("good", [0, 0.25, 1, np.float64(0.5)])
def test_volume_inside_0_to_1_is_applied(audio, good):
    audio.set_volume(good)
    assert audio.volume == float(good)
    assert audio._sounds["beep"].get_volume() == pytest.approx(float(good), abs=1 / 128)
    assert audio.play("beep") is bool(good > 0)


def test_mute_silences_and_unmute_restores(audio):
    audio.set_volume(0.6)
    audio.set_muted(True)
    assert audio.muted is True
    assert audio.play("beep") is False
    assert audio._sounds["beep"].get_volume() == 0
    assert audio.play_for_unit_events([uev.TurnEnded(at=1.0, seat=1, elapsed_ms=900.0)]) == ["beep"]
    audio.set_muted(False)
    assert audio.muted is False and audio.volume == 0.6
    assert audio.play("beep") is True
    with pytest.raises(ValueError, match="muted must be True or False"):
        audio.set_muted("yes")


def test_starting_muted():
    player = Audio(muted=True, volume=0.3)
    try:
        assert player.muted and player.volume == 0.3
        assert player.play("beep") is False
    finally:
        player.close()


# --- lanes --------------------------------------------------------------------------------

def test_audio_never_touches_the_event_queue():
    tree = ast.parse(Path(audio_module.__file__).read_text())
    attributes = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    assert "event" not in attributes, "only the input adapter may use pygame.event"


@pytest.mark.parametrize("script", ["make_sounds.py", "synth.py"])
def test_make_sounds_uses_only_numpy_and_the_standard_library(script):
    tree = ast.parse((ROOT / "sounds" / script).read_text())
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    outside = {name.split(".")[0] for name in imported} - {"numpy", "__future__", "sys", "wave", "zlib", "collections",
                                                           "pathlib"}
    assert outside <= {"haudrauf"} and {name for name in imported if name.startswith("haudrauf")} <= {
        "haudrauf.sounds.synth"}
