// Finding one number of a generated parameter struct (SearchParams, TimeParams)
// by the name it has in its table, for tuners and the `param.` settings that
// set numbers by name. The struct provides for_each(visit(name, value)).
#pragma once

#include <string_view>
#include <type_traits>

namespace augur {

// The parameter of that name in params, or null; const params give a const int.
template <class Params>
auto* find_named_param(Params& params, std::string_view name) {
    using Int = std::conditional_t<std::is_const_v<Params>, const int, int>;
    Int* found = nullptr;
    params.for_each([&](std::string_view param, Int& value) {
        if (param == name) found = &value;
    });
    return found;
}

}  // namespace augur
