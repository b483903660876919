#include "play/play_limits.h"

#include <algorithm>
#include <charconv>

namespace augur::play {

std::optional<std::int64_t> parse_seconds(std::string_view text) {
    // Whole and fractional parts are read as integers: no locale, no rounding surprises.
    std::size_t dot = text.find('.');
    std::string_view whole = text.substr(0, dot);
    std::string_view fraction = dot == std::string_view::npos ? std::string_view{} : text.substr(dot + 1);
    if (whole.empty() && fraction.empty()) return std::nullopt;
    if (dot != std::string_view::npos && fraction.empty()) return std::nullopt;
    auto all_digits = [](std::string_view s) { return std::all_of(s.begin(), s.end(), [](char ch) { return ch >= '0' && ch <= '9'; }); };
    if (!all_digits(whole) || !all_digits(fraction) || whole.size() > 9) return std::nullopt;
    std::int64_t seconds = 0;
    for (char ch : whole) seconds = seconds * 10 + (ch - '0');
    std::int64_t ms = seconds * 1000, scale = 100;
    for (char ch : fraction) {
        ms += (ch - '0') * scale;
        scale /= 10;  // digits past the millisecond are dropped
    }
    return ms;
}

namespace {

// "m:ss" or plain seconds.
std::optional<std::int64_t> parse_clock_time(std::string_view text) {
    std::size_t colon = text.find(':');
    if (colon == std::string_view::npos) return parse_seconds(text);
    auto minutes = parse_seconds(text.substr(0, colon));
    auto seconds = parse_seconds(text.substr(colon + 1));
    if (!minutes || !seconds || *minutes % 1000 != 0) return std::nullopt;
    return *minutes * 60 + *seconds;
}

std::string seconds_text(std::int64_t ms) {
    std::string text = std::to_string(ms / 1000);
    if (ms % 1000 == 0) return text;
    std::string fraction = std::to_string(1000 + ms % 1000).substr(1);
    while (fraction.back() == '0') fraction.pop_back();
    return text + "." + fraction;
}

}  // namespace

ParsedClock parse_clock(std::string_view text) {
    ParsedClock clock;
    std::string_view rest = text;
    if (std::size_t slash = rest.find('/'); slash != std::string_view::npos) {
        std::string_view moves = rest.substr(0, slash);
        auto [end, ec] = std::from_chars(moves.data(), moves.data() + moves.size(), clock.moves_per_control);
        if (ec != std::errc{} || end != moves.data() + moves.size() || clock.moves_per_control <= 0) {
            clock.error = "the moves before '/' must be a positive number";
            return clock;
        }
        rest = rest.substr(slash + 1);
    }
    std::string_view increment;
    if (std::size_t plus = rest.find('+'); plus != std::string_view::npos) {
        increment = rest.substr(plus + 1);
        rest = rest.substr(0, plus);
    }
    auto base = parse_clock_time(rest);
    if (!base) {
        clock.error = "the base time must be seconds (e.g. 10, 0.5 or 1:30)";
        return clock;
    }
    clock.base_ms = *base;
    if (!increment.empty() || text.find('+') != std::string_view::npos) {
        auto inc = parse_seconds(increment);
        if (!inc) {
            clock.error = "the increment after '+' must be seconds (e.g. 0.1)";
            return clock;
        }
        clock.increment_ms = *inc;
    }
    if (clock.base_ms == 0 && clock.increment_ms == 0) {
        clock.error = "a clock needs a base time or an increment";
        return clock;
    }
    clock.ok = true;
    return clock;
}

std::string clock_to_string(const PlayLimits& limits) {
    std::string text;
    if (limits.moves_per_control > 0) text = std::to_string(limits.moves_per_control) + "/";
    text += seconds_text(limits.base_ms);
    if (limits.increment_ms > 0) text += "+" + seconds_text(limits.increment_ms);
    return text;
}

GameClock::GameClock(const PlayLimits& white, const PlayLimits& black, std::int64_t margin_ms)
    : limits_{white, black}, time_left_{white.has_clock() ? white.base_ms : -1, black.has_clock() ? black.base_ms : -1},
      margin_ms_(margin_ms) {}

int GameClock::moves_to_go(Color c) const {
    int per_control = limits_[c].moves_per_control;
    return per_control > 0 ? per_control - moves_played_[c] % per_control : 0;
}

std::int64_t GameClock::deadline_ms(Color c) const {
    std::int64_t deadline = -1;
    if (limits_[c].has_clock()) deadline = time_left_[c] + margin_ms_;
    if (limits_[c].move_time_ms > 0) {
        std::int64_t fixed = limits_[c].move_time_ms + margin_ms_;
        deadline = deadline < 0 ? fixed : std::min(deadline, fixed);
    }
    return deadline;
}

bool GameClock::charge(Color c, std::int64_t elapsed_ms) {
    std::int64_t deadline = deadline_ms(c);
    if (deadline >= 0 && elapsed_ms > deadline) return false;
    ++moves_played_[c];
    if (!limits_[c].has_clock()) return true;
    // An overrun inside the margin is forgiven, not carried as a debt.
    time_left_[c] = std::max<std::int64_t>(0, time_left_[c] - elapsed_ms) + limits_[c].increment_ms;
    int per_control = limits_[c].moves_per_control;
    if (per_control > 0 && moves_played_[c] % per_control == 0) time_left_[c] += limits_[c].base_ms;
    return true;
}

}  // namespace augur::play
