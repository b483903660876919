// EngineSpec: one side of a match as the user described it (`-engine name=..
// option.X=Y tc=..`), and the factory that makes a fresh Player from it for
// every game: an in-process Augur engine, or an external UCI engine process
// when a command is given.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "play/play_limits.h"
#include "play/player.h"

namespace augur::play {

struct EngineSpec {
    std::string name;
    std::vector<OptionSetting> options;  // in order, as given
    PlayLimits limits;
    std::string command;  // empty: in-process Augur; otherwise the program of a UCI engine
    std::vector<SearchParamSetting> search_params;  // set after the options (in-process engines only)
};

struct CreatedPlayer {
    std::unique_ptr<Player> player;
    std::string error;  // why the player could not be made (bad option, engine did not start)
};

CreatedPlayer create_player(const EngineSpec& spec);

}  // namespace augur::play
