// Choosing the protocol from the first command: `xboard` or `protover`
// starts an XBoard session, anything else (`uci`, but also `position` or
// `go perft 3` from a script) a UCI session that answers that first line too.
#pragma once

#include <istream>
#include <ostream>

namespace augur {

// Runs the chosen session on in and out until `quit` or the end of input.
void run_protocol(std::istream& in, std::ostream& out);

}  // namespace augur
