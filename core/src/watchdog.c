/*
** watchdog.c - see watchdog.h.  lua_sethook may be called from another
** thread or a signal handler while the state runs (Lua's own interpreter
** does so on Ctrl-C); that is the only thing the watchdog thread does to a
** Lua state.
**
** Entering and leaving a resume happen hundreds of times per game decision,
** so they take no lock and make no system call: each slot is a few atomics
** on a cache line of its own.  The CPU time a resume has used is read only
** by the watchdog thread, every 10 ms, and by the resume itself once the
** watchdog has hooked it; an enter reads only the monotonic clock, which
** needs no system call.  A resume's CPU clock starts when the watchdog
** first sees it (at most one period after it began), so a budget is
** measured a few milliseconds generously.
*/
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <time.h>
#include "luacompat.h"
#include "watchdog.h"

#define WD_SLOTS 64
#define WD_PERIOD_NS 10000000L   /* look every 10 ms */
#define WD_SUSPECT_S 0.05        /* a resume running this long gets a hook */
#define WD_HOOK_COUNT 1000       /* the hook then checks every 1000 instructions */
#define WD_NEST 8                /* resumes one thread may run inside each other */
/* The clock of "running since": a tick's resolution (a few ms) is plenty
** against WD_SUSPECT_S, and Linux's coarse clock is read without the time
** counter. */
#ifdef CLOCK_MONOTONIC_COARSE
#define WD_WALL_CLOCK CLOCK_MONOTONIC_COARSE
#else
#define WD_WALL_CLOCK CLOCK_MONOTONIC
#endif

/* A slot's life: FREE, then RUNNING while a resume runs; HOOKING while the
** watchdog thread installs its hook, HOOKED once a hook is on. */
enum { S_FREE, S_RUNNING, S_HOOKING, S_HOOKED };

typedef struct wd_slot {
  _Atomic int state;
  _Atomic(lua_State *) co;
  _Atomic uint64_t epoch;        /* one more at every enter and leave */
  _Atomic uint64_t start_epoch;  /* the epoch start_ns belongs to */
  _Atomic int64_t start_ns;      /* CPU clock when the resume was first seen */
  _Atomic int64_t enter_wall;    /* monotonic clock at the enter (no system call) */
  _Atomic int cpu;               /* CPU clock (clockid_t) of the thread running it */
  /* read and written by the running thread only: */
  double budget;
  size_t mem_limit;
  int reason;                    /* ARK_WD_*: why it is being stopped */
  char pad[64];                  /* keeps two threads' slots off one cache line */
} wd_slot;

static wd_slot slots[WD_SLOTS];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* This thread's running slots, innermost last: ark_wd_tick and
** ark_wd_reason find theirs without a scan. */
static _Thread_local wd_slot *mine[WD_NEST];
static _Thread_local int nmine;

/* Budgets count the CPU time of the script's thread, not wall time, so a
** busy machine (parallel tests, sanitizers) does not stop a healthy step. */
static int64_t cpu_ns(clockid_t clock) {
  struct timespec ts;
  if (clock_gettime(clock, &ts) != 0) return 0;
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static wd_slot *find(lua_State *L) {
  for (int i = nmine - 1; i >= 0; i--)
    if (atomic_load_explicit(&mine[i]->co, memory_order_relaxed) == L) return mine[i];
  return NULL;
}

/* The CPU clock at the start of s's resume; the running thread sets it
** now if the watchdog thread has not seen this resume yet. */
static int64_t start_of(wd_slot *s) {
  uint64_t e = atomic_load(&s->epoch);
  if (atomic_load(&s->start_epoch) != e) {
    atomic_store(&s->start_ns, cpu_ns(s->cpu));
    atomic_store(&s->start_epoch, e);
  }
  return atomic_load(&s->start_ns);
}

/* Is the resume on L over a limit?  Returns ARK_WD_TIME, ARK_WD_MEMORY or
** 0, with its budget (seconds) and memory cap (bytes). */
static int over_limit(lua_State *L, double *budget, size_t *limit) {
  wd_slot *s = find(L);
  if (!s) return ARK_WD_NONE;
  *budget = s->budget;
  *limit = s->mem_limit;
  if ((double)(cpu_ns(s->cpu) - start_of(s)) * 1e-9 > *budget) return ARK_WD_TIME;
  /* at 7/8 of the cap, before the allocator refuses (lua_bridge.c): a stop
  ** here has the script's stack, an allocation refused later may not */
  if (*limit > 0 && (size_t)lua_gc(L, LUA_GCCOUNT, 0) * 1024 > *limit - *limit / 8)
    return ARK_WD_MEMORY;
  return ARK_WD_NONE;
}

static void check_hook(lua_State *L, lua_Debug *ar);

/* Stops the resume on L for `reason`: the error names the line being run
** (the bridge replaces it by the script's own line, see lua_bridge.c). */
static void stop(lua_State *L, int reason, double budget, size_t limit) {
  wd_slot *s = find(L);
  if (s) s->reason = reason;
  /* fire on every instruction from now on, so a pcall in the script
  ** cannot swallow the stop and carry on */
  lua_sethook(L, check_hook, LUA_MASKCOUNT, 1);
  lua_Debug d;
  const char *src = "?";
  int line = 0;
  for (int level = 0; lua_getstack(L, level, &d); level++)
    if (lua_getinfo(L, "Sl", &d) && d.currentline > 0) {
      src = d.source[0] == '@' ? d.source + 1 : d.short_src;
      line = d.currentline;
      break;
    }
  if (reason == ARK_WD_TIME)
    lua_pushfstring(L, "%s:%d: script stopped: it ran longer than %d ms", src, line,
                    (int)(budget * 1000 + 0.5));
  else
    lua_pushfstring(L, "%s:%d: script stopped: out of memory (the scripts' memory is near "
                    "the cap of %d MiB)", src, line, (int)(limit >> 20));
  lua_error(L);
}

/* Runs inside the script: decides whether to stop it. */
static void check_hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  double budget = 0;
  size_t limit = 0;
  int why = over_limit(L, &budget, &limit);
  if (why) stop(L, why, budget, limit);
}

