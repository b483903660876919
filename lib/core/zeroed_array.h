// ZeroedArray: a large table that starts as all-zero bytes, for entries whose
// zero bytes are their empty value (trivially destructible, never constructed
// one by one). On Unix the memory is anonymous pages: the kernel zero-fills a
// page when it is first touched, so the untouched part of a table costs neither
// time nor memory, and freeing gives the pages back at once. (calloc may take
// such a block from the heap instead and clear all of it by hand: with two
// continuation tables, 110,000 engine creations took minutes instead of
// seconds.) Elsewhere the memory is aligned operator new, cleared once.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

namespace augur {

namespace zeroed_memory {
// Throws std::bad_alloc when the system refuses.
void* allocate(std::size_t bytes, std::size_t alignment);
void release(void* memory, std::size_t bytes, std::size_t alignment) noexcept;
}  // namespace zeroed_memory

template <class T>
class ZeroedArray {
    static_assert(std::is_trivially_destructible_v<T>, "entries are never destroyed one by one");

public:
    ZeroedArray() = default;
    explicit ZeroedArray(std::size_t size)
        : entries_(static_cast<T*>(zeroed_memory::allocate(size * sizeof(T), alignof(T)))), size_(size) {}
    ZeroedArray(ZeroedArray&& other) noexcept
        : entries_(std::exchange(other.entries_, nullptr)), size_(std::exchange(other.size_, 0)) {}
    ZeroedArray& operator=(ZeroedArray&& other) noexcept {
        if (this != &other) {
            reset();
            entries_ = std::exchange(other.entries_, nullptr);
            size_ = std::exchange(other.size_, 0);
        }
        return *this;
    }
    ~ZeroedArray() { reset(); }

    // Gives the memory back; the array is empty afterwards.
    void reset() noexcept {
        if (entries_) zeroed_memory::release(entries_, size_ * sizeof(T), alignof(T));
        entries_ = nullptr;
        size_ = 0;
    }

    T* get() const { return entries_; }
    T& operator[](std::size_t i) const { return entries_[i]; }
    std::size_t size() const { return size_; }
    explicit operator bool() const { return entries_ != nullptr; }

private:
    T* entries_ = nullptr;
    std::size_t size_ = 0;
};

}  // namespace augur
