/*
** watchdog.c - see watchdog.h.  lua_sethook may be called from another
** thread or a signal handler while the state runs (Lua's own interpreter
** does so on Ctrl-C); that is the only thing the watchdog thread does to a
** Lua state.
*/
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <time.h>
#include "luacompat.h"
#include "watchdog.h"

#define WD_SLOTS 64
#define WD_PERIOD_NS 10000000L   /* look every 10 ms */
#define WD_SUSPECT_S 0.05        /* a resume running this long gets a hook */
#define WD_HOOK_COUNT 1000       /* the hook then checks every 1000 instructions */

typedef struct wd_slot {
  lua_State *co;
  clockid_t cpu;                 /* CPU clock of the thread running it */
  double start, budget;
  size_t mem_limit;
  int hooked;
  int reason;                    /* ARK_WD_*: why it is being stopped */
} wd_slot;

static wd_slot slots[WD_SLOTS];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* Budgets count the CPU time of the script's thread, not wall time, so a
** busy machine (parallel tests, sanitizers) does not stop a healthy step. */
static double cpu_seconds(clockid_t clock) {
  struct timespec ts;
  if (clock_gettime(clock, &ts) != 0) return 0;
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static wd_slot *find(lua_State *L) {
  for (int i = 0; i < WD_SLOTS; i++)
    if (slots[i].co == L) return &slots[i];
  return NULL;
}

/* Is the resume on L over a limit?  Returns ARK_WD_TIME, ARK_WD_MEMORY or
** 0, with its budget (seconds) and memory cap (bytes). */
static int over_limit(lua_State *L, double *budget, size_t *limit) {
  double start = 0;
  clockid_t cpu = CLOCK_THREAD_CPUTIME_ID;
  pthread_mutex_lock(&lock);
  wd_slot *s = find(L);
  if (s) {
    cpu = s->cpu;
    start = s->start;
    *budget = s->budget;
    *limit = s->mem_limit;
  }
  pthread_mutex_unlock(&lock);
  if (!s) return ARK_WD_NONE;
  if (cpu_seconds(cpu) - start > *budget) return ARK_WD_TIME;
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
  pthread_mutex_lock(&lock);
  wd_slot *s = find(L);
  if (s) s->reason = reason;
  pthread_mutex_unlock(&lock);
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

void ark_wd_tick(lua_State *L) {
  double budget = 0;
  size_t limit = 0;
  int why = over_limit(L, &budget, &limit);
  if (why) stop(L, why, budget, limit);
}

int ark_wd_reason(lua_State *L) {
  pthread_mutex_lock(&lock);
  wd_slot *s = find(L);
  int r = s ? s->reason : ARK_WD_NONE;
  pthread_mutex_unlock(&lock);
  return r;
}

void ark_wd_hurry(lua_State *L, double extra) {
  int hook = 0;
  pthread_mutex_lock(&lock);
  wd_slot *s = find(L);
  if (s) {
    double left = s->start + s->budget - cpu_seconds(s->cpu);
    if (left > extra) s->budget -= left - extra;
    hook = !s->hooked;
    s->hooked = 1;
  }
  pthread_mutex_unlock(&lock);
  if (hook) lua_sethook(L, check_hook, LUA_MASKCOUNT, WD_HOOK_COUNT);
}

static void *watch(void *arg) {
  (void)arg;
  struct timespec period = { 0, WD_PERIOD_NS };
  for (;;) {
    nanosleep(&period, NULL);
    pthread_mutex_lock(&lock);
    for (int i = 0; i < WD_SLOTS; i++) {
      wd_slot *s = &slots[i];
      if (s->co && !s->hooked && cpu_seconds(s->cpu) - s->start > WD_SUSPECT_S) {
        s->hooked = 1;
        lua_sethook(s->co, check_hook, LUA_MASKCOUNT, WD_HOOK_COUNT);
      }
    }
    pthread_mutex_unlock(&lock);
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

int ark_wd_enter(lua_State *co, double budget_s, size_t mem_limit) {
  pthread_once(&once, start_thread);
  pthread_mutex_lock(&lock);
  int slot = -1;
  for (int i = 0; i < WD_SLOTS && slot < 0; i++)
    if (!slots[i].co) slot = i;
  if (slot >= 0) {
    wd_slot *s = &slots[slot];
    s->co = co;
    if (pthread_getcpuclockid(pthread_self(), &s->cpu) != 0) s->cpu = CLOCK_MONOTONIC;
    s->start = cpu_seconds(s->cpu);
    s->budget = budget_s;
    s->mem_limit = mem_limit;
    s->hooked = 0;
    s->reason = ARK_WD_NONE;
  }
  pthread_mutex_unlock(&lock);
  return slot;
}

int ark_wd_leave(int slot, lua_State *co) {
  int hooked = 0, reason = ARK_WD_NONE;
  pthread_mutex_lock(&lock);
  if (slot >= 0 && slots[slot].co == co) {
    hooked = slots[slot].hooked;
    reason = slots[slot].reason;
    slots[slot].co = NULL;
  }
  pthread_mutex_unlock(&lock);
  if (hooked || reason) lua_sethook(co, NULL, 0, 0);
  return reason;
}
