"""The shared cards-and-piles core: what every game's draw relies on."""
import numpy as np

from haudrauf.engine.core.cards import deal, draw, shuffled


def test_a_shuffle_is_the_games_own_generator_and_nothing_else():
    assert shuffled(10, np.random.default_rng(3)) == shuffled(list(range(10)), np.random.default_rng(3))
    assert sorted(shuffled([5, 7, 9], np.random.default_rng(1))) == [5, 7, 9]
    assert all(type(card) is int for card in shuffled(4, np.random.default_rng(0)))


def test_a_shuffle_deals_what_numpys_permutation_dealt_so_old_seeds_and_saves_play_on_alike():
    """Seeded games and resumed saves must deal exactly the cards they always dealt."""
    for seed in range(40):
        for cards in (0, 1, 2, 7, 108, [5, 9, 2], list(range(300, 200, -1))):
            ours, numpys = np.random.default_rng(seed), np.random.default_rng(seed)
            for _ in range(3):  # the generator goes on from the same state as well
                assert shuffled(cards, ours) == numpys.permutation(cards).tolist()
            assert ours.bit_generator.state == numpys.bit_generator.state


def test_draw_takes_from_the_top_of_the_stock():
    stock, discard = [1, 2, 3], [9]
    assert draw(stock, discard, 2, np.random.default_rng(0)) == ([3, 2], 0)
    assert stock == [1] and discard == [9]


def test_an_empty_stock_is_refilled_from_the_discards_but_the_card_in_play_stays():
    stock, discard = [1], [4, 5, 6, 7]
    cards, reshuffled = draw(stock, discard, 3, np.random.default_rng(0))
    assert reshuffled == 3 and discard == [7]
    assert cards[0] == 1 and sorted(cards[1:] + stock) == [4, 5, 6]


def test_a_game_that_sets_whole_piles_aside_reshuffles_all_of_them():
    stock, aside = [], [4, 5]
    cards, reshuffled = draw(stock, aside, 5, np.random.default_rng(0), keep_top=False)
    assert sorted(cards) == [4, 5] and reshuffled == 2 and aside == [] and stock == []


def test_with_both_piles_dry_the_player_gets_what_there_is():
    stock, discard = [], [8]
    assert draw(stock, discard, 2, np.random.default_rng(0)) == ([], 0)
    assert discard == [8]


def test_a_deal_gives_each_seat_its_packet_and_leaves_the_rest_as_the_stock():
    packets, rest = deal(list(range(10)), 3, 3)
    assert packets == [[0, 1, 2], [3, 4, 5], [6, 7, 8]] and rest == [9]