/* C code that runs long calls this often: it looks at the clock only once
** the watchdog thread has found the resume suspect, or it is stopping. */
void ark_wd_tick(lua_State *L) {
  wd_slot *s = find(L);
  if (!s || (atomic_load_explicit(&s->state, memory_order_relaxed) != S_HOOKED && !s->reason))
    return;
  double budget = 0;
  size_t limit = 0;
  int why = over_limit(L, &budget, &limit);
  if (why) stop(L, why, budget, limit);
}

int ark_wd_reason(lua_State *L) {
  wd_slot *s = find(L);
  return s ? s->reason : ARK_WD_NONE;
}

void ark_wd_hurry(lua_State *L, double extra) {
  wd_slot *s = find(L);
  if (!s) return;
  double left = (double)(start_of(s) - cpu_ns(s->cpu)) * 1e-9 + s->budget;
  if (left > extra) s->budget -= left - extra;
  int st = S_RUNNING;
  if (atomic_compare_exchange_strong(&s->state, &st, S_HOOKED))
    lua_sethook(L, check_hook, LUA_MASKCOUNT, WD_HOOK_COUNT);
}

void ark_wd_memory_high(void) {
  if (nmine == 0) return;
  wd_slot *s = mine[nmine - 1];
  int st = S_RUNNING;
  if (atomic_compare_exchange_strong(&s->state, &st, S_HOOKED))
    lua_sethook(atomic_load(&s->co), check_hook, LUA_MASKCOUNT, WD_HOOK_COUNT);
}

/* Hooks the resume that a look saw in slot s at epoch e.  The resume
** cannot end while the slot is HOOKING (ark_wd_leave waits), so the hook
** goes on the state it was meant for.  If that resume ended and the next
** took the slot in between (its thread tries its last slot first), the
** slot goes back to RUNNING: left HOOKED with no hook, no look would ever
** come back to the new resume, and an endless loop in it would run on. */
static void hook_slot(wd_slot *s, uint64_t e) {
  int st = S_RUNNING;
  if (!atomic_compare_exchange_strong(&s->state, &st, S_HOOKING)) return;
  if (atomic_load(&s->epoch) == e) {
    lua_sethook(atomic_load(&s->co), check_hook, LUA_MASKCOUNT, WD_HOOK_COUNT);
    atomic_store(&s->state, S_HOOKED);
  } else {
    atomic_store(&s->state, S_RUNNING);
  }
}

uint64_t ark_wd_test_epoch(int slot) {
  return slot >= 0 && slot < WD_SLOTS ? atomic_load(&slots[slot].epoch) : 0;
}

void ark_wd_test_hook(int slot, uint64_t epoch) {
  if (slot >= 0 && slot < WD_SLOTS) hook_slot(&slots[slot], epoch);
}

