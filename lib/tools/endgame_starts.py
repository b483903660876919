#!/usr/bin/env python3
"""Writes random quiet endgame start positions as EPD, for matches that test endgame play
(docs/MATCH.md, tables against no tables).

  endgame_starts.py [--seed N] [--count N] [MATERIAL ...]

MATERIAL names the pieces besides the kings, White's in capitals ("RPr": rook and pawn against a
rook); the default sets have 5-6 pieces and reduce to the 3-4 piece Syzygy tables by one or two
captures. The positions cycle through the sets; pieces are placed uniformly at random (pawns
off the first and last ranks) until no piece, king included, is attacked by the other side, so
no game starts with a capture, a check or a hanging piece. The side to move is random; no
castling, no en passant. The same seed gives the same file.
"""
import argparse
import random

DEFAULT_SETS = ['RPr', 'RPp', 'Qrp', 'Rnp', 'PPp', 'RPb', 'NPp', 'BPp', 'QPq', 'RPPr', 'PPpp', 'RBr',
                'RNr', 'QRq']
KNIGHT_STEPS = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
KING_STEPS = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr]
DIAGONALS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
LINES = [(1, 0), (-1, 0), (0, 1), (0, -1)]
SLIDES = {'B': DIAGONALS, 'R': LINES, 'Q': DIAGONALS + LINES}


def on_board(file, rank):
    return 0 <= file < 8 and 0 <= rank < 8


def attacked_squares(board, square, piece):
    """The squares piece on square attacks; board maps (file, rank) to a piece letter."""
    file, rank = square
    kind = piece.upper()
    if kind == 'P':
        forward = 1 if piece.isupper() else -1
        steps = [(-1, forward), (1, forward)]
    elif kind in 'NK':
        steps = KNIGHT_STEPS if kind == 'N' else KING_STEPS
    else:
        squares = []
        for df, dr in SLIDES[kind]:
            f, r = file + df, rank + dr
            while on_board(f, r):
                squares.append((f, r))
                if (f, r) in board:
                    break
                f, r = f + df, r + dr
        return squares
    return [(file + df, rank + dr) for df, dr in steps if on_board(file + df, rank + dr)]


def attacked_by(board, square, white):
    return any(square in attacked_squares(board, s, p) for s, p in board.items() if p.isupper() == white)


def to_fen(board, white_to_move):
    rows = []
    for rank in range(7, -1, -1):
        row, empty = '', 0
        for file in range(8):
            piece = board.get((file, rank))
            if piece:
                row += (str(empty) if empty else '') + piece
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ''))
    return '/'.join(rows) + (' w' if white_to_move else ' b') + ' - -'


def quiet_position(material, rng):
    while True:
        board = {}
        for piece in 'Kk' + material:
            while True:
                square = (rng.randrange(8), rng.randrange(8))
                if square not in board and not (piece in 'Pp' and square[1] in (0, 7)):
                    board[square] = piece
                    break
        # Kings side by side attack each other, so this also keeps them apart.
        if not any(attacked_by(board, s, not p.isupper()) for s, p in board.items()):
            return to_fen(board, rng.random() < 0.5)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--seed', type=int, default=14)
    parser.add_argument('--count', type=int, default=200)
    parser.add_argument('material', nargs='*', default=DEFAULT_SETS)
    args = parser.parse_args()
    for material in args.material:
        if not material or any(c not in 'QRBNPqrbnp' for c in material):
            parser.error(f"material '{material}': pieces besides the kings, as QRBNP (White) and qrbnp (Black)")
    rng = random.Random(args.seed)
    for i in range(args.count):
        print(quiet_position(args.material[i % len(args.material)], rng))


if __name__ == '__main__':
    main()
