// C entry points that need no position: version and the names of codes.
#include "augur/augur.h"
#include "core/rules.h"

extern "C" {

const char* augur_version(void) { return AUGUR_VERSION_STRING; }

int augur_version_number(void) { return AUGUR_VERSION_NUMBER; }

const char* augur_status_name(int status) {
    switch (status) {
    case AUGUR_OK: return "ok";
    case AUGUR_E_INVALID_ARGUMENT: return "invalid argument";
    case AUGUR_E_BAD_FEN: return "bad FEN";
    case AUGUR_E_ILLEGAL_MOVE: return "illegal move";
    case AUGUR_E_BUFFER_TOO_SMALL: return "buffer too small";
    case AUGUR_E_NO_MOVE_TO_UNDO: return "no move to undo";
    case AUGUR_E_OUT_OF_MEMORY: return "out of memory";
    case AUGUR_E_INTERNAL: return "internal error";
    }
    return "unknown status";
}

const char* augur_game_status_name(int game_status) {
    if (game_status < AUGUR_GAME_ONGOING || game_status > AUGUR_GAME_INSUFFICIENT_MATERIAL)
        return "unknown game status";
    return augur::game_status_name(augur::GameStatus(game_status));
}

}  // extern "C"