/* One look at every slot: a resume seen for the first time gets its start
** time; one that has run too long since gets the checking hook. */
static void look(uint64_t seen[WD_SLOTS]) {
  int64_t wall = cpu_ns(WD_WALL_CLOCK);
  for (int i = 0; i < WD_SLOTS; i++) {
    wd_slot *s = &slots[i];
    if (atomic_load(&s->state) != S_RUNNING) continue;
    uint64_t e = atomic_load(&s->epoch);
    /* odd while a resume runs (enter and leave each add one): an even one
    ** is a slot being taken or given back, whose clock and co may be the
    ** last resume's */
    if (!(e & 1)) continue;
    int64_t now = cpu_ns(s->cpu);
    if (seen[i] != e) {
      seen[i] = e;
      if (atomic_load(&s->start_epoch) != e) {
        atomic_store(&s->start_ns, now);
        atomic_store(&s->start_epoch, e);
      }
    }
    /* suspect by the wall clock since the enter: a hook only adds checks,
    ** and waiting for a second look would let a fast allocation loop reach
    ** the allocator's refusal (no line to report) before the 7/8 check */
    if ((double)(wall - atomic_load(&s->enter_wall)) * 1e-9 <= WD_SUSPECT_S) continue;
    hook_slot(s, e);
  }
}

static void *watch(void *arg) {
  (void)arg;
  static uint64_t seen[WD_SLOTS];
  struct timespec period = { 0, WD_PERIOD_NS };
  for (;;) {
    nanosleep(&period, NULL);
    look(seen);
  }
  return NULL;
}

static void start_thread(void) {
  pthread_t t;
  pthread_attr_t a;
  pthread_attr_init(&a);
  pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
  pthread_create(&t, &a, watch, NULL);
  pthread_attr_destroy(&a);
}

/* A free slot for this thread, taken: the one it had last is tried first. */
static int take_slot(void) {
  static _Thread_local int last;
  for (int k = 0; k < WD_SLOTS; k++) {
    int i = (last + k) % WD_SLOTS, st = S_FREE;
    if (atomic_compare_exchange_strong(&slots[i].state, &st, S_RUNNING)) {
      last = i;
      return i;
    }
  }
  return -1;
}

int ark_wd_enter(lua_State *co, double budget_s, size_t mem_limit) {
  static _Thread_local int have_clock;
  static _Thread_local clockid_t clock;
  pthread_once(&once, start_thread);
  if (nmine >= WD_NEST) return -1;
  if (!have_clock) {
    if (pthread_getcpuclockid(pthread_self(), &clock) != 0) clock = CLOCK_MONOTONIC;
    have_clock = 1;
  }
  /* the slot is RUNNING from here, but the watchdog thread skips it until
  ** its epoch changes, which happens last */
  int slot = take_slot();
  if (slot < 0) return -1;
  wd_slot *s = &slots[slot];
  /* The slot is this thread's until its leave: only it writes these and
  ** the epoch, so no locked instruction is needed.  The epoch's release
  ** store publishes the rest to the watchdog thread, which reads them only
  ** once it has seen the epoch odd (an acquire).  The coarse clock is
  ** enough for a 50 ms suspicion and is read without a system call or
  ** the time counter. */
  atomic_store_explicit(&s->cpu, (int)clock, memory_order_relaxed);
  s->budget = budget_s;
  s->mem_limit = mem_limit;
  s->reason = ARK_WD_NONE;
  atomic_store_explicit(&s->enter_wall, cpu_ns(WD_WALL_CLOCK), memory_order_relaxed);
  atomic_store_explicit(&s->co, co, memory_order_relaxed);
  uint64_t e = atomic_load_explicit(&s->epoch, memory_order_relaxed);
  atomic_store_explicit(&s->epoch, e + 1, memory_order_release);
  mine[nmine++] = s;
  return slot;
}

int ark_wd_leave(int slot, lua_State *co) {
  if (slot < 0 || slot >= WD_SLOTS) return ARK_WD_NONE;
  wd_slot *s = &slots[slot];
  if (atomic_load(&s->co) != co || atomic_load(&s->state) == S_FREE) return ARK_WD_NONE;
  int reason = s->reason, st = S_RUNNING;
  /* a new epoch first, so that the watchdog thread never takes this
  ** finished resume's start time for the next one in the slot */
  uint64_t e = atomic_load_explicit(&s->epoch, memory_order_relaxed);
  atomic_store_explicit(&s->epoch, e + 1, memory_order_seq_cst);
  if (!atomic_compare_exchange_strong(&s->state, &st, S_FREE)) {
    /* hooked, or being hooked right now: wait for that, then take it off */
    while (atomic_load(&s->state) == S_HOOKING) sched_yield();
    lua_sethook(co, NULL, 0, 0);
    atomic_store(&s->co, NULL);
    atomic_store(&s->state, S_FREE);
  } else if (reason) {
    lua_sethook(co, NULL, 0, 0);
  }
  if (nmine > 0 && mine[nmine - 1] == s) nmine--;
  return reason;
}
