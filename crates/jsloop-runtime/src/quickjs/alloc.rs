//! The allocator every QuickJS runtime of jsloop's uses: mimalloc.
//!
//! QuickJS carves allocations of up to 512 bytes from 4 KiB arenas of one
//! block size each, and asks its `malloc` for an arena when one fills and
//! frees it when its last block goes; everything larger (property arrays of
//! big objects, strings, bytecode) goes straight to `malloc`. With glibc's
//! allocator, a program that keeps many objects alive and lets them go in
//! another order than it made them (300,000 timers firing by deadline:
//! `bench/workloads/timers_scattered.mjs`) spent about a tenth of its time in
//! glibc's chunk coalescing (`malloc_consolidate`, `unlink_chunk`,
//! `_int_malloc`). mimalloc's size-segregated free lists have no such pass.
//! A heap that grows through mimalloc's memory has its pages faulted in a
//! chunk at a time (`Populate`), not a trap per page.
//!
//! The runtime is made by [`new_runtime`]; `bench/bare` (the floor and bare
//! QuickJS rows of `bench/run`) makes its runtimes the same way, so the
//! floor measures the same engine with the same allocator.

use libmimalloc_sys as mi;
use rquickjs::allocator::Allocator;
use rquickjs::Runtime;

/// Blocks of this size or more come from the C library's `malloc`, not
/// mimalloc. QuickJS checks its memory limit (`--max-heap`) against the
/// size it asks for and then counts the block's usable size, and mimalloc
/// rounds large blocks up to coarse size classes (16,000,016 bytes, an
/// `Array(1e6)`'s elements, come back as 16 MiB): a request that passed the
/// check could leave the heap over the limit, with no room left to make the
/// "out of memory" InternalError. glibc rounds such blocks to a page. Below
/// this size mimalloc's classes are at most a quarter apart (16 KiB here),
/// and QuickJS's arenas and most of its blocks are far smaller.
const LARGE: usize = 64 * 1024;

/// A runtime's blocks come from the C library's allocator until it has
/// asked for this many bytes in all; from then on, blocks under [`LARGE`]
/// come from mimalloc. A short program never touches mimalloc's heap (the
/// node host's start-up asks for about 1 MiB, a browser host's run of
/// `message_ping.js` 3.3 MiB in all), where a second heap's first pages cost
/// about 0.1 ms of page faults; timers_scattered gains as much at 4 or
/// 16 MiB as with mimalloc from the start, and less at 64 MiB (its 300,000
/// timers are made first). Counted in bytes asked for, never time, so a run
/// allocates the same way every time.
const SWITCH_AFTER: usize = 16 << 20;

/// The pages of mimalloc's heap are faulted in this many bytes at a time
/// once the heap grows through them in order ([`Populate`]).
const POPULATE: usize = 1 << 20;

/// A growing heap's pages faulted in a chunk at a time, not one at a time.
///
/// A heap that grows by 170 MB (bench `timers_scattered`: 300,000 pending
/// timers) took 42,500 page faults, each a trap into the kernel that zeroes
/// one page; with the kernel asked to fill [`POPULATE`] bytes at once
/// (`madvise(MADV_POPULATE_WRITE)`, Linux 5.14) the pages are zeroed as
/// before, without a trap each. mimalloc hands out its segments' memory in
/// rising addresses, so a heap that grows reaches its chunks in order: a
/// chunk is filled when a new block lands in it right after one landed in
/// the chunk before, which a heap that stays small (or reuses what it
/// freed) does not do. At most one chunk beyond what the heap uses is
/// resident; a chunk is filled once (memory mimalloc gives back later is
/// not faulted in again here). The kernel's refusal (an older kernel, a
/// range mimalloc has not committed) leaves the pages to fault as before.
struct Populate {
    /// The chunk (address / [`POPULATE`]) the last new block landed in.
    last: usize,
    /// The highest chunk filled so far.
    filled: usize,
}

impl Populate {
    /// Notes that mimalloc returned `block`, and fills its chunk if the
    /// heap has just grown into it from the chunk before.
    #[inline]
    fn landed(&mut self, block: *mut u8) {
        let chunk = block as usize / POPULATE;
        if chunk == self.last {
            return;
        }
        let grew = chunk == self.last.wrapping_add(1) && chunk > self.filled;
        self.last = chunk;
        if grew {
            self.filled = chunk;
            fill(chunk * POPULATE);
        }
    }
}

/// Asks the kernel to fault in the [`POPULATE`] bytes at `start`.
#[cold]
fn fill(start: usize) {
    #[cfg(target_os = "linux")]
    // SAFETY: MADV_POPULATE_WRITE changes no contents: it faults in pages
    // of a mapping as a write would (zero pages for anonymous memory never
    // touched, nothing for pages present); on a range that is not all
    // writable mapped memory it fails without harm.
    unsafe {
        libc::madvise(start as *mut libc::c_void, POPULATE, libc::MADV_POPULATE_WRITE);
    }
    #[cfg(not(target_os = "linux"))]
    let _ = start;
}

