#include "play/engine_spec.h"

#include "play/uci_player.h"

namespace augur::play {

CreatedPlayer create_player(const EngineSpec& spec) {
    if (!spec.command.empty()) {
        if (!spec.search_params.empty())
            return {nullptr, spec.name + ": search parameters can only be set on an Augur engine in this process"};
        auto created = UciPlayer::create(spec.name, spec.command, spec.options, spec.limits.nodes_time);
        return {std::move(created.player), created.error};
    }
    // The game charges this engine its nodes (nodestime=): its search must read
    // its clock the same way.
    std::vector<OptionSetting> options = spec.options;
    if (spec.limits.nodes_time) options.emplace_back("NodesTime", std::to_string(spec.limits.nodes_time));
    auto created = EnginePlayer::create(spec.name, options, spec.search_params);
    return {std::move(created.player), created.error};
}

}  // namespace augur::play
