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
//! The arenas themselves come from a `Slab` of jsloop's own whose slots
//! are 8 bytes more than 4 KiB apart: QuickJS hashes an object used as
//! a Map, Set or WeakMap key by its address, and arenas 4 KiB apart (as
//! mimalloc's size class lays them out) put every arena's objects at the same
//! offsets, where their keys shared a few long hash chains. A heap that grows
//! has its pages faulted in a chunk at a time (`Populate`), not a trap per
//! page.
//!
//! The runtime is made by [`new_runtime`]; `bench/bare` (the floor and bare
//! QuickJS rows of `bench/run`) makes its runtimes the same way, so the
//! floor measures the same engine with the same allocator.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

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

/// Requests of more than this many bytes, up to [`SLAB_MAX`], take a slot
/// of the [`Slab`] once a runtime has switched from the C library. QuickJS
/// asks for an arena of `sizeof(JSArena)` (40 bytes) plus as many blocks of
/// its size class as fit in `JS_ARENA_SIZE` (4,096) bytes: 4,088 bytes for
/// 16-byte blocks, 4,072 for 72-byte ones, 3,624 at the least (seven of
/// 512); so every arena is over 4,096 − 512 bytes, and nothing else QuickJS
/// asks for is so common at these sizes (a large block of this size, a
/// string's, is served the same way, as mimalloc's 4 KiB class served it).
const SLAB_MIN: usize = 4096 - 512;

/// The largest request a slot serves, and a slot's usable size.
const SLAB_MAX: usize = 4096;

/// The distance between two slots of the [`Slab`]: a 4 KiB arena and 8
/// bytes. QuickJS hashes a Map, Set, WeakMap or WeakSet key that is an
/// object or a symbol by its address (`map_hash_key` in quickjs.c: the
/// address times 3163, masked to the table's size, so only its low bits
/// count; its blocks are 8-byte aligned, so at most an eighth of a table's
/// buckets can be used), and its objects live in arenas. Arenas 4,096 bytes
/// apart (as mimalloc's 4 KiB size class lays them out) put every arena's
/// objects at the same few offsets within a page: a Map of 50,000 objects
/// (80-byte blocks, 2^15 buckets) could use 8 × 50 of its buckets. Each
/// slot 8 bytes further on in its page than the one before moves an arena's
/// blocks to every 8-byte offset in turn, so objects of any block size
/// reach an eighth of a table's buckets, the most QuickJS's hash allows
/// (4,096 consecutive slots are distinct in their address's low 15 bits).
/// The C library's chunks are the request and 8 bytes, rounded up to 16
/// (4,080 bytes apart for an arena of 4,072), which reach half of that for
/// 80-byte blocks. The 8 bytes cost 0.2 % of the arenas' memory; a slot is
/// 8-byte aligned, as QuickJS aligns its blocks (`JS_ARENA_ALIGN`; a large
/// block's data is 8 bytes past what `malloc` returned).
const SLOT: usize = SLAB_MAX + 8;

/// The address space reserved, once for the process, for every runtime's
/// slab: no memory, no page tables, until a runtime takes a [`REGION`] of it.
const RESERVE: usize = 32 << 30;

/// A runtime's slab grows by this much address space at a time (a multiple
/// of [`POPULATE`], so a chunk the slab fills lies in one region).
const REGION: usize = 64 << 20;

/// Where the reservation starts; before it is made (or if it failed) an
/// address no user pointer has, so [`in_slab`] is false for every block.
static SLAB_BASE: AtomicUsize = AtomicUsize::new(0usize.wrapping_sub(RESERVE));

/// The reservation's regions, handed out to runtimes' slabs and given back
/// when a runtime ends.
struct Regions {
    /// The reservation was tried (and [`SLAB_BASE`] set if it was made).
    tried: bool,
    /// Regions never handed out start at `base + next * REGION`.
    next: usize,
    /// Regions given back by runtimes that ended (their pages released).
    free: Vec<usize>,
}

static REGIONS: Mutex<Regions> = Mutex::new(Regions { tried: false, next: 0, free: Vec::new() });

/// Whether `ptr` is a slot of a slab (of any runtime's: they share one
/// reservation). One subtraction and one comparison, no access to the block.
#[inline(always)]
fn in_slab(ptr: *const u8) -> bool {
    (ptr as usize).wrapping_sub(SLAB_BASE.load(Ordering::Relaxed)) < RESERVE
}

