#include "play/engine_spec.h"

namespace augur::play {

CreatedPlayer create_player(const EngineSpec& spec) {
    auto created = EnginePlayer::create(spec.name, spec.options);
    return {std::move(created.player), created.error};
}

}  // namespace augur::play
