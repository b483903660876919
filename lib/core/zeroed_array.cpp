#include "core/zeroed_array.h"

#include <cstring>
#include <new>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#define AUGUR_ZEROED_MMAP 1
#endif

namespace augur::zeroed_memory {

void* allocate(std::size_t bytes, std::size_t alignment) {
    if (bytes == 0) bytes = 1;
#ifdef AUGUR_ZEROED_MMAP
    // Page-aligned, which covers every alignment the tables ask for.
    (void)alignment;
    void* memory = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) throw std::bad_alloc();
#else
    void* memory = ::operator new(bytes, std::align_val_t(alignment));
    std::memset(memory, 0, bytes);
#endif
    return memory;
}

void release(void* memory, std::size_t bytes, std::size_t alignment) noexcept {
    if (bytes == 0) bytes = 1;
#ifdef AUGUR_ZEROED_MMAP
    (void)alignment;
    munmap(memory, bytes);
#else
    ::operator delete(memory, std::align_val_t(alignment));
#endif
}

}  // namespace augur::zeroed_memory
