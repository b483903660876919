#include <catch2/catch.hpp>

#include "protocol/tokens.h"

using namespace augur;

namespace {

std::vector<std::string_view> all_words(std::string_view line) {
    Tokens tokens(line);
    return tokens.take_rest();
}

}  // namespace

TEST_CASE("Tokens split on any run of spaces, tabs, CR and control bytes", "[tokens]") {
    using Words = std::vector<std::string_view>;
    CHECK(all_words("go perft 3") == Words{"go", "perft", "3"});
    CHECK(all_words("  go \t\tperft   3 \r") == Words{"go", "perft", "3"});
    CHECK(all_words(std::string_view("isready\0", 8)) == Words{"isready"});
    CHECK(all_words("a\x7f" "b\x01" "c") == Words{"a", "b", "c"});
    CHECK(all_words("").empty());
    CHECK(all_words(" \t\r\n ").empty());
}

TEST_CASE("Tokens keep bytes above ASCII inside words", "[tokens]") {
    CHECK(all_words("\xff\xfe x") == std::vector<std::string_view>{"\xff\xfe", "x"});
}

TEST_CASE("Tokens are consumed front to back", "[tokens]") {
    Tokens tokens("position fen 8/8 w - - moves e2e4");
    CHECK(tokens.next() == "position");
    CHECK(tokens.peek() == "fen");
    CHECK(tokens.next() == "fen");
    CHECK(join_words(tokens.take_until("moves")) == "8/8 w - -");
    CHECK(tokens.next() == "moves");
    CHECK(tokens.next() == "e2e4");
    CHECK(tokens.empty());
    CHECK(tokens.next().empty());
    CHECK(tokens.peek().empty());
}

TEST_CASE("take_until without the stop word takes everything", "[tokens]") {
    Tokens tokens("a b c");
    CHECK(tokens.take_until("moves").size() == 3);
    CHECK(tokens.empty());
}

TEST_CASE("printable escapes control and non-ASCII bytes and cuts long text", "[tokens]") {
    CHECK(printable("e2e4") == "e2e4");
    CHECK(printable("a\nb\xff") == "a\\x0Ab\\xFF");
    std::string longer(1000, 'x');
    std::string shown = printable(longer, 20);
    CHECK(shown == std::string(20, 'x') + "...");
}
