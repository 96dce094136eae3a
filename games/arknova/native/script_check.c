/*
** script_check.c - what `arknova check` reads in the text of the card and
** map scripts without playing them: the ability texts written out in their
** keyword calls, `keyword(p, id, "sprint:2")` and `icon_keyword(icon,
** "sunbathing:2")`.  One that names no keyword fails in play, when the
** call runs (keyword in games/arknova/rules/lib.lua), at the same line.
*/
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "content.h"
#include "luacompat.h"

static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap + 1);
  while (buf) {
    n += fread(buf + n, 1, cap - n, f);
    if (n < cap) break;
    char *nb = realloc(buf, (cap *= 2) + 1);
    if (!nb) { free(buf); buf = NULL; }
    else buf = nb;
  }
  fclose(f);
  if (buf) buf[n] = '\0';
  *len = n;
  return buf;
}

static int word_char(char ch) { return isalnum((unsigned char)ch) || ch == '_'; }

/* Is `at` inside a comment: "--" earlier on its line, outside a string?
** (A rough test, as the loader's for then_ names: a long comment's other
** lines are read as code.) */
static int in_comment(const char *text, const char *at) {
  const char *bol = at;
  while (bol > text && bol[-1] != '\n') bol--;
  char quote = 0;
  for (const char *q = bol; q < at; q++) {
    if (quote) {
      if (*q == '\\' && q + 1 < at) q++;
      else if (*q == quote) quote = 0;
    } else if (*q == '"' || *q == '\'') {
      quote = *q;
    } else if (q[0] == '-' && q + 1 < at && q[1] == '-') {
      return 1;
    }
  }
  return 0;
}

/* The argument `want` (from 1) of the call whose '(' is at open: 1 with
** the text of a plain string literal there in out, 0 for anything else. */
static int literal_arg(const char *open, const char *end, int want, char *out, size_t n) {
  int arg = 1, depth = 0;
  const char *start = open + 1;
  for (const char *q = open + 1; q < end; q++) {
    char ch = *q;
    if (ch == '"' || ch == '\'') {
      const char *s = q + 1;
      while (s < end && *s != ch && *s != '\n') s += *s == '\\' ? 2 : 1;
      if (s >= end || *s != ch) return 0;
      q = s;
      continue;
    }
    if (ch == '(' || ch == '{' || ch == '[') depth++;
    else if ((ch == ')' || ch == '}' || ch == ']') && depth > 0) depth--;
    else if (depth == 0 && (ch == ',' || ch == ')')) {
      if (arg == want) {
        while (start < q && isspace((unsigned char)*start)) start++;
        const char *e = q;
        while (e > start && isspace((unsigned char)e[-1])) e--;
        if (e - start < 2 || (*start != '"' && *start != '\'') || e[-1] != *start) return 0;
        size_t len = (size_t)(e - start - 2);
        if (len >= n || memchr(start + 1, '\\', len) || memchr(start + 1, *start, len)) return 0;
        memcpy(out, start + 1, len);
        out[len] = '\0';
        return 1;
      }
      if (ch == ')') return 0;
      arg++;
      start = q + 1;
    }
  }
  return 0;
}

/* Does KEYWORDS (read raw: no plugin's metamethod runs here) hold the
** keyword that ability names ("sprint:2": sprint), as parse_ability in
** games/arknova/rules/lib.lua reads it?  The name goes into name. */
static int keyword_known(lua_State *L, const char *ability, char *name, size_t n) {
  size_t k = 0;
  while (ability[k] && (isalnum((unsigned char)ability[k]) || ability[k] == '-')) k++;
  if (k >= n) k = n - 1;
  memcpy(name, ability, k);
  name[k] = '\0';
  if (k == 0) return 0;
  lua_getglobal(L, "KEYWORDS");
  int known = 0;
  if (lua_istable(L, -1)) {
    lua_pushstring(L, name);
    lua_rawget(L, -2);
    known = lua_isfunction(L, -1);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  return known;
}

static void check_file(ark_content *c, const char *path) {
  size_t len;
  char *text = slurp(path, &len);
  if (!text) return;
  const char *end = text + len;
  size_t dn = c->data_dir ? strlen(c->data_dir) : 0;
  const char *shown = dn && !strncmp(path, c->data_dir, dn) && path[dn] == '/' ? path + dn + 1
                                                                             : path;
  for (const char *at = text; (at = strstr(at, "keyword")) != NULL; at += 7) {
    const char *q = at + 7;
    while (q < end && (*q == ' ' || *q == '\t')) q++;
    if (q >= end || *q != '(') continue;
    int icon = at - text >= 5 && !strncmp(at - 5, "icon_", 5);
    const char *word = icon ? at - 5 : at;
    if (word > text && (word_char(word[-1]) || word[-1] == '.' || word[-1] == ':')) continue;
    if (in_comment(text, word)) continue;
    char ability[128], name[64];
    if (!literal_arg(q, end, icon ? 2 : 3, ability, sizeof ability)) continue;
    if (keyword_known(c->L, ability, name, sizeof name)) continue;
    int line = 1;
    for (const char *s = text; s < at; s++) line += *s == '\n';
    ark_content_error(c, shown, line, "%s: unknown keyword ability '%s' (the text \"%s\"): "
                      "the call would stop the script here in play", icon ? "icon_keyword"
                      : "keyword", name[0] ? name : ability, ability);
  }
  free(text);
}

void ark_check_script_keywords(ark_content *c) {
  if (!c->L) return;
  lua_getglobal(c->L, "KEYWORDS");             /* none: the rules did not load */
  int loaded = lua_istable(c->L, -1);
  lua_pop(c->L, 1);
  if (!loaded) return;
  for (int id = 0; id < c->ncards; id++)
    if (c->cards[id].script) check_file(c, c->cards[id].script);
  for (int m = 0; m < c->nmaps; m++)
    if (c->maps[m].script) check_file(c, c->maps[m].script);
}
