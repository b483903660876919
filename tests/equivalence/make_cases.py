#!/usr/bin/env python3
"""Writes the equivalence case lists suite.txt (the default `meson test` run) and sweep.txt (the
opt-in `equivalence-sweep` run) from the shared test data and a few positions of our own.

Run it from the repository root when the selection should change:
    python3 tests/equivalence/make_cases.py [SHARED_DATA_DIR]
The case lists are committed, so the tests do not need the shared data. Every line names where its
position came from. Lines are picked by fixed line numbers, so a rerun gives the same lists.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# (file under the shared data folder, 1-based line numbers): spread over each file.
OPENINGS = [
    ('openings/noob_2moves.epd', [1, 900, 1800, 2700, 3600, 4500, 5400, 6300, 7200]),
    ('openings/4mvs_+90_+99.epd', [1, 80, 160, 240, 320, 400, 480, 560, 630]),
    ('openings/6mvs_+90_+99.epd', [1, 400, 800, 1200, 1600, 2000, 2400, 2800]),
    ('openings/8mvs_+90_+99.epd', [1, 1200, 2400, 3600, 4800, 6000, 7200, 8400]),
]
MIDDLEGAMES = [
    ('tactical/wac.epd', [1, 3, 10, 25, 40, 55, 70, 85, 100, 130, 160, 190, 220, 250, 280]),
    ('tactical/bratko-kopec.epd', [1, 4, 7, 10, 13, 16, 19, 22]),
    ('tactical/arasan20.epd', [1, 25, 50, 75, 100, 125, 150, 175]),
    ('tactical/ecm.epd', [2, 100, 200, 300, 400, 500, 600, 700]),
    ('tactical/sts1-15_v3.epd', [1, 101, 201, 301, 401, 501, 601, 701, 801, 901, 1001, 1101, 1201, 1301, 1401]),
]

# Endgames: (FEN, depth in the suite, source). Deeper than the middlegames: the trees are thin.
ENDGAMES = [
    ('8/8/4k3/8/8/3KP3/8/8 w - - 0 1', 12, 'tests/eval/eval_endgames.epd KPvK'),
    ('8/8/4k3/4p3/8/3K4/8/8 b - - 0 1', 12, 'tests/eval/eval_endgames.epd KvKP'),
    ('8/8/4k1r1/8/8/3K4/8/Q7 w - - 0 1', 10, 'tests/eval/eval_endgames.epd KQvKR'),
    ('8/8/4k3/8/8/3K4/8/R5b1 b - - 0 1', 10, 'tests/eval/eval_endgames.epd KRvKB'),
    ('6b1/pp2k3/8/8/8/3K4/PPP5/2B5 w - - 0 1', 10, 'tests/eval/eval_endgames.epd opposite bishops, a pawn up'),
    ('8/8/4k1r1/8/8/3K4/8/1N1B4 w - - 0 1', 10, 'tests/eval/eval_endgames.epd KBNvKR'),
    ('8/8/4k3/4p3/8/2NKN3/8/8 w - - 0 1', 10, 'tests/eval/eval_endgames.epd KNNvKP'),
    ('8/8/4k1r1/8/8/3K4/8/R1B5 w - - 0 1', 10, 'tests/eval/eval_endgames.epd KRBvKR'),
    ('8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1', 16, 'Lasker-Reichhelm 1901 (Fine 70): table-driven king walk'),
    ('1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1', 10, 'Lucena position (textbook)'),
    ('4k3/8/8/4PK2/8/8/r7/7R b - - 0 1', 10, 'Philidor-type rook ending (textbook)'),
    ('8/8/8/4k3/8/8/8/3QK3 w - - 0 1', 10, 'KQvK mating (our own)'),
    ('4k3/5ppp/8/8/8/8/PPP5/4K3 w - - 0 1', 12, 'pawn race on opposite wings (our own)'),
    ('8/8/p1p5/1p5p/1P5p/8/PPP2K1p/4R1rk w - - 0 1', 10, 'zugzwang study for null-move verification (literature)'),
    ('8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - 0 1', 10, '../shared/data/tactical/wac.epd WAC.002'),
    ('8/8/8/4k3/8/8/8/KBN5 w - - 0 1', 12, 'tests/eval/eval_endgames.epd KBNvK, dark bishop'),
    ('8/2k5/8/3r4/8/8/4K3/7Q w - - 0 1', 10, 'tests/eval/eval_endgames.epd KQvKR, king in the centre'),
    ('8/8/8/8/3k4/8/P7/1R1K4 b - - 0 1', 10, 'tests/eval/eval_endgames.epd KRPvK'),
    ('n7/8/4k3/8/8/3K4/8/Q7 w - - 0 1', 10, 'tests/eval/eval_endgames.epd KQvKN, the knight away from its king'),
    ('8/8/8/6KQ/8/8/2kp4/8 w - - 0 1', 10, 'tests/eval/eval_endgames.epd KQvKP, a centre pawn on the seventh'),
    ('8/8/6K1/7Q/8/8/pk6/8 w - - 0 1', 10, 'tests/eval/eval_endgames.epd KQvKP, the rook pawn fortress'),
    ('8/8/4k1n1/8/8/3K4/8/R7 w - - 0 1', 10, 'tests/eval/eval_endgames.epd KRvKN'),
    ('8/8/8/8/8/4pk2/8/K6R w - - 0 1', 10, 'tests/eval/eval_endgames.epd KRvKP, a race'),
    ('k7/8/8/8/4p3/8/2K5/7R b - - 0 1', 10, 'tests/eval/eval_endgames.epd KRvKP, the defending king far'),
    ('8/8/4k3/8/8/8/7P/3BK3 b - - 0 1', 12,
     'tests/eval/eval_endgames.epd KBPvK, the wrong bishop, the king on its way to the corner'),
    ('8/8/8/4k3/8/4P3/4P3/4K3 w - - 0 1', 12, 'tests/eval/eval_endgames.epd KPPvK, doubled pawns, the king in front'),
    ('4k3/8/r7/4P3/4K3/8/8/7R w - - 0 1', 10, 'tests/eval/eval_endgames.epd KRPvKR, the king in front of the pawn'),
    ('8/8/4k3/8/4P3/3B4/8/4K2n w - - 0 1', 10, 'tests/eval/eval_endgames.epd KBPvKN, the king in front'),
    ('k7/8/8/7b/4P3/3B4/8/4K3 b - - 0 1', 10, 'tests/eval/eval_endgames.epd KBPvKB, one colour, the bishop on the path'),
    ('8/5pk1/6r1/8/8/2K5/8/3Q4 w - - 0 1', 10,
     'tests/eval/eval_endgames.epd KQvKRP, the rook guarded on the third rank'),
    ('8/8/4k3/8/8/3K4/8/R5b1 w - - 0 1', 10, 'tests/eval/eval_endgames.epd KRvKB, the rook takes the bishop'),
    ('k1n5/3K3R/8/8/8/8/8/8 w - - 0 1', 10, 'tests/eval/eval_endgames.epd KRvKN, taking the knight stalemates'),
]

# Game histories that put a repetition or the fifty-move rule inside the tree: (FEN or None,
# moves, depth, what it exercises). Sources: our own, built for these rules.
HISTORIES = [
    (None, 'g1f3 g8f6 f3g1 f6g8 g1f3 g8f6', 9, 'knights out and back: the start position twice in the game'),
    (None, 'e2e4 e7e5 g1f3 b8c6 f3g1 c6b8 g1f3 b8c6', 9, 'the root position occurred before in the game'),
    (None, 'b1c3 b8c6 c3b1 c6b8 b1c3 b8c6 c3b1', 9, 'Black to move can repeat the start position a third time'),
    ('3r1k2/4npp1/1ppr3p/p6P/P2PPPP1/1NR5/5K2/2R5 w - - 0 1', 'f2e2 f8e8 e2f2 e8f8', 9,
     'BK.02 (bratko-kopec.epd) after king shuffles: root seen twice'),
    ('7k/6p1/8/6Q1/8/8/qq6/6K1 w - - 0 1', 'g5d8 h8h7 d8h4 h7g8 h4d8 g8h7 d8h4 h7g8', 10,
     'perpetual check already repeated in the game (our own)'),
    ('8/8/8/4k3/8/8/8/R3K3 w - - 96 80', 'a1a4 e5d5', 10, 'KRvK with the fifty-move counter at 98 (our own)'),
    ('8/8/4k3/8/4P3/8/8/R3K3 w - - 97 90', '', 10, 'KRPvK, counter at 97: pawn moves reset it (our own)'),
    ('6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 99 60', '', 6, 'back-rank mate on the 100th ply still wins (our own)'),
    ('8/8/8/4k3/8/8/8/3QK3 w - - 84 90', '', 12,
     'KQvK, counter at 84: table mates beyond the fifty-move rule are not trusted (our own)'),
    ('8/8/8/4k3/8/8/8/3QK3 w - - 80 90', '', 14, 'KQvK, counter at 80: the same, deeper (our own)'),
]

# Depths of the profile runs: every feature but one on, and plain alpha-beta (no table, no pruning,
# no ordering heuristics), whose tree is a hundred times larger at the same depth.
ALL_PROFILE_DEPTH = 7
PLAIN_DEPTH = 5


def read_epd(data, name, numbers):
    """(fen, source) for the given lines of an EPD file; 4-field FENs get '0 1'."""
    with open(os.path.join(data, name), encoding='utf-8') as f:
        lines = f.read().splitlines()
    picked = []
    for number in numbers:
        fields = lines[number - 1].split()
        if len(fields) >= 6 and fields[4].isdigit() and fields[5].isdigit():
            fen = ' '.join(fields[:6])
        else:
            fen = ' '.join(fields[:4]) + ' 0 1'
        found = re.search(r'id "([^"]+)"', lines[number - 1])
        label = found.group(1) if found else 'line %d' % number
        picked.append((fen, '../shared/data/%s %s' % (name, label)))
    return picked


def position(fen, moves):
    text = 'startpos' if fen is None else fen
    return text + (' moves ' + moves if moves else '')


def case(pos, limit, profiles, source):
    return '%s ; %s ; %s  # %s' % (pos, limit, profiles, source)


def positions(data):
    """Every position once: (position text, default depth, source, category)."""
    result = []
    for name, numbers in OPENINGS:
        result += [(fen, 9, source, 'opening') for fen, source in read_epd(data, name, numbers)]
    for name, numbers in MIDDLEGAMES:
        result += [(fen, 9, source, 'middlegame') for fen, source in read_epd(data, name, numbers)]
    result += [(fen, depth, source, 'endgame') for fen, depth, source in ENDGAMES]
    result += [(position(fen, moves), depth, source, 'history') for fen, moves, depth, source in HISTORIES]
    return result


def suite(all_positions):
    """The default run: every position at its depth, profiles on a selection, node limits."""
    lines = ['# Equivalence cases of the default run (meson test java-equivalence); written by make_cases.py.',
             '# Format: position ; depth N | nodes N ; profiles  # source (see docs/EQUIVALENCE.md)', '',
             '# Every position, every feature on.']
    lines += [case(pos, 'depth %d' % depth, 'default', source) for pos, depth, source, _ in all_positions]

    by_category = {}
    for entry in all_positions:
        by_category.setdefault(entry[3], []).append(entry)
    # A few of each kind with every profile: each switch off in turn, plain, small table, MultiPV.
    every_profile = [by_category['opening'][0], by_category['opening'][20], by_category['middlegame'][1],
                     by_category['middlegame'][30], by_category['endgame'][4], by_category['history'][1]]
    lines += ['', '# Every profile: each search switch and evaluation term off, small table, MultiPV; and plain',
              '# alpha-beta, whose tree grows so fast without pruning or a table that it gets its own depth.']
    for pos, _, source, _ in every_profile:
        lines.append(case(pos, 'depth %d' % ALL_PROFILE_DEPTH, 'default search-off eval-off core', source))
        lines.append(case(pos, 'depth %d' % PLAIN_DEPTH, 'plain', source))

    # More positions with the groups whose trees differ most from the default one.
    grouped = by_category['middlegame'][5:50:6] + by_category['endgame'][0:15:3] + by_category['history'][2:8:2]
    lines += ['', '# The search switches one by one, small table and MultiPV, two plies shallower; plain.']
    for pos, depth, source, _ in grouped:
        lines.append(case(pos, 'depth %d' % (depth - 2), 'search-off core', source))
        lines.append(case(pos, 'depth %d' % (PLAIN_DEPTH - 1), 'plain', source))

    # Singular extensions, ProbCut and razoring are off by default, so no no- profile covers them: their own
    # profiles, on the middlegames of the selections above at full depth (they act from depth 6
    # and 5 on).
    opt_in = [entry for entry in every_profile + grouped if entry[3] == 'middlegame']
    lines += ['', '# Singular extensions on, ProbCut on, razoring on (all off by default), full depth.']
    for pos, depth, source, _ in opt_in:
        lines.append(case(pos, 'depth %d' % depth, 'singular probcut razoring', source))

    # Node limits stop the search mid-iteration, at the very node where native stops.
    limited = all_positions[3::7]
    budgets = [1500, 4000, 9999, 25000, 60000]
    lines += ['', '# Node limits: the search stops inside an iteration.']
    for i, (pos, _, source, _) in enumerate(limited):
        lines.append(case(pos, 'nodes %d' % budgets[i % len(budgets)], 'default hash1' if i % 2 else 'default plain',
                          source))
    return lines


def sweep(all_positions):
    """The opt-in run: every position with every profile, and deeper with every feature on."""
    lines = ['# Equivalence cases of the opt-in sweep (ninja -C build equivalence-sweep); written by make_cases.py.',
             '# Format: position ; depth N | nodes N ; profiles  # source (see docs/EQUIVALENCE.md)', '',
             '# Every position with every profile.']
    lines += [case(pos, 'depth %d' % max(depth - 2, 5), 'all', source) for pos, depth, source, _ in all_positions]
    lines += ['', '# Every position three plies deeper than the default run, every feature on.']
    lines += [case(pos, 'depth %d' % (depth + 3), 'default', source) for pos, depth, source, _ in all_positions]
    lines += ['', '# Node limits over the whole list, with a 1 MB table.']
    lines += [case(pos, 'nodes %d' % (50000 + 7919 * i), 'default hash1', source)
              for i, (pos, _, source, _) in enumerate(all_positions)]
    return lines


def main():
    data = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, '..', '..', '..', 'shared', 'data')
    all_positions = positions(data)
    for name, lines in (('suite.txt', suite(all_positions)), ('sweep.txt', sweep(all_positions))):
        with open(os.path.join(HERE, name), 'w', encoding='utf-8') as f:
            f.write('\n'.join(lines) + '\n')
    print('%d positions' % len(all_positions))


if __name__ == '__main__':
    main()
