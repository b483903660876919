// Whether the tests run at full speed. ThreadSanitizer (docs/TESTING.md) slows the search many
// times, more on a loaded machine: there the tests keep checking what happens,
// but not how fast (stop latency, time after ponderhit, what a search reaches within a second).
#pragma once

namespace augur::test {

#if defined(__SANITIZE_THREAD__)
inline constexpr bool FULL_SPEED = false;
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
inline constexpr bool FULL_SPEED = false;
#else
inline constexpr bool FULL_SPEED = true;
#endif
#else
inline constexpr bool FULL_SPEED = true;
#endif

}  // namespace augur::test