/// A region of the reservation for a runtime's slab, readable and
/// writable; `None` if the address space could not be reserved, is all
/// handed out, or the kernel refuses to commit it.
#[cold]
fn take_region() -> Option<usize> {
    let mut regions = REGIONS.lock().unwrap_or_else(|e| e.into_inner());
    if !regions.tried {
        regions.tried = true;
        // SAFETY: an anonymous private mapping of fresh address space, no
        // access allowed until a region is made writable; it is never
        // unmapped (its regions are handed out for the life of the process).
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                RESERVE + POPULATE,
                libc::PROT_NONE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                -1,
                0,
            )
        };
        if base == libc::MAP_FAILED {
            return None;
        }
        // Regions start on a chunk boundary (see REGION).
        let aligned = (base as usize).next_multiple_of(POPULATE);
        SLAB_BASE.store(aligned, Ordering::Relaxed);
    }
    let base = SLAB_BASE.load(Ordering::Relaxed);
    if base == 0usize.wrapping_sub(RESERVE) {
        return None;
    }
    if let Some(region) = regions.free.pop() {
        return Some(region);
    }
    if regions.next == RESERVE / REGION {
        return None;
    }
    let region = base + regions.next * REGION;
    // SAFETY: `region` is REGION bytes inside the reservation that no
    // runtime has yet; making them writable touches nothing else.
    let made =
        unsafe { libc::mprotect(region as *mut libc::c_void, REGION, libc::PROT_READ | libc::PROT_WRITE) };
    if made != 0 {
        return None;
    }
    regions.next += 1;
    Some(region)
}

/// Gives a runtime's regions back to `regions`, their pages released to the
/// kernel (they read as zeros when a later runtime takes them).
#[cold]
fn give_back(taken: &mut Vec<usize>, regions: &mut Regions) {
    for &region in taken.iter() {
        // SAFETY: the region is writable memory of the reservation that the
        // runtime giving it back owned, and none of its slots is in use (its
        // QuickJS runtime has been freed); MADV_DONTNEED drops the pages.
        unsafe {
            libc::madvise(region as *mut libc::c_void, REGION, libc::MADV_DONTNEED);
        }
    }
    regions.free.append(taken);
}

/// A runtime's slots for QuickJS's arenas, [`SLOT`] bytes apart.
///
/// The slots of a region are handed out in address order; a slot given
/// back goes on a free list (its first word links to the next) and is the
/// first handed out again, as mimalloc reuses a freed block first. A runtime
/// keeps its regions until it ends. As [`Populate`] does for mimalloc's
/// heap, a slab growing through a region has the region's next chunk
/// faulted in at once when its first slot reaches into it.
struct Slab {
    /// The last slot given back (null if none): its first word is the one
    /// given back before it.
    free: *mut u8,
    /// The next slot never handed out, in the newest region.
    next: usize,
    /// The end of the newest region's last whole slot.
    end: usize,
    /// The highest chunk (address / [`POPULATE`]) the slab has reached.
    reached: usize,
    /// No region could be had: the slab serves only what it has.
    full: bool,
    /// The regions this slab took.
    regions: Vec<usize>,
}

impl Slab {
    const fn new() -> Slab {
        Slab { free: std::ptr::null_mut(), next: 0, end: 0, reached: 0, full: false, regions: Vec::new() }
    }

    /// A slot of [`SLAB_MAX`] usable bytes, 8-byte aligned; null if there
    /// is none (the caller asks mimalloc).
    #[inline]
    fn take(&mut self) -> *mut u8 {
        if !self.free.is_null() {
            let slot = self.free;
            // SAFETY: a slot on the free list is writable memory of this
            // slab's whose first word `give` wrote.
            self.free = unsafe { (slot as *mut *mut u8).read() };
            return slot;
        }
        if self.next + SLOT <= self.end {
            let slot = self.next;
            self.next += SLOT;
            let chunk = (slot + SLOT - 1) / POPULATE;
            if chunk > self.reached {
                self.reached = chunk;
                fill(chunk * POPULATE);
            }
            return slot as *mut u8;
        }
        self.grow()
    }

