#include "msgx/memory/FreedMemory.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace msgx::memory {

void returnFreedMemory() {
#if defined(__GLIBC__)
    ::malloc_trim(0);
#endif
}

} // namespace msgx::memory
