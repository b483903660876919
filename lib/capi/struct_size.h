// Every structure of the C ABI that the caller fills, or that the library
// fills in the caller's memory, begins with struct_size: the caller's
// sizeof, so that later versions can append fields and still serve hosts
// built against an older header.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>

#include "capi/handle.h"

namespace augur::capi {

// AUGUR_OK if s.struct_size is the current size or one of the sizes of
// earlier versions passed in `older`; otherwise fails on handle with a
// message naming the structure and the sizes expected.
template <class Handle, class Struct>
int check_size(const Handle& handle, std::string_view name, const Struct& s,
               std::initializer_list<std::size_t> older = {}) {
    if (s.struct_size == sizeof(Struct)) return AUGUR_OK;
    for (std::size_t size : older)
        if (s.struct_size == size) return AUGUR_OK;
    std::string expected = std::to_string(sizeof(Struct));
    if (older.size() > 0) {
        std::string sizes;
        for (std::size_t size : older) sizes += (sizes.empty() ? "" : ", ") + std::to_string(size);
        expected += " (or " + sizes + (older.size() > 1 ? ", earlier versions')" : ", an earlier version's)");
    }
    return fail(handle, AUGUR_E_INVALID_ARGUMENT,
                std::string(name) + "->struct_size is " + std::to_string(s.struct_size) + "; this library expects ",
                expected + " (set it to sizeof the structure)");
}

}  // namespace augur::capi
