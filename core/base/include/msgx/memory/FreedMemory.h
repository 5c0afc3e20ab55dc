#pragma once

namespace msgx::memory {

// Gives the memory that the allocator holds free back to the operating system (glibc's
// malloc_trim; nothing elsewhere). For the end of a burst: the batches of a backlog are allocated
// on several threads, each with its own malloc arena, and glibc returns only the free memory at the
// top of an arena by itself, so what a backlog used stays in msgxd's RSS after it (~2 MB after the
// 20,000 flights of make soak were created, docs/performance.md). Takes a few milliseconds; call
// it once per burst, not per round.
void returnFreedMemory();

} // namespace msgx::memory
