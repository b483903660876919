// The standalone engine: a protocol session on standard input and output when
// started without arguments (as GUIs and match runners start it; the first
// command picks UCI or XBoard), otherwise one command from the command line
// (see command_line.h).
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "protocol/command_line.h"
#include "protocol/protocol_select.h"

int main(int argc, char* argv[]) {
    // Nothing here mixes C stdio with iostreams; unsynchronised streams are faster.
    std::ios::sync_with_stdio(false);
    if (argc == 1) {
        augur::run_protocol(std::cin, std::cout);  // sessions answer errors themselves and keep running
        return 0;
    }
    // A one-shot command must end with a message and a status, never an abort.
    try {
        std::vector<std::string> args(argv + 1, argv + argc);
        return augur::run_command_line(args, std::cout, std::cerr);
    } catch (const std::exception& e) {
        std::cerr << "augur: internal error: " << e.what() << '\n';
        return 1;
    }
}
