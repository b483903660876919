#include "training/training_record.h"

#include <bit>

#include "core/notation.h"
#include "search/score.h"

namespace augur {

namespace {

// Byte offsets of the record's fields (docs/DATAFORMAT.md).
constexpr std::size_t OCCUPANCY = 0;
constexpr std::size_t PIECE_CODES = 8;
constexpr std::size_t HALFMOVE_CLOCK = 24;
constexpr std::size_t FLAGS = 25;
constexpr std::size_t FULLMOVE_NUMBER = 26;
constexpr std::size_t SCORE = 28;
constexpr std::size_t BEST_MOVE = 30;

constexpr int MAX_RECORDED_PIECES = 32;

// Piece codes: bit 3 the colour, bits 0-2 the type as in Piece (pawn 1 ... king
// 6), and two codes for the state that a FEN writes apart from the board.
constexpr int CODE_EN_PASSANT_PAWN = 0;  // a pawn that just advanced two squares and may be taken en passant
constexpr int CODE_CASTLING_ROOK = 7;    // a rook whose castling right is intact
constexpr int code_type(int code) { return code & 7; }
constexpr Color code_color(int code) { return Color(code >> 3); }

constexpr std::string_view PIECE_LETTERS = " PNBRQK  pnbrqk";

// The piece a code stands for, with the extra state dropped.
Piece code_piece(int code) {
    int type = code_type(code);
    if (type == CODE_EN_PASSANT_PAWN) type = PAWN;
    if (type == CODE_CASTLING_ROOK) type = ROOK;
    return make_piece(code_color(code), PieceType(type));
}

void store16(TrainingRecord::Bytes& b, std::size_t at, std::uint16_t v) {
    b[at] = std::uint8_t(v);
    b[at + 1] = std::uint8_t(v >> 8);
}
std::uint16_t load16(const TrainingRecord::Bytes& b, std::size_t at) {
    return std::uint16_t(b[at] | (b[at + 1] << 8));
}

Bitboard occupancy_of(const TrainingRecord::Bytes& b) {
    Bitboard occ = 0;
    for (int i = 0; i < 8; ++i) occ |= Bitboard(b[OCCUPANCY + i]) << (8 * i);
    return occ;
}

int piece_code_at(const TrainingRecord::Bytes& b, int index) {
    return (b[PIECE_CODES + index / 2] >> (4 * (index % 2))) & 15;
}

// The board of a record as one code per square (-1 for empty).
struct CodedBoard {
    int code[SQUARE_NB];
    Square king[COLOR_NB] = {SQ_NONE, SQ_NONE};
    Square en_passant_pawn = SQ_NONE;
};

// The extra state of a square for the code: castling rook, en-passant pawn or none.
int code_for(const Position& pos, Square s, Square en_passant_pawn) {
    Piece p = pos.piece_on(s);
    if (s == en_passant_pawn) return color_of(p) << 3 | CODE_EN_PASSANT_PAWN;
    if (type_of(p) == ROOK) {
        Color c = color_of(p);
        for (bool king_side : {true, false}) {
            CastlingRight cr = castling_right(c, king_side);
            if (pos.can_castle(cr) && pos.castling_rook_square(cr) == s) return c << 3 | CODE_CASTLING_ROOK;
        }
    }
    return p;
}

}  // namespace

const char* TrainingRecord::result_text(Result result) {
    switch (result) {
        case Result::BlackWins: return "0-1";
        case Result::Draw: return "1/2-1/2";
        case Result::WhiteWins: return "1-0";
    }
    return "?";
}

std::optional<TrainingRecord> TrainingRecord::pack(const Position& pos, int score, Move best_move, Result result,
                                                   std::string* error) {
    auto fail = [&](std::string message) -> std::optional<TrainingRecord> {
        if (error) *error = std::move(message);
        return std::nullopt;
    };
    if (pos.rule50() > 255) return fail("halfmove clock " + std::to_string(pos.rule50()) + " does not fit in a record");
    if (pos.fullmove_number() > 65535)
        return fail("fullmove number " + std::to_string(pos.fullmove_number()) + " does not fit in a record");
    if (score < -SCORE_MATE || score > SCORE_MATE) return fail("score " + std::to_string(score) + " is out of range");

    Bytes b{};
    Bitboard occ = pos.pieces();
    for (int i = 0; i < 8; ++i) b[OCCUPANCY + i] = std::uint8_t(occ >> (8 * i));
    Square ep_pawn = pos.ep_square() == SQ_NONE ? SQ_NONE : pos.ep_square() + pawn_push(~pos.side_to_move());
    int index = 0;
    for (Bitboard rest = occ; rest; ++index) {
        Square s = pop_lsb(rest);
        b[PIECE_CODES + index / 2] |= std::uint8_t(code_for(pos, s, ep_pawn) << (4 * (index % 2)));
    }
    b[HALFMOVE_CLOCK] = std::uint8_t(pos.rule50());

    int flags = pos.side_to_move() | (pos.is_chess960() << 1) | (int(result) << 2);
    if (pos.in_check()) flags |= RECORD_IN_CHECK;
    if (pos.is_capture(best_move)) flags |= RECORD_CAPTURE;
    if (best_move.kind() == PROMOTION) flags |= RECORD_PROMOTION;
    if (is_mate_score(score)) flags |= RECORD_MATE_SCORE;
    b[FLAGS] = std::uint8_t(flags);

    store16(b, FULLMOVE_NUMBER, std::uint16_t(pos.fullmove_number()));
    store16(b, SCORE, std::uint16_t(std::int16_t(score)));
    store16(b, BEST_MOVE, best_move.raw());
    return TrainingRecord(b);
}

int TrainingRecord::score() const { return std::int16_t(load16(bytes_, SCORE)); }

Move TrainingRecord::best_move() const { return Move(load16(bytes_, BEST_MOVE)); }

std::optional<TrainingRecord> TrainingRecord::from_bytes(const Bytes& bytes, std::string* error) {
    TrainingRecord record(bytes);
    if (auto problem = record.validate()) {
        if (error) *error = std::move(*problem);
        return std::nullopt;
    }
    return record;
}

namespace {

// Reads the board and checks what the codes alone can break.
std::optional<std::string> decode_board(const TrainingRecord::Bytes& b, Color us, CodedBoard& board) {
    Bitboard occ = occupancy_of(b);
    int count = popcount(occ);
    if (count > MAX_RECORDED_PIECES) return "record has " + std::to_string(count) + " occupied squares (at most 32)";
    for (int index = count; index < MAX_RECORDED_PIECES; ++index)
        if (piece_code_at(b, index) != 0) return std::string("record has piece codes beyond its occupied squares");

    std::fill(std::begin(board.code), std::end(board.code), -1);
    int index = 0;
    for (Bitboard rest = occ; rest; ++index) {
        Square s = pop_lsb(rest);
        int code = piece_code_at(b, index);
        board.code[s] = code;
        if (code_type(code) == KING) {
            if (board.king[code_color(code)] != SQ_NONE) return std::string("record has two kings of one colour");
            board.king[code_color(code)] = s;
        }
        if (code_type(code) == CODE_EN_PASSANT_PAWN) {
            if (board.en_passant_pawn != SQ_NONE) return std::string("record has two en-passant pawns");
            board.en_passant_pawn = s;
        }
        if (type_of(code_piece(code)) == PAWN && (rank_of(s) == 0 || rank_of(s) == 7))
            return "record has a pawn on " + square_to_string(s);
    }
    if (board.king[WHITE] == SQ_NONE || board.king[BLACK] == SQ_NONE) return std::string("record lacks a king");

    if (Square s = board.en_passant_pawn; s != SQ_NONE) {
        Color them = code_color(board.code[s]);
        Square behind = s - pawn_push(them);
        auto is_our_pawn = [&](int file) {
            return file >= 0 && file < 8 && board.code[make_square(file, rank_of(s))] == make_piece(us, PAWN);
        };
        if (them == us || relative_rank(them, rank_of(s)) != 3 || board.code[behind] != -1 ||
            board.code[behind - pawn_push(them)] != -1 || !(is_our_pawn(file_of(s) - 1) || is_our_pawn(file_of(s) + 1)))
            return "record's en-passant pawn on " + square_to_string(s) + " cannot be taken en passant";
    }
    return std::nullopt;
}

std::optional<std::string> check_castling_rooks(const CodedBoard& board, bool chess960) {
    bool seen[4] = {};
    for (Square s = SQ_A1; s <= SQ_H8; ++s) {
        if (board.code[s] < 0 || code_type(board.code[s]) != CODE_CASTLING_ROOK) continue;
        Color c = code_color(board.code[s]);
        Square king = board.king[c];
        bool king_side = s > king;
        int i = std::countr_zero(unsigned(castling_right(c, king_side)));
        bool standard = king == relative_square(c, SQ_E1) && s == relative_square(c, king_side ? SQ_H1 : SQ_A1);
        if (rank_of(s) != relative_rank(c, 0) || rank_of(king) != rank_of(s) || seen[i] || (!chess960 && !standard))
            return "record's castling rook on " + square_to_string(s) + " cannot have a castling right";
        seen[i] = true;
    }
    return std::nullopt;
}

// Checks the best move against the board: the flags a writer derives from it
// must match, and castling and en passant must have their rook and pawn.
std::optional<std::string> check_best_move(const CodedBoard& board, Move m, Color us, int flags) {
    int mover = board.code[m.from()];
    if (!m.is_ok() || mover < 0 || code_color(mover) != us)
        return "record's best move (code " + std::to_string(m.raw()) + ") does not move a piece of the side to move";
    int target = board.code[m.to()];
    if (m.kind() == CASTLING &&
        (code_type(mover) != KING || target < 0 || code_type(target) != CODE_CASTLING_ROOK || code_color(target) != us))
        return std::string("record's best move castles without a castling rook");
    if (m.kind() == EN_PASSANT &&
        (board.en_passant_pawn == SQ_NONE || m.to() != board.en_passant_pawn + pawn_push(us)))
        return std::string("record's best move takes en passant without an en-passant pawn");
    if (m.kind() == PROMOTION && type_of(code_piece(mover)) != PAWN)
        return std::string("record's best move promotes a piece that is not a pawn");
    bool capture = m.kind() == EN_PASSANT || (target >= 0 && m.kind() != CASTLING);
    if (capture != bool(flags & RECORD_CAPTURE) || (m.kind() == PROMOTION) != bool(flags & RECORD_PROMOTION))
        return std::string("record's capture or promotion flag does not match its best move");
    return std::nullopt;
}

}  // namespace

std::optional<std::string> TrainingRecord::validate() const {
    int flags = flags_byte();
    if (((flags >> 2) & 3) == 3) return std::string("record has an invalid game result (3)");
    if (load16(bytes_, FULLMOVE_NUMBER) == 0) return std::string("record has fullmove number 0");
    int s = score();
    if (s < -SCORE_MATE || s > SCORE_MATE) return "record has an out-of-range score " + std::to_string(s);
    if (is_mate_score(s) != bool(flags & RECORD_MATE_SCORE))
        return std::string("record's mate flag does not match its score");

    CodedBoard board;
    if (auto error = decode_board(bytes_, side_to_move(), board)) return error;
    if (auto error = check_castling_rooks(board, chess960())) return error;
    return check_best_move(board, best_move(), side_to_move(), flags);
}

std::string TrainingRecord::fen() const {
    CodedBoard board;
    (void)decode_board(bytes_, side_to_move(), board);  // validated on construction

    std::string out;
    for (int rank = 7; rank >= 0; --rank) {
        int empty_run = 0;
        for (int file = 0; file < 8; ++file) {
            int code = board.code[make_square(file, rank)];
            if (code < 0) {
                ++empty_run;
                continue;
            }
            if (empty_run) out += char('0' + empty_run);
            empty_run = 0;
            out += PIECE_LETTERS[code_piece(code)];
        }
        if (empty_run) out += char('0' + empty_run);
        if (rank) out += '/';
    }
    out += side_to_move() == WHITE ? " w " : " b ";

    // In Position::fen()'s order: White's king side, queen side, then Black's.
    std::string rights;
    for (Color c : {WHITE, BLACK}) {
        for (bool king_side : {true, false}) {
            for (int file = 0; file < 8; ++file) {
                Square s = make_square(file, relative_rank(c, 0));
                int code = board.code[s];
                if (code != (c << 3 | CODE_CASTLING_ROOK) || (s > board.king[c]) != king_side) continue;
                char letter = chess960() ? char('A' + file) : king_side ? 'K' : 'Q';
                rights += c == WHITE ? letter : char(letter + 32);
            }
        }
    }
    out += rights.empty() ? "-" : rights;
    out += ' ';
    Square ep = board.en_passant_pawn;
    out += ep == SQ_NONE ? "-" : square_to_string(ep - pawn_push(code_color(board.code[ep])));
    out += ' ' + std::to_string(bytes_[HALFMOVE_CLOCK]) + ' ' + std::to_string(load16(bytes_, FULLMOVE_NUMBER));
    return out;
}

std::optional<std::string> TrainingRecord::set_position(Position& pos, StateInfo& st) const {
    std::string text = fen();
    Position scratch;
    StateInfo scratch_state;
    if (auto error = scratch.set_fen(text, scratch_state, chess960())) return "record's position: " + *error;
    if (scratch.fen() != text) return "record's position reads back as " + scratch.fen();
    if (scratch.in_check() != has(RECORD_IN_CHECK)) return "record's in-check flag is wrong for " + text;
    if (!scratch.is_legal(best_move())) return "record's best move is not legal in " + text;
    pos.copy_from(scratch, st);
    return std::nullopt;
}

}  // namespace augur
