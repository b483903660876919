#include "protocol/protocol_select.h"

#include <string>

#include "protocol/line_reader.h"
#include "protocol/tokens.h"
#include "protocol/uci_session.h"
#include "protocol/xboard_session.h"

namespace augur {

namespace {

bool names_xboard(std::string_view line) {
    Tokens tokens(line);
    std::string_view command = tokens.next();
    return command == "xboard" || command == "protover";
}

}  // namespace

void run_protocol(std::istream& in, std::ostream& out) {
    // A stream tied to the output flushes it before every read, from the reader
    // thread and outside the sessions' LineWriter lock, while the engine's thread
    // writes info and bestmove lines: a data race on the output buffer that sent
    // GUIs a stale bestmove a second time (seen as illegal moves under
    // cutechess-cli). The sessions flush every line themselves.
    in.tie(nullptr);
    std::string first;
    LineRead status;
    do {
        status = read_line(in, first);
    } while (status == LineRead::Complete && Tokens(first).empty());  // blank lines name no protocol
    if (status == LineRead::EndOfInput) return;

    if (status == LineRead::Complete && names_xboard(first)) {
        XBoardSession session(out);
        session.post_line(first);
        session.run(in);
        return;
    }
    UciSession session(out);
    if (status == LineRead::TooLong)
        session.report_line_too_long();
    else if (!session.execute(first))
        return;
    session.run(in);
}

}  // namespace augur