    /// Takes a new region and its first slot.
    #[cold]
    fn grow(&mut self) -> *mut u8 {
        if self.full {
            return std::ptr::null_mut();
        }
        let Some(region) = take_region() else {
            self.full = true;
            return std::ptr::null_mut();
        };
        self.regions.push(region);
        self.next = region;
        self.end = region + REGION / SLOT * SLOT;
        // A region's first chunk faults page by page (a runtime that stops
        // growing just past its last region costs no more than it touches).
        self.reached = region / POPULATE;
        self.take()
    }

    /// Gives `slot` back.
    ///
    /// # Safety
    /// `slot` was returned by this slab's [`Slab::take`] and is no longer
    /// in use.
    #[inline]
    unsafe fn give(&mut self, slot: *mut u8) {
        // SAFETY: the slot is this slab's writable memory, unused now; its
        // first word holds the free list's link until it is taken again.
        unsafe { (slot as *mut *mut u8).write(self.free) };
        self.free = slot;
    }
}

impl Drop for Slab {
    fn drop(&mut self) {
        if !self.regions.is_empty() {
            give_back(&mut self.regions, &mut REGIONS.lock().unwrap_or_else(|e| e.into_inner()));
        }
    }
}

/// Which allocator a block comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Source {
    Libc,
    Mimalloc,
    Slab,
}

/// QuickJS's `JSMallocFunctions`: the C library's allocator until the
/// runtime has allocated [`SWITCH_AFTER`] bytes, and for blocks of
/// [`LARGE`] bytes or more; after that, QuickJS's arenas (requests over
/// [`SLAB_MIN`] up to [`SLAB_MAX`] bytes) from the runtime's [`Slab`], and
/// the rest under [`LARGE`] from mimalloc. Which one owns a block is known
/// from its address: a slot lies in the slab's reservation ([`in_slab`]),
/// mimalloc is asked of the rest (`mi_is_in_heap_region`: its segment map,
/// no access to the block), so a block can move between them when `realloc`
/// crosses a size. Every block is aligned to 8 bytes at least (rquickjs
/// asks for `usize`; the C library and mimalloc align to 16).
struct Mimalloc {
    /// Bytes asked for so far, up to [`SWITCH_AFTER`].
    asked: usize,
    /// Where mimalloc's new blocks land ([`Populate`]).
    populate: Populate,
    /// The arenas' slots.
    slab: Slab,
}

impl Mimalloc {
    fn new() -> Mimalloc {
        Mimalloc { asked: 0, populate: Populate { last: 0, filled: 0 }, slab: Slab::new() }
    }

    /// Where a new block of `size` bytes comes from.
    #[inline]
    fn from_now(&mut self, size: usize) -> Source {
        if size >= LARGE {
            return Source::Libc;
        }
        if self.asked < SWITCH_AFTER {
            self.asked += size;
            if self.asked >= SWITCH_AFTER {
                small_pages_for_mimalloc();
            }
            return Source::Libc;
        }
        if size > SLAB_MIN && size <= SLAB_MAX {
            Source::Slab
        } else {
            Source::Mimalloc
        }
    }

    /// A new block of `size` bytes from `from` (mimalloc's if the slab has
    /// no slot).
    #[inline]
    fn alloc_from(&mut self, from: Source, size: usize) -> *mut u8 {
        // SAFETY: malloc and mi_malloc take any size.
        unsafe {
            match from {
                Source::Libc => libc::malloc(size) as *mut u8,
                Source::Slab => {
                    let slot = self.slab.take();
                    if slot.is_null() {
                        self.alloc_from(Source::Mimalloc, size)
                    } else {
                        slot
                    }
                }
                Source::Mimalloc => {
                    let block = mi::mi_malloc(size) as *mut u8;
                    self.populate.landed(block);
                    block
                }
            }
        }
    }
}

/// mimalloc's option `mi_option_allow_thp` (mimalloc.h, v2: the 38th of
/// `mi_option_e`, counted from 0 as 37; libmimalloc-sys has no constant for
/// it).
const MI_OPTION_ALLOW_THP: mi::mi_option_t = 37;

