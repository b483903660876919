// Fuzz target: an XBoard session reading a whole script of command lines
// (bounded by session_script.h). The session must survive anything, answer
// every `ping N` with `pong N`, and end.
#include "protocol/xboard_session.h"
#include "session_script.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    augur::fuzz::prepare_engine_tables();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    augur::fuzz::check_session<augur::XBoardSession>(std::string_view(reinterpret_cast<const char*>(data), size),
                                                     augur::fuzz::bounded_xboard_script, "ping", true, "pong ");
    return 0;
}
