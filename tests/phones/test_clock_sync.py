"""Fair races over Wi-Fi (issue 17, point 4): presses from phones on simulated
Wi-Fi (20–120 ms one way, ±30 ms jitter, arbitrary clock origins, 50 ppm drift)
come out in the order they happened, and the ± shown beside each is honest."""
import math

import numpy as np
import pytest

from haudrauf.play.clock_sync import BadSample, PhoneClock, Press, order_presses
from haudrauf.phones.wifi_sim import SETTLE, SimPhone, round_trip, synced

TRIALS = 300
APART = 0.015


def race(rng, asymmetric):
    """Two phones synced, then pressing 15 ms apart: (who was first, the result)."""
    phones = [SimPhone.random(rng, asymmetric) for _ in range(2)]
    syncs = [synced(phone, rng) for phone in phones]
    first = int(rng.integers(2))
    pressed = [SETTLE + 0.5 + (0 if seat == first else APART) for seat in range(2)]
    presses = [Press(seat, *syncs[seat].to_host_time(phones[seat].clock(pressed[seat])))
               for seat in range(2)]
    return first, order_presses(presses)


def races(seed, asymmetric):
    rng = np.random.default_rng(seed)
    return [race(rng, asymmetric) for _ in range(TRIALS)]


def test_presses_15_ms_apart_come_out_in_the_order_they_happened():
    # Same base latency both ways per phone (jitter independent per message): measured
    # 1000/1000 races right (seed 1); the bar leaves room for an unlucky seed.
    results = races(seed=17, asymmetric=False)
    right = sum(order.seats()[0] == first for first, order in results)
    assert right / TRIALS >= 0.99


@pytest.mark.parametrize("asymmetric", [False, True], ids=["same-both-ways", "up-and-down-differ"])
def test_every_press_put_in_the_wrong_order_is_marked_too_close_to_call(asymmetric):
    # Up and down latency drawn separately (20 vs 120 ms): no clock sync can see the
    # difference, the order is right in only ~70 % of races, but never wrongly sure.
    results = races(seed=3, asymmetric=asymmetric)
    misordered = [order for first, order in results if order.seats()[0] != first]
    assert all(order.close_call(0, 1) for order in misordered)
    if asymmetric:
        assert misordered  # the case is real: the test would catch an unflagged one


@pytest.mark.parametrize("asymmetric", [False, True], ids=["same-both-ways", "up-and-down-differ"])
def test_the_true_offset_is_always_inside_the_stated_uncertainty(asymmetric):
    rng = np.random.default_rng(5)
    for _ in range(TRIALS):
        phone = SimPhone.random(rng, asymmetric)
        sync = synced(phone, rng)
        estimate, uncertainty = sync.offset()
        assert abs(estimate - phone.true_offset(sync.samples[-1].t3)) <= uncertainty


def test_the_offset_error_is_a_few_milliseconds_and_the_uncertainty_half_the_fastest_round_trip():
    rng = np.random.default_rng(9)
    errors = []
    for _ in range(TRIALS):
        phone = SimPhone.random(rng)
        sync = synced(phone, rng)
        estimate, uncertainty = sync.offset()
        errors.append(abs(estimate - phone.true_offset(sync.samples[-1].t3)) * 1000)
        slack = sync.resolution + sync.max_drift * sync.window
        assert uncertainty <= min(s.delay for s in sync.samples) / 2 + slack
    median, p90, p99 = np.percentile(errors, [50, 90, 99])
    print(f"|error| ms: median {median:.1f}, p90 {p90:.1f}, p99 {p99:.1f}, max {max(errors):.1f}")
    assert median < 3 and p99 < 12


def test_a_press_long_after_the_last_ping_is_less_certain():
    rng = np.random.default_rng(1)
    phone = SimPhone.random(rng)
    sync = synced(phone, rng)
    stamp = phone.clock(SETTLE)
    assert sync.to_host_time(stamp + 10).uncertainty > sync.to_host_time(stamp).uncertainty


def test_a_phone_pings_fast_until_it_has_enough_samples_then_now_and_then():
    rng = np.random.default_rng(2)
    phone, sync, now = SimPhone.random(rng), PhoneClock(), 0.0
    sent = []
    while now < 12:
        if sync.needs_ping(now):
            sent.append(now)
            now = round_trip(sync, phone, rng, now)
        now += 0.01
    gaps = np.diff(sent)
    assert sync.ready
    assert max(gaps[:sync.enough - 1]) < 0.6 and min(gaps[sync.enough:]) >= sync.slow_every


