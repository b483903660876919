#include "play/engine_spec.h"

#include "play/uci_player.h"

namespace augur::play {

CreatedPlayer create_player(const EngineSpec& spec) {
    if (!spec.command.empty()) {
        auto created = UciPlayer::create(spec.name, spec.command, spec.options);
        return {std::move(created.player), created.error};
    }
    auto created = EnginePlayer::create(spec.name, spec.options);
    return {std::move(created.player), created.error};
}

}  // namespace augur::play
