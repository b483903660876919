#include "protocol/xboard_clock.h"

#include <algorithm>
#include <charconv>

#include "protocol/search_limits_spec.h"

namespace augur {

namespace {

constexpr std::int64_t MAX_TIME_MS = 365LL * 24 * 3600 * 1000;
constexpr std::int64_t MS_PER_SECOND = 1000;
constexpr std::int64_t MS_PER_MINUTE = 60 * MS_PER_SECOND;
constexpr int MAX_MOVES_PER_PERIOD = 10000;

bool all_digits(std::string_view text) {
    return !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
}

std::optional<std::int64_t> parse_digits(std::string_view text) {
    if (!all_digits(text)) return std::nullopt;
    std::int64_t value = 0;
    auto [end, status] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || status != std::errc() || end != text.data() + text.size() || value < 0) return std::nullopt;
    return value;
}

}  // namespace

std::optional<std::int64_t> parse_decimal(std::string_view text, std::int64_t unit_ms) {
    std::size_t dot = text.find('.');
    std::string_view whole = text.substr(0, dot);
    std::string_view fraction = dot == std::string_view::npos ? std::string_view() : text.substr(dot + 1);
    std::optional<std::int64_t> units = whole.empty() && !fraction.empty() ? 0 : parse_digits(whole);
    if (!units || *units > MAX_TIME_MS / unit_ms) return std::nullopt;
    std::int64_t ms = *units * unit_ms;
    if (dot != std::string_view::npos) {
        // Digits beyond a millisecond's precision are read and dropped.
        if (!all_digits(fraction)) return std::nullopt;
        std::int64_t scale = unit_ms;
        for (char digit : fraction) {
            scale /= 10;
            ms += (digit - '0') * scale;
        }
    }
    return ms;
}

std::optional<std::int64_t> parse_base_time(std::string_view text) {
    std::size_t colon = text.find(':');
    if (colon == std::string_view::npos) return parse_decimal(text, MS_PER_MINUTE);
    std::optional<std::int64_t> minutes = parse_digits(text.substr(0, colon));
    std::string_view seconds_text = text.substr(colon + 1);
    std::optional<std::int64_t> seconds = parse_digits(seconds_text);
    if (!minutes || !seconds || *seconds > 59 || seconds_text.size() != 2 || *minutes > MAX_TIME_MS / MS_PER_MINUTE)
        return std::nullopt;
    return *minutes * MS_PER_MINUTE + *seconds * MS_PER_SECOND;
}

XBoardClock::Outcome XBoardClock::level(Tokens& args) {
    std::string error;
    std::string_view mps_text = args.next(), base_text = args.next(), inc_text = args.next();
    auto mps = parse_number(mps_text, "moves per period", 0, MAX_MOVES_PER_PERIOD, &error);
    if (!mps) return error;
    std::optional<std::int64_t> base = parse_base_time(base_text);
    if (!base) return "bad base time '" + printable(base_text) + "' (minutes, or minutes:seconds)";
    std::optional<std::int64_t> increment = parse_decimal(inc_text, MS_PER_SECOND);
    if (!increment) return "bad increment '" + printable(inc_text) + "' (seconds)";
    if (!args.empty()) return "unexpected '" + printable(args.peek()) + "'";
    if (*base == 0 && *increment == 0) return std::string("a level needs a base time or an increment");
    moves_per_period_ = int(*mps);
    base_ms_ = *base;
    increment_ms_ = *increment;
    move_time_ms_ = 0;
    new_game();
    return std::nullopt;
}

XBoardClock::Outcome XBoardClock::st(Tokens& args) {
    std::string_view text = args.next();
    std::optional<std::int64_t> ms = parse_decimal(text, MS_PER_SECOND);
    if (!ms || *ms == 0) return "bad time per move '" + printable(text) + "' (seconds)";
    if (!args.empty()) return "unexpected '" + printable(args.peek()) + "'";
    move_time_ms_ = *ms;
    return std::nullopt;
}

XBoardClock::Outcome XBoardClock::read_clock(Tokens& args, std::int64_t& clock_ms) {
    std::string error;
    // A GUI may report a clock that has run out as negative; milliseconds
    // parse it as 0, and the value is in centiseconds.
    std::optional<std::int64_t> centiseconds = parse_milliseconds(args.next(), "clock", &error);
    if (!centiseconds) return error;
    if (!args.empty()) return "unexpected '" + printable(args.peek()) + "'";
    clock_ms = std::min(*centiseconds, MAX_TIME_MS / 10) * 10;
    return std::nullopt;
}

void XBoardClock::new_game() {
    engine_ms_ = base_ms_;
    opponent_ms_ = base_ms_;
}

TimeControl XBoardClock::engine_control(int fullmove) const {
    TimeControl control;
    if (move_time_ms_ > 0) {
        control.move_time_ms = move_time_ms_;
        return control;
    }
    control.time_left_ms = engine_ms_;
    control.increment_ms = increment_ms_;
    if (moves_per_period_ > 0) control.moves_to_go = moves_per_period_ - (std::max(fullmove, 1) - 1) % moves_per_period_;
    return control;
}

}  // namespace augur
