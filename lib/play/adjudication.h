// Adjudication: ending a game early on the players' own scores, as fastchess
// and cutechess-cli do, to save time on games whose result is clear.
//
// Resign (`-resign movecount=N score=CP`): a player whose own score was at or
// below -CP (or a mate against it) on each of its last N moves loses.
// Draw (`-draw movenumber=M movecount=N score=CP`): from move M on, once both
// players' scores were within CP of zero (not mate scores) on each of their
// last N moves, the game is drawn. A capture or pawn move restarts the draw
// count: the position has changed in a way a search may not have seen yet.
// A move without a score restarts both counts.
// Tablebase (`-tb PATHS`): the position after a move, if the Syzygy tables
// hold it, ends the game with their result.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/position.h"
#include "play/game_record.h"
#include "play/player.h"
#include "tablebase/syzygy.h"

namespace augur::play {

struct ResignRule {
    bool enabled = false;
    int move_count = 3;
    int score_cp = 600;
};

struct DrawRule {
    bool enabled = false;
    int move_number = 40;  // full moves (of the game's numbering) before the rule applies
    int move_count = 8;
    int score_cp = 10;
};

// Which results the tables may end a game with (fastchess's -tbadjudicate).
enum class TablebaseResults { WinLoss, Draw, Both };

// Every position after a move is looked up, not only those after a capture
// or pawn move: a game that the rule lets go on (a draw under WinLoss, a win
// under Draw) can change its result with any move, and a start position may
// come with a fifty-move counter. Where the counter is above zero and the
// rule counts, the DTZ tables tell whether a win still beats the counter.
struct TablebaseRule {
    // Loaded by syzygy::load. The tables are the process's one set: an
    // in-process engine whose SyzygyPath names others would replace them
    // (check_tablebase_sharing refuses that).
    syzygy::TableHandle tables;
    int max_pieces = 0;  // positions with more pieces go on; 0: as many as the tables hold
    TablebaseResults results = TablebaseResults::Both;
    // true: a win the fifty-move rule would draw (a cursed win) is a win, a
    // blessed loss a loss; false: both are draws, as the rule has it.
    bool ignore_rule50 = false;

    bool enabled() const { return tables.generation != 0; }
};

struct AdjudicationRules {
    ResignRule resign;
    DrawRule draw;
    TablebaseRule tablebase;

    bool any() const { return resign.enabled || draw.enabled || tablebase.enabled(); }
};

// Empty when an in-process engine with these options can play beside the
// tablebase rule; otherwise why not: its SyzygyPath names other tables than
// the rule's, and fathom holds one set per process (the last load would win,
// and the other side would silently stop probing).
std::string check_tablebase_sharing(const TablebaseRule& rule, const std::string& engine_name,
                                    const std::vector<OptionSetting>& options);

class Adjudicator {
public:
    explicit Adjudicator(const AdjudicationRules& rules) : rules_(rules) {}

    // After mover played a move: its score (mover's view) if it reported one,
    // and whether the move reset the fifty-move counter.
    void record(Color mover, bool has_score, int score, bool irreversible);

    // The player who should resign now, if any (checked after each move).
    bool resigns(Color c) const;
    // True if the draw rule ends the game now; full_move is the game's move
    // number after the move just played.
    bool draw_agreed(int full_move) const;
    // The result the tables give pos (the position after a move), if the
    // tablebase rule ends the game there.
    std::optional<GameResult> tablebase_result(const Position& pos) const;

private:
    AdjudicationRules rules_;
    int losing_moves_[2] = {0, 0};
    int quiet_plies_ = 0;  // consecutive plies of both players with scores near zero
};

}  // namespace augur::play