/// Asks mimalloc to map its memory in small pages, once per process, before
/// its first block (called when a runtime switches to it).
///
/// mimalloc marks the 1 GiB it reserves at a time `MADV_HUGEPAGE` (its
/// `allow_thp` option, on by default), so where the kernel gives
/// transparent huge pages only to memory that asks (`madvise` mode, the
/// usual default) its heap grew 2 MiB at a fault, each zeroed and, on a
/// machine whose memory is fragmented, compacted first. A program keeping
/// 50,000 arrays of 200 elements (3.2 KB blocks, from mimalloc) spent
/// 0.30-0.43 s of system time in 4 of 5 runs and 0.04 s in one, against
/// 0.08-0.12 s in every run with small pages (`/usr/bin/time`, alternating,
/// same binary with `MIMALLOC_ALLOW_THP=0`). Setting the option here, not
/// through the environment, leaves the rest of the process alone (that
/// variable makes mimalloc disable huge pages for the whole process at its
/// start, the start heap's too: jsloop/src/main.rs).
#[cold]
fn small_pages_for_mimalloc() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    // SAFETY: mi_option_set stores an option's value; mimalloc reads
    // allow_thp each time it maps memory.
    ONCE.call_once(|| unsafe { mi::mi_option_set(MI_OPTION_ALLOW_THP, 0) });
}

/// Which allocator made `ptr`.
///
/// # Safety
/// `ptr` is a live block of this allocator's.
#[inline]
unsafe fn made_by(ptr: *const u8) -> Source {
    if in_slab(ptr) {
        return Source::Slab;
    }
    // SAFETY: mi_is_in_heap_region only looks `ptr` up in mimalloc's own
    // arena list and segment map; any address may be asked.
    if unsafe { mi::mi_is_in_heap_region(ptr as *const _) } {
        Source::Mimalloc
    } else {
        Source::Libc
    }
}

// SAFETY: every pointer returned comes from mi_malloc/mi_calloc/mi_realloc,
// libc's malloc/calloc/realloc (null on failure) or is a slot of the
// runtime's slab (SLAB_MAX writable bytes, 8-byte aligned, in use until
// given back); `dealloc`, `realloc` and `usable_size` are given only
// pointers this allocator returned (rquickjs passes QuickJS's, which come
// from here) and hand each back to the allocator that made it.
unsafe impl Allocator for Mimalloc {
    fn alloc(&mut self, size: usize) -> *mut u8 {
        let from = self.from_now(size);
        self.alloc_from(from, size)
    }

    fn calloc(&mut self, count: usize, size: usize) -> *mut u8 {
        let Some(bytes) = count.checked_mul(size) else {
            return std::ptr::null_mut();
        };
        // SAFETY: calloc and mi_calloc take any count and size; a slot has
        // SLAB_MAX >= bytes writable bytes, zeroed here (a slot given back
        // and taken again is not zero).
        unsafe {
            match self.from_now(bytes) {
                Source::Libc => return libc::calloc(count, size) as *mut u8,
                Source::Slab => {
                    let slot = self.slab.take();
                    if !slot.is_null() {
                        std::ptr::write_bytes(slot, 0, bytes);
                        return slot;
                    }
                }
                Source::Mimalloc => {}
            }
            let block = mi::mi_calloc(count, size) as *mut u8;
            self.populate.landed(block);
            block
        }
    }

    unsafe fn dealloc(&mut self, ptr: *mut u8) {
        // SAFETY: the caller's block came from this allocator; it goes back
        // to the one that made it (a slot to this runtime's slab: QuickJS
        // frees a block with the runtime that allocated it).
        unsafe {
            match made_by(ptr) {
                Source::Slab => self.slab.give(ptr),
                Source::Mimalloc => mi::mi_free(ptr as *mut _),
                Source::Libc => libc::free(ptr as *mut _),
            }
        }
    }