/// QuickJS's `JSMallocFunctions`: mimalloc for blocks under [`LARGE`] once
/// the runtime has allocated [`SWITCH_AFTER`] bytes, the C library's
/// allocator for the rest. Which one owns a block is asked of mimalloc
/// (`mi_is_in_heap_region`: its segment map, no access to the block), so a
/// block can move between them when `realloc` crosses the size. Both align
/// every block to 16 bytes (rquickjs asks for `usize`).
struct Mimalloc {
    /// Bytes asked for so far, up to [`SWITCH_AFTER`].
    asked: usize,
    /// Where mimalloc's new blocks land ([`Populate`]).
    populate: Populate,
}

impl Mimalloc {
    /// Whether a new block of `size` bytes comes from mimalloc.
    fn from_mimalloc_now(&mut self, size: usize) -> bool {
        if size >= LARGE {
            return false;
        }
        if self.asked >= SWITCH_AFTER {
            return true;
        }
        self.asked += size;
        false
    }
}

/// Whether mimalloc (not the C library) allocated `ptr`.
///
/// # Safety
/// `ptr` is a live block of this allocator's.
unsafe fn from_mimalloc(ptr: *const u8) -> bool {
    // SAFETY: mi_is_in_heap_region only looks `ptr` up in mimalloc's own
    // arena list and segment map; any address may be asked.
    unsafe { mi::mi_is_in_heap_region(ptr as *const _) }
}

// SAFETY: every pointer returned comes from mi_malloc/mi_calloc/mi_realloc
// or libc's malloc/calloc/realloc (null on failure), 16-byte aligned;
// `dealloc`, `realloc` and `usable_size` are given only pointers this
// allocator returned (rquickjs passes QuickJS's, which come from here) and
// hand each back to the allocator that made it.
unsafe impl Allocator for Mimalloc {
    fn alloc(&mut self, size: usize) -> *mut u8 {
        // SAFETY: both take any size.
        unsafe {
            if self.from_mimalloc_now(size) {
                let block = mi::mi_malloc(size) as *mut u8;
                self.populate.landed(block);
                block
            } else {
                libc::malloc(size) as *mut u8
            }
        }
    }

    fn calloc(&mut self, count: usize, size: usize) -> *mut u8 {
        // SAFETY: both check count * size for overflow (null then).
        unsafe {
            if self.from_mimalloc_now(count.checked_mul(size).unwrap_or(usize::MAX)) {
                let block = mi::mi_calloc(count, size) as *mut u8;
                self.populate.landed(block);
                block
            } else {
                libc::calloc(count, size) as *mut u8
            }
        }
    }

    unsafe fn dealloc(&mut self, ptr: *mut u8) {
        // SAFETY: the caller's block came from this allocator; it goes back
        // to the one that made it.
        unsafe {
            if from_mimalloc(ptr) {
                mi::mi_free(ptr as *mut _)
            } else {
                libc::free(ptr as *mut _)
            }
        }
    }

    unsafe fn realloc(&mut self, ptr: *mut u8, new_size: usize) -> *mut u8 {
        // SAFETY: as dealloc; a block that changes allocator is copied (as
        // much of it as fits) into a new block and freed after.
        unsafe {
            let was_mimalloc = from_mimalloc(ptr);
            match (was_mimalloc, self.from_mimalloc_now(new_size)) {
                (true, true) => mi::mi_realloc(ptr as *mut _, new_size) as *mut u8,
                (false, false) => libc::realloc(ptr as *mut _, new_size) as *mut u8,
                (true, false) | (false, true) => {
                    let old_size = Self::usable_size(ptr);
                    let new = if was_mimalloc {
                        libc::malloc(new_size) as *mut u8
                    } else {
                        mi::mi_malloc(new_size) as *mut u8
                    };
                    if !new.is_null() {
                        std::ptr::copy_nonoverlapping(ptr, new, old_size.min(new_size));
                        self.dealloc(ptr);
                    }
                    new
                }
            }
        }
    }

    unsafe fn usable_size(ptr: *mut u8) -> usize {
        // SAFETY: as dealloc.
        unsafe {
            if from_mimalloc(ptr) {
                mi::mi_usable_size(ptr as *const _)
            } else {
                libc::malloc_usable_size(ptr as *mut _)
            }
        }
    }
}

/// A QuickJS runtime whose allocations come from mimalloc once it has done
/// some work (the C library's allocator before, and for large blocks).
pub fn new_runtime() -> rquickjs::Result<Runtime> {
    Runtime::new_with_alloc(Mimalloc { asked: 0, populate: Populate { last: 0, filled: 0 } })
}
