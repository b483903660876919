// Fuzz target: a UCI session reading a whole script of command lines (bounded
// by session_script.h so that no search runs long). The session must survive
// anything, answer every `isready`, and end.
#include "protocol/uci_session.h"
#include "session_script.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    augur::fuzz::prepare_engine_tables();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    augur::fuzz::check_session<augur::UciSession>(std::string_view(reinterpret_cast<const char*>(data), size),
                                                   augur::fuzz::bounded_uci_script, "isready", false, "readyok");
    return 0;
}