    unsafe fn realloc(&mut self, ptr: *mut u8, new_size: usize) -> *mut u8 {
        // SAFETY: as dealloc; a block that changes allocator is copied (as
        // much of it as fits) into a new block and freed after; a slot
        // holds any size the slab serves, so it stays where it is.
        unsafe {
            let was = made_by(ptr);
            match (was, self.from_now(new_size)) {
                (Source::Slab, Source::Slab) => ptr,
                (Source::Mimalloc, Source::Mimalloc) => mi::mi_realloc(ptr as *mut _, new_size) as *mut u8,
                (Source::Libc, Source::Libc) => libc::realloc(ptr as *mut _, new_size) as *mut u8,
                (_, to) => {
                    let old_size = Self::usable_size(ptr);
                    let new = self.alloc_from(to, new_size);
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
            match made_by(ptr) {
                Source::Slab => SLAB_MAX,
                Source::Mimalloc => mi::mi_usable_size(ptr as *const _),
                Source::Libc => libc::malloc_usable_size(ptr as *mut _),
            }
        }
    }
}

/// A QuickJS runtime whose allocations come from mimalloc and its arenas
/// from a slab once it has done some work (the C library's allocator
/// before, and for large blocks).
pub fn new_runtime() -> rquickjs::Result<Runtime> {
    Runtime::new_with_alloc(Mimalloc::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Held by every test that takes regions, so one test's regions are not
    /// taken by another's while it looks at them.
    static SERIAL: Mutex<()> = Mutex::new(());

    fn serial() -> std::sync::MutexGuard<'static, ()> {
        SERIAL.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// An allocator past its switch, as a runtime's is after 16 MiB.
    fn switched() -> Mimalloc {
        let mut a = Mimalloc::new();
        a.asked = SWITCH_AFTER;
        a
    }

    #[test]
    fn arenas_take_slots_that_spread_their_blocks_over_a_page() {
        let _serial = serial();
        let mut a = switched();
        // The smallest and the largest arena QuickJS asks for (512- and
        // 16-byte blocks), and SLAB_MAX itself.
        let blocks: Vec<*mut u8> = (0..1024).map(|i| a.alloc([3624, 4088, 4096][i % 3])).collect();
        let mut low15 = std::collections::HashSet::new();
        let mut objects = std::collections::HashSet::new();
        for (i, &b) in blocks.iter().enumerate() {
            assert!(in_slab(b), "an arena request is a slot");
            assert_eq!(b as usize % 8, 0);
            // SAFETY: a live block of `a`'s.
            assert_eq!(unsafe { Mimalloc::usable_size(b) }, SLAB_MAX);
            // SAFETY: SLAB_MAX writable bytes each, no two overlapping.
            unsafe { std::ptr::write_bytes(b, i as u8, SLAB_MAX) };
            low15.insert(b as usize % (1 << 15));
            // Where QuickJS puts the objects of an arena of 80-byte blocks
            // (its JSObject): after the 40-byte arena header, each block's
            // data after its 8-byte header.
            for k in 0..50 {
                objects.insert((b as usize + 40 + 8 + 80 * k) % (1 << 15));
            }
        }
        for (i, &b) in blocks.iter().enumerate() {
            // SAFETY: as above.
            let bytes = unsafe { std::slice::from_raw_parts(b, SLAB_MAX) };
            assert!(bytes.iter().all(|&x| x == i as u8), "slot {i} was overwritten");
        }
        // What map_hash_key keeps of an address: its low bits, of which an
        // 8-byte aligned block has 12 of 15 to give. Arenas 4,096 bytes
        // apart gave 8 values of the low 15 bits, and 400 to 1,024 × 50
        // objects; 4,080 bytes apart (glibc) 2,048 to the objects.
        assert_eq!(low15.len(), 1024);
        assert_eq!(objects.len(), 4096);
        for b in blocks {
            // SAFETY: a live block of `a`'s, freed once.
            unsafe { a.dealloc(b) };
        }
    }

    #[test]
    fn other_sizes_and_blocks_before_the_switch_are_not_slots() {
        let _serial = serial();
        let mut a = switched();
        for size in [SLAB_MIN, 100, SLAB_MAX + 1, LARGE] {
            let b = a.alloc(size);
            assert!(!b.is_null() && !in_slab(b), "{size} bytes");
            // SAFETY: a live block of `a`'s.
            unsafe { a.dealloc(b) };
        }
        let mut fresh = Mimalloc::new();
        let b = fresh.alloc(4072);
        assert!(!in_slab(b), "before the switch, the C library's");
        // SAFETY: a live block of `fresh`'s.
        unsafe { fresh.dealloc(b) };
    }

    #[test]
    fn a_slot_given_back_is_reused_and_calloc_zeroes_it() {
        let _serial = serial();
        let mut a = switched();
        let b = a.alloc(4072);
        // SAFETY: a live slot, SLAB_MAX bytes.
        unsafe {
            std::ptr::write_bytes(b, 0xAB, SLAB_MAX);
            a.dealloc(b);
        }
        let c = a.calloc(1, 4000);
        assert_eq!(c, b, "the last slot given back is the first taken");
        // SAFETY: a live slot of at least 4000 bytes.
        let bytes = unsafe { std::slice::from_raw_parts(c, 4000) };
        assert!(bytes.iter().all(|&x| x == 0));
        // SAFETY: a live block, freed once.
        unsafe { a.dealloc(c) };
    }

    #[test]
    fn realloc_moves_blocks_in_and_out_of_the_slab_with_their_bytes() {
        let _serial = serial();
        let mut a = switched();
        let small = a.alloc(100);
        // SAFETY: live blocks of `a`'s, each written within its size, each
        // freed once (realloc frees what it moves from).
        unsafe {
            for i in 0..100 {
                *small.add(i) = i as u8;
            }
            let slot = a.realloc(small, 4000);
            assert!(in_slab(slot));
            assert!((0..100).all(|i| *slot.add(i) == i as u8));
            *slot.add(3999) = 7;
            assert_eq!(a.realloc(slot, 3700), slot, "a slot holds any size the slab serves");
            let big = a.realloc(slot, 10_000);
            assert!(!in_slab(big));
            assert!((0..100).all(|i| *big.add(i) == i as u8));
            assert_eq!(*big.add(3999), 7);
            let back = a.realloc(big, 4096);
            assert!(in_slab(back));
            assert_eq!(*back.add(3999), 7);
            let shrunk = a.realloc(back, 50);
            assert!(!in_slab(shrunk));
            assert!((0..50).all(|i| *shrunk.add(i) == i as u8));
            a.dealloc(shrunk);
        }
    }

    #[test]
    fn a_runtime_that_ends_gives_its_regions_back() {
        let _serial = serial();
        let mut a = switched();
        let b = a.alloc(4072);
        let region = a.slab.regions[0];
        assert!((region..region + REGION).contains(&(b as usize)));
        // SAFETY: a live slot, freed once.
        unsafe {
            b.write(1);
            a.dealloc(b);
        }
        // What Slab's drop does, with the lock held to look at the result
        // before another test's runtime takes the region.
        let mut regions = REGIONS.lock().unwrap();
        give_back(&mut a.slab.regions, &mut regions);
        assert!(a.slab.regions.is_empty());
        assert_eq!(regions.free.last(), Some(&region));
        // SAFETY: the region is still mapped and writable; its pages were
        // dropped, so they read as zeros.
        assert_eq!(unsafe { b.read() }, 0);
        drop(regions);
        drop(a);
    }

    #[test]
    fn mimalloc_maps_small_pages_after_the_switch() {
        let _serial = serial();
        // SAFETY: mi_option_is_enabled reads an option.
        let before = unsafe { mi::mi_option_is_enabled(MI_OPTION_ALLOW_THP) };
        let mut a = Mimalloc::new();
        let mut blocks = Vec::new();
        while a.asked < SWITCH_AFTER {
            blocks.push(a.alloc(64 * 1024 - 16));
        }
        // SAFETY: as above.
        assert!(
            !unsafe { mi::mi_option_is_enabled(MI_OPTION_ALLOW_THP) },
            "allow_thp was {before} and is still set"
        );
        for b in blocks {
            // SAFETY: each block is a live block of `a`'s.
            unsafe { a.dealloc(b) };
        }
    }

    #[test]
    fn a_runtime_past_the_switch_runs_on_the_slab() {
        let _serial = serial();
        let rt = new_runtime().expect("runtime");
        let ctx = rquickjs::Context::full(&rt).expect("context");
        let sum: f64 = ctx.with(|ctx| {
            ctx.eval(
                r#"
                const keep = []; for (let i = 0; i < 300000; i++) keep.push({ i });
                const m = new Map(), w = new WeakMap(), objs = [];
                for (let i = 0; i < 5000; i++) { const o = { i }; objs.push(o); m.set(o, i); w.set(o, i); }
                let s = 0; for (const o of objs) s += m.get(o) + w.get(o);
                keep.length = 0; s
                "#,
            )
            .expect("eval")
        });
        assert_eq!(sum, 2.0 * (4999.0 * 5000.0 / 2.0));
        assert!(SLAB_BASE.load(Ordering::Relaxed) != 0usize.wrapping_sub(RESERVE), "the slab was reserved");
    }
}
