#include "play/engine_spec.h"

#include "play/uci_player.h"

namespace augur::play {

CreatedPlayer create_player(const EngineSpec& spec) {
    if (!spec.command.empty()) {
        if (!spec.search_params.empty())
            return {nullptr, spec.name + ": search parameters can only be set on an Augur engine in this process"};
        auto created = UciPlayer::create(spec.name, spec.command, spec.options);
        return {std::move(created.player), created.error};
    }
    auto created = EnginePlayer::create(spec.name, spec.options, spec.search_params);
    return {std::move(created.player), created.error};
}

}  // namespace augur::play