def test_no_new_ping_while_one_is_on_its_way_and_a_lost_one_is_given_up():
    sync = PhoneClock()
    sync.ping(0.0)
    assert not sync.needs_ping(1.0)
    assert sync.needs_ping(sync.reply_timeout + 0.1)


def test_samples_older_than_the_window_are_dropped():
    rng = np.random.default_rng(4)
    phone = SimPhone.random(rng)
    sync = synced(phone, rng)
    sync.needs_ping(SETTLE + sync.window + 5)
    assert sync.samples == []
    with pytest.raises(BadSample, match="no clock sample"):
        sync.to_host_time(0.0)


def test_a_clock_that_jumps_is_followed_from_its_next_answer():
    rng = np.random.default_rng(6)
    phone = SimPhone.random(rng)
    sync = synced(phone, rng)
    jumped = SimPhone(phone.origin + 2.0, phone.rate, phone.up, phone.down)  # a tab woke from sleep
    now = round_trip(sync, jumped, rng, SETTLE + 1)
    estimate, uncertainty = sync.offset()
    assert len(sync.samples) == 1
    assert abs(estimate - jumped.true_offset(now)) <= uncertainty


def sync_with_one_ping():
    sync = PhoneClock()
    ping_id = sync.ping(10.0)
    sync.reply(ping_id, 5000.05, 5000.05, 10.1)
    return sync, sync.ping(12.0)


@pytest.mark.parametrize("t1, t2, now, reason", [
    (math.nan, None, 12.1, "not a number"),
    (math.inf, None, 12.1, "not a number"),
    ("5000", None, 12.1, "not a number"),
    (5002.0, 5001.9, 12.1, "answered before it got the ping"),
    (5002.0, 5002.5, 12.1, "longer to answer than the whole round trip"),
    (5002.0, None, 11.9, "arrived before the ping was sent"),
    (5002.0, None, 15.0, "too late"),
])
def test_nonsense_answers_are_refused_with_a_reason_and_change_nothing(t1, t2, now, reason):
    sync, ping_id = sync_with_one_ping()
    before = (list(sync.samples), sync.offset(), sync.needs_ping(12.05))
    with pytest.raises(BadSample, match=reason):
        sync.reply(ping_id, t1, t2, now)
    assert (list(sync.samples), sync.offset(), sync.needs_ping(12.05)) == before


def test_an_answer_to_no_ping_or_to_one_already_answered_is_refused():
    sync, ping_id = sync_with_one_ping()
    sync.reply(ping_id, 5002.05, None, 12.1)
    with pytest.raises(BadSample, match="already answered"):
        sync.reply(ping_id, 5002.05, None, 12.2)
    for stranger in (999, "1", [1], None):
        with pytest.raises(BadSample, match="no ping we sent"):
            sync.reply(stranger, 5002.05, None, 12.2)
    assert len(sync.samples) == 2


def test_a_race_is_ordered_by_corrected_time_and_says_which_places_are_a_guess():
    order = order_presses([Press(2, 10.300, 0.010), Press(0, 10.100, 0.020), Press(1, 10.120, 0.005)])
    assert order.seats() == [0, 1, 2]
    assert order.close_call(0, 1) and order.close_call(1, 0)
    assert not order.close_call(1, 2) and not order.close_call(0, 2)


def test_an_honest_phones_press_keeps_its_own_stamp_and_its_time_on_the_way_in_its_plus_minus():
    """What holding a press to what the host saw costs a phone that tells the
    truth: nothing on its place; its ± grows to its time on the way, which a
    forged stamp could not be told from."""
    sync = PhoneClock()
    for n in range(10):  # 20 ms each way; the phone's clock reads 1000 s more than the host's
        ping = sync.ping(n * 0.25)
        sync.reply(ping, n * 0.25 + 0.020 + 1000, None, n * 0.25 + 0.040)
    placed = sync.place_press(5.0 + 1000, 5.030)  # pressed at 5.0, 30 ms on the way
    assert placed.time == pytest.approx(5.0, abs=0.002)
    assert placed.uncertainty == pytest.approx(0.030, abs=0.001)
    assert sync.place_press(4.0 + 1000, 5.030).time == pytest.approx(5.030 - 0.040)  # a stamp from long before
    assert sync.place_press(6.0 + 1000, 5.030).time == 5.030  # nor after it arrived
