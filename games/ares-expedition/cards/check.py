#!/usr/bin/env python3
"""Checker for the Ares Expedition card YAML files (python3, standard library only).

It parses the restricted YAML subset described in schema.md, validates every file
against the documented fields and effect keywords, and compares the printed facts
with the reference data in shared/data/ares-expedition.

Usage:
    python3 games/ares-expedition/cards/check.py [--data DIR] [--keywords] [--fan]

--data DIR   folder holding cards.jsonl and effects.jsonl
             (default: /work/shared/data/ares-expedition, or $ARES_DATA)
--keywords   also print the keyword usage table in Markdown (for README.md)
--fan        check the files alone, without the reference data (a copied game
             folder with fan cards, or no data at hand)
Fan cards are those numbered above FAN_ABOVE (220, the last number of the published
set; e.g. 301): their files are checked like any other (fields, keywords, file name),
but they have no record in the reference data, so nothing is compared with it.
Every problem is printed as FILE:LINE: what is wrong.
Exit status 0 when everything passes, 1 otherwise.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GAME = os.path.dirname(HERE)
FOLDERS = {'green': 'green', 'blue': 'blue', 'red': 'red', 'corporations': 'corporation'}
SRC_TYPE = {'greenProject': 'green', 'blueProject': 'blue', 'redProject': 'red', 'corporation': 'corporation'}
ROMAN = {'I': 1, 'II': 2, 'III': 3, 'IV': 4, 'V': 5}

TAGS = {'building', 'space', 'science', 'power', 'earth', 'jovian', 'plant', 'microbe', 'animal', 'event'}
COLOURS = {'purple', 'red', 'yellow', 'white'}
PRODUCTION = {'mc', 'steel', 'titanium', 'plants', 'heat', 'cards'}
STOCK = {'mc', 'plants', 'heat'}
CARD_RES = {'microbe', 'animal', 'science'}
PARAMS = {'temperature', 'oxygen', 'ocean'}
COUNTERS = {'forests', 'blue_cards', 'cards_in_play'}
EVENTS = {'play_card', 'play_tag', 'raise', 'forest', 'card_action', 'production_raised'}

TOP_FIELDS = {
    'number': True, 'name': True, 'data_name': False, 'type': True, 'variant_of': False,
    'number_assigned': False, 'cost': False, 'megacredits': False, 'tags': True, 'vp': True,
    'phases': False, 'requirement': False, 'resource': False, 'deviates': False,
    'description': True, 'effects': True, 'ongoing': False, 'actions': False,
    'script': False, 'effect_notes': False,
}
DEVIATABLE = {'cost', 'vp', 'phases', 'megacredits'}
FAN_ABOVE = 220   # the published cards are numbered up to 220 (UNMI's number is ours)


def is_fan(num):
    m = re.match(r'^(\d+)[A-Z]?$', num)
    return bool(m) and int(m.group(1)) > FAN_ABOVE


class ParseError(Exception):
    pass


# ---------------------------------------------------------------- parser
TOKEN = re.compile(r'\s*(?:(?P<punct>[{}\[\],:])|(?P<str>"(?:[^"\\]|\\.)*")'
                   r'|(?P<int>-?\d+)(?![\w])|(?P<word>[A-Za-z_][A-Za-z0-9_]*))')


def tokenize(text):
    pos, out = 0, []
    text = text.rstrip()
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise ParseError(f'cannot read {text[pos:pos + 20]!r}')
        pos = m.end()
        if m.group('punct'):
            out.append(('p', m.group('punct')))
        elif m.group('str'):
            out.append(('v', json.loads(m.group('str'))))
        elif m.group('int'):
            out.append(('v', int(m.group('int'))))
        else:
            w = m.group('word')
            out.append(('v', {'true': True, 'false': False}.get(w, w)) if w in ('true', 'false')
                       else ('w', w))
    return out


def parse_value(text):
    toks = tokenize(text)
    if not toks:
        raise ParseError('empty value')
    val, i = _value(toks, 0)
    if i != len(toks):
        raise ParseError(f'trailing text in {text!r}')
    return val


def _value(t, i):
    kind, v = t[i]
    if kind == 'p' and v == '{':
        out, i = {}, i + 1
        if t[i] == ('p', '}'):
            return out, i + 1
        while True:
            if t[i][0] != 'w':
                raise ParseError('map key must be a bare word')
            key = t[i][1]
            if t[i + 1] != ('p', ':'):
                raise ParseError(f'missing ":" after {key}')
            if key in out:
                raise ParseError(f'duplicate key {key}')
            out[key], i = _value(t, i + 2)
            if t[i] == ('p', '}'):
                return out, i + 1
            if t[i] != ('p', ','):
                raise ParseError('expected "," or "}"')
            i += 1
    if kind == 'p' and v == '[':
        out, i = [], i + 1
        if t[i] == ('p', ']'):
            return out, i + 1
        while True:
            item, i = _value(t, i)
            out.append(item)
            if t[i] == ('p', ']'):
                return out, i + 1
            if t[i] != ('p', ','):
                raise ParseError('expected "," or "]"')
            i += 1
    if kind in ('v', 'w'):
        return v, i + 1
    raise ParseError(f'unexpected {v!r}')


def shown(path):
    """A file's name in messages: relative to the current folder when inside it."""
    rel = os.path.relpath(path)
    return os.path.abspath(path) if rel.startswith('..') else rel


def parse_file(path):
    """Top level: `key: value` lines, or `key:` followed by `  - value` lines.
    Returns the fields, the file's lines, and where each field is: {key: line,
    (key, i): line of its item i (0-based)}."""
    data, current, where = {}, None, {}
    with open(path, encoding='utf-8') as f:
        lines = f.read().split('\n')
    for n, line in enumerate(lines, 1):
        try:
            if not line.strip() or line.lstrip().startswith('#'):
                continue
            if line.startswith('  - '):
                if current is None:
                    raise ParseError('list item without a key')
                where[(current, len(data[current]))] = n
                data[current].append(parse_value(line[4:]))
                continue
            m = re.match(r'^([a-z_]+):(?: (.*))?$', line)
            if not m:
                raise ParseError('not a "key: value" line')
            key, rest = m.group(1), m.group(2)
            if key in data:
                raise ParseError(f'duplicate field {key}')
            where[key] = n
            if rest is None or rest.strip() == '':
                data[key], current = [], key
            else:
                data[key], current = parse_value(rest), None
        except (ParseError, IndexError) as e:
            raise ParseError(f'{shown(path)}:{n}: {e}')
    return data, lines, where


# ---------------------------------------------------------------- validation
class Checker:
    def __init__(self):
        self.errors = []
        self.used = {}
        self.where = {}   # card label -> its fields' lines (parse_file)

    def line(self, card, msg, key=None):
        """The line a message is about: the field it names first (`effects[2]...`:
        that item's line), else the file's first line."""
        where = self.where.get(card)
        if where is None:
            return None
        if key is None:
            m = re.match(r'([a-z_]+)(?:\[(\d+)\])?', msg)
            if m and m.group(2) is not None and (m.group(1), int(m.group(2))) in where:
                return where[(m.group(1), int(m.group(2)))]
            key = m.group(1) if m else None
        return where.get(key, 1)

    def err(self, card, msg, key=None):
        line = self.line(card, msg, key)
        self.errors.append(f'{card}:{line}: {msg}' if line else f'{card}: {msg}')

    def use(self, card, kw):
        self.used.setdefault(kw, set()).add(card)

    def keys(self, card, where, d, allowed, required=()):
        if not isinstance(d, dict):
            self.err(card, f'{where} must be a map, got {d!r}')
            return False
        for k in d:
            if k not in allowed:
                self.err(card, f'{where}: unknown key {k!r}')
        for k in required:
            if k not in d:
                self.err(card, f'{where}: missing {k!r}')
        return True

    def posint(self, card, where, v, zero=False):
        if not isinstance(v, int) or isinstance(v, bool) or v < (0 if zero else 1):
            self.err(card, f'{where}: expected a positive integer, got {v!r}')

    def tag(self, card, where, v):
        if v not in TAGS:
            self.err(card, f'{where}: unknown tag {v!r}')

    def amount(self, card, where, v, negative=False):
        if isinstance(v, int) and not isinstance(v, bool):
            if v == 0 or (v < 0 and not negative):
                self.err(card, f'{where}: bad amount {v}')
            return
        if not self.keys(card, where, v, {'tag', 'count', 'per'}):
            return
        if ('tag' in v) == ('count' in v):
            self.err(card, f'{where}: amount needs exactly one of tag/count')
        if 'tag' in v:
            self.tag(card, where, v['tag'])
        if 'count' in v and v['count'] not in COUNTERS:
            self.err(card, f'{where}: unknown counter {v["count"]!r}')
        if 'per' in v:
            self.posint(card, where, v['per'])

    def condition(self, card, where, c):
        if not self.keys(card, where, c, {'temperature', 'oxygen', 'ocean', 'tr', 'tags'}):
            return
        for p in ('temperature', 'oxygen'):
            if p in c and self.keys(card, f'{where}.{p}', c[p], {'min', 'max'}):
                for b, col in c[p].items():
                    if col not in COLOURS:
                        self.err(card, f'{where}.{p}.{b}: unknown colour {col!r}')
        if 'ocean' in c and self.keys(card, f'{where}.ocean', c['ocean'], {'min', 'max'}):
            for b, n in c['ocean'].items():
                self.posint(card, f'{where}.ocean.{b}', n, zero=True)
        if 'tr' in c and self.keys(card, f'{where}.tr', c['tr'], {'min'}, ('min',)):
            self.posint(card, f'{where}.tr.min', c['tr']['min'])
        if 'tags' in c and self.keys(card, f'{where}.tags', c['tags'], TAGS):
            for t, n in c['tags'].items():
                self.posint(card, f'{where}.tags.{t}', n)

    def res_map(self, card, where, d, allowed):
        if self.keys(card, where, d, allowed) and not d:
            self.err(card, f'{where}: empty')
        if isinstance(d, dict):
            for k, n in d.items():
                self.posint(card, f'{where}.{k}', n)

    def effects(self, card, where, lst):
        if not isinstance(lst, list):
            self.err(card, f'{where} must be a list')
            return
        for i, e in enumerate(lst):
            self.effect(card, f'{where}[{i}]', e)

    def effect(self, card, where, e):
        if not isinstance(e, dict) or not e:
            self.err(card, f'{where}: an effect must be a one-keyword map')
            return
        kw = 'if' if 'if' in e else next(iter(e))
        self.use(card, kw)
        if kw == 'if':
            self.keys(card, where, e, {'if', 'do'}, ('if', 'do'))
            self.condition(card, f'{where}.if', e['if'])
            self.effects(card, f'{where}.do', e.get('do', []))
            return
        if len(e) != 1:
            self.err(card, f'{where}: more than one keyword in {sorted(e)}')
        v = e[kw]
        w = f'{where}.{kw}'
        if kw == 'production':
            if self.keys(card, w, v, PRODUCTION):
                for k, a in v.items():
                    self.amount(card, f'{w}.{k}', a)
        elif kw in ('gain', 'lose'):
            self.res_map(card, w, v, STOCK)
        elif kw == 'tr':
            self.amount(card, w, v, negative=True)
        elif kw == 'raise':
            self.res_map(card, w, v, PARAMS)
        elif kw in ('forest', 'draw', 'discard'):
            self.posint(card, w, v)
        elif kw == 'reveal':
            if self.keys(card, w, v, {'cards', 'keep', 'tags'}, ('cards', 'keep')):
                self.posint(card, w + '.cards', v.get('cards'))
                self.posint(card, w + '.keep', v.get('keep'))
                for t in v.get('tags', []):
                    self.tag(card, w + '.tags', t)
        elif kw == 'add':
            if self.keys(card, w, v, CARD_RES | {'any', 'to'}):
                res = [k for k in v if k != 'to']
                if len(res) != 1:
                    self.err(card, f'{w}: name exactly one resource')
                for k in res:
                    self.posint(card, f'{w}.{k}', v[k])
                if v.get('to', 'self') not in ('self', 'another', 'any'):
                    self.err(card, f'{w}.to: bad target {v["to"]!r}')
        elif kw == 'remove':
            self.res_map(card, w, v, CARD_RES)
        elif kw == 'convert':
            if self.keys(card, w, v, {'from', 'to', 'max'}, ('from', 'to')):
                if v.get('from') not in STOCK | {'cards'} or v.get('to') not in STOCK | {'cards'}:
                    self.err(card, f'{w}: bad from/to')
                if 'max' in v:
                    self.posint(card, w + '.max', v['max'])
        elif kw == 'choose':
            if not isinstance(v, list) or len(v) < 2:
                self.err(card, f'{w}: needs a list of at least two options')
            else:
                for j, opt in enumerate(v):
                    self.effects(card, f'{w}[{j}]', opt)
        elif kw == 'extra_play':
            if self.keys(card, w, v, {'cards', 'color', 'discount', 'max_cost', 'free', 'flex'}, ('cards',)):
                self.posint(card, w + '.cards', v.get('cards'))
                if v.get('color', 'blue_red') not in ('green', 'blue_red'):
                    self.err(card, f'{w}.color: bad colour')
                for k in ('discount', 'max_cost', 'flex'):
                    if k in v:
                        self.posint(card, f'{w}.{k}', v[k])
                if 'free' in v and v['free'] is not True:
                    self.err(card, f'{w}.free must be true')
        else:
            self.err(card, f'{where}: unknown effect keyword {kw!r}')

    def ongoing(self, card, lst):
        if not isinstance(lst, list):
            self.err(card, 'ongoing must be a list')
            return
        for i, o in enumerate(lst):
            w = f'ongoing[{i}]'
            if not isinstance(o, dict) or not o:
                self.err(card, f'{w}: must be a map')
                continue
            kw = 'when' if 'when' in o else next(iter(o))
            self.use(card, kw)
            if kw == 'when':
                self.keys(card, w, o, {'when', 'do'}, ('when', 'do'))
                t = o['when']
                if self.keys(card, w + '.when', t, {'event', 'tag', 'tags', 'param', 'params',
                                                    'resource', 'self', 'per'}, ('event',)):
                    if t.get('event') not in EVENTS:
                        self.err(card, f'{w}.when.event: unknown event {t.get("event")!r}')
                    for tg in ([t['tag']] if 'tag' in t else []) + t.get('tags', []):
                        self.tag(card, w + '.when', tg)
                    for p in ([t['param']] if 'param' in t else []) + t.get('params', []):
                        if p not in PARAMS:
                            self.err(card, f'{w}.when: unknown parameter {p!r}')
                    if 'self' in t and not isinstance(t['self'], bool):
                        self.err(card, f'{w}.when.self must be true/false')
                    if t.get('per', 'tag') not in ('tag', 'card'):
                        self.err(card, f'{w}.when.per must be tag or card')
                    if t.get('event') == 'production_raised' and t.get('resource') not in PRODUCTION:
                        self.err(card, f'{w}.when.resource: bad production name')
                self.effects(card, w + '.do', o.get('do', []))
                continue
            if len(o) != 1:
                self.err(card, f'{w}: more than one keyword')
            v = o[kw]
            ww = f'{w}.{kw}'
            if kw == 'discount':
                if self.keys(card, ww, v, {'mc', 'tag', 'tags', 'min_cost', 'on', 'pay'}, ('mc',)):
                    self.posint(card, ww + '.mc', v.get('mc'))
                    for tg in ([v['tag']] if 'tag' in v else []) + v.get('tags', []):
                        self.tag(card, ww, tg)
                    if 'min_cost' in v:
                        self.posint(card, ww + '.min_cost', v['min_cost'])
                    if v.get('on', 'card') not in ('card', 'standard_action'):
                        self.err(card, f'{ww}.on: bad value')
                    if 'pay' in v:
                        self.res_map(card, ww + '.pay', v['pay'], STOCK | CARD_RES)
            elif kw == 'research':
                if self.keys(card, ww, v, {'draw', 'keep'}) and not v:
                    self.err(card, f'{ww}: empty')
                for k, n in (v.items() if isinstance(v, dict) else []):
                    self.posint(card, f'{ww}.{k}', n)
            elif kw == 'resource_value':
                self.res_map(card, ww, v, {'steel', 'titanium'})
            elif kw == 'requirement_flex':
                if self.keys(card, ww, v, {'params', 'steps'}, ('params', 'steps')):
                    for p in v.get('params', []):
                        if p not in ('oxygen', 'temperature'):
                            self.err(card, f'{ww}: bad parameter {p!r}')
                    self.posint(card, ww + '.steps', v.get('steps'))
            elif kw == 'sell_bonus':
                self.res_map(card, ww, v, {'mc'})
            elif kw == 'pay_with':
                self.res_map(card, ww, v, {'heat'})
            elif kw == 'conversion_discount':
                self.res_map(card, ww, v, {'plants'})
            else:
                self.err(card, f'{w}: unknown ongoing keyword {kw!r}')

    def cost_map(self, card, where, c):
        if self.keys(card, where, c, STOCK | CARD_RES | {'tr', 'cards', 'from'}):
            for k, n in c.items():
                if k == 'from':
                    if n != 'any':
                        self.err(card, f'{where}.from must be any')
                else:
                    self.posint(card, f'{where}.{k}', n)

    def actions(self, card, lst):
        if not isinstance(lst, list) or not lst:
            self.err(card, 'actions must be a non-empty list')
            return
        self.use(card, 'actions')
        for i, a in enumerate(lst):
            w = f'actions[{i}]'
            if not self.keys(card, w, a, {'cost', 'reduce', 'do', 'chosen', 'script'}, ('do',)):
                continue
            if 'cost' in a:
                self.use(card, 'cost')
                self.cost_map(card, w + '.cost', a['cost'])
            if 'reduce' in a:
                self.use(card, 'reduce')
                r = a['reduce']
                if self.keys(card, w + '.reduce', r, {'mc', 'per_production', 'per_tag', 'min_blue_cards'}, ('mc',)):
                    if len(r) != 2:
                        self.err(card, f'{w}.reduce: give mc and exactly one of per_production/per_tag/min_blue_cards')
                    if r.get('per_production', 'steel') not in ('steel', 'titanium'):
                        self.err(card, f'{w}.reduce.per_production: bad value')
                    if 'per_tag' in r:
                        self.tag(card, w + '.reduce', r['per_tag'])
            if 'chosen' in a:
                self.use(card, 'chosen')
                if self.keys(card, w + '.chosen', a['chosen'], {'cost', 'do'}):
                    if 'cost' in a['chosen']:
                        self.cost_map(card, w + '.chosen.cost', a['chosen']['cost'])
                    self.effects(card, w + '.chosen.do', a['chosen'].get('do', []))
            if a.get('script', True) is not True:
                self.err(card, f'{w}.script must be true')
            if not a.get('do') and not a.get('script'):
                self.err(card, f'{w}: empty action without script')
            self.effects(card, w + '.do', a.get('do', []))


def slug(name):
    return re.sub(r'[^a-z0-9]+', '-', name.lower().replace("'", '')).strip('-')


def ngrams(text, n=6):
    words = re.findall(r"[a-z0-9']+", text.lower())
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}


def decode_phases(s):
    out = set()
    for part in s.split(','):
        part = part.strip()
        lo, _, hi = part.partition('-')
        if lo not in ROMAN or (hi and hi not in ROMAN):
            return None
        out.update(range(ROMAN[lo], ROMAN[hi or lo] + 1))
    return sorted(out)


def main(argv):
    data_dir = os.environ.get('ARES_DATA', '/work/shared/data/ares-expedition')
    if '--data' in argv:
        data_dir = argv[argv.index('--data') + 1]
    fan_only = '--fan' in argv
    ck = Checker()
    cards = {}
    for folder, ctype in FOLDERS.items():
        d = os.path.join(HERE, folder)
        for fn in sorted(os.listdir(d)):
            if not fn.endswith('.yaml'):
                continue
            path = os.path.join(d, fn)
            try:
                c, lines, where = parse_file(path)
            except ParseError as e:
                ck.errors.append(str(e))
                continue
            num = c.get('number')
            label = shown(path)
            ck.where[label] = where
            if not isinstance(num, str) or not re.match(r'^\d+[A-Z]?$', num):
                ck.err(label, f'number must be a quoted code like "11B", got {num!r}', 'number')
                continue
            want = f"# Ares Expedition card {num}: printed facts; description in the project's own words."
            fan = is_fan(num)
            if lines[0] != want and not (fan and re.match(rf'^# Ares Expedition (fan )?card {num}\b', lines[0])):
                ck.err(label, f'first line must be the standard comment: {want}', '')
            if fan and (c.get('deviates') or c.get('data_name') or c.get('number_assigned')):
                ck.err(label, 'a fan card has no printed facts: deviates, data_name and number_assigned are for published cards',
                       next(k for k in ('deviates', 'data_name', 'number_assigned') if c.get(k)))
            for k, req in TOP_FIELDS.items():
                if req and k not in c:
                    ck.err(label, f'missing required field {k}', '')
            for k in c:
                if k not in TOP_FIELDS:
                    ck.err(label, f'unknown field {k}')
            if c.get('type') != ctype:
                ck.err(label, f'type {c.get("type")!r} does not match folder {folder}')
            if ctype == 'corporation':
                if not isinstance(c.get('megacredits'), int) or 'cost' in c:
                    ck.err(label, 'corporations need megacredits and no cost', 'cost' if 'cost' in c else 'megacredits')
            elif not isinstance(c.get('cost'), int) or 'megacredits' in c:
                ck.err(label, 'project cards need an integer cost and no megacredits', 'megacredits' if 'megacredits' in c else 'cost')
            m = re.match(r'^(\d+)([A-Z]?)$', num)
            want_fn = f'{int(m.group(1)):03d}{m.group(2).lower()}-{slug(str(c.get("name", "")))}.yaml'
            if fn != want_fn:
                ck.err(label, f'file name should be {want_fn}', '')
            if m.group(2) and 'variant_of' not in c:
                ck.err(label, 'a B variant needs variant_of', '')
            if 'variant_of' in c and c['variant_of'] != m.group(1):
                ck.err(label, 'variant_of must name the base number')
            if not isinstance(c.get('tags'), list):
                ck.err(label, 'tags must be a list')
            else:
                for t in c['tags']:
                    ck.tag(label, 'tags', t)
            vp = c.get('vp')
            if isinstance(vp, dict):
                ck.use(label, 'vp_per')
                if ck.keys(label, 'vp', vp, {'per', 'resource', 'tag', 'count'}, ('per',)):
                    ck.posint(label, 'vp.per', vp.get('per'))
                    kinds = [k for k in ('resource', 'tag', 'count') if k in vp]
                    if len(kinds) != 1:
                        ck.err(label, 'vp rule needs exactly one of resource/tag/count')
                    if 'resource' in vp and vp['resource'] not in CARD_RES:
                        ck.err(label, 'vp.resource: unknown resource')
                    if 'resource' in vp and vp['resource'] != c.get('resource'):
                        ck.err(label, 'vp counts a resource the card does not hold')
                    if 'tag' in vp:
                        ck.tag(label, 'vp.tag', vp['tag'])
                    if 'count' in vp and vp['count'] not in COUNTERS:
                        ck.err(label, 'vp.count: unknown counter')
            elif not isinstance(vp, int) or isinstance(vp, bool):
                ck.err(label, 'vp must be an integer or a per-rule map')
            if 'phases' in c:
                p = c['phases']
                if not isinstance(p, list) or not p or any(x not in (1, 2, 3, 4, 5) for x in p) or p != sorted(set(p)):
                    ck.err(label, 'phases must be a sorted list of 1..5')
            if 'requirement' in c:
                ck.use(label, 'requirement')
                ck.condition(label, 'requirement', c['requirement'])
            if 'resource' in c:
                ck.use(label, 'resource')
                if c['resource'] not in CARD_RES:
                    ck.err(label, 'resource: unknown kind')
            if 'deviates' in c:
                if not isinstance(c['deviates'], list) or any(x not in DEVIATABLE for x in c['deviates']):
                    ck.err(label, f'deviates may list only {sorted(DEVIATABLE)}')
            desc = c.get('description')
            if not isinstance(desc, str) or not desc.strip() or len(desc) > 260:
                ck.err(label, 'description must be a short non-empty string')
            ck.effects(label, 'effects', c.get('effects', []))
            if 'ongoing' in c:
                ck.ongoing(label, c['ongoing'])
            if 'actions' in c:
                ck.actions(label, c['actions'])
            if 'script' in c:
                if c['script'] is not True or not isinstance(c.get('effect_notes'), str):
                    ck.err(label, 'script: true needs effect_notes')
                ck.use(label, 'script')
            elif 'effect_notes' in c:
                ck.err(label, 'effect_notes without script: true')
            if not (c.get('effects') or c.get('ongoing') or c.get('actions') or c.get('script')):
                ck.use(label, 'no_effect')
            if num in cards:
                ck.err(label, f'number {num} already used by {cards[num][0]}')
            else:
                cards[num] = (label, c)

    # ------------------------------------------------------------ reference data
    notes_path = os.path.join(GAME, 'docs', 'rules-notes.md')
    notes = open(notes_path, encoding='utf-8').read() if os.path.exists(notes_path) else ''
    if not notes:
        ck.errors.append('docs/rules-notes.md is missing')
    src_cards = os.path.join(data_dir, 'cards.jsonl')
    if fan_only:
        pass
    elif not os.path.exists(src_cards):
        ck.errors.append(f'reference data not found in {data_dir} (use --data DIR, or --fan to check the files alone)')
    else:
        recs = [json.loads(l) for l in open(src_cards, encoding='utf-8') if l.strip()]
        matched = set()
        for r in recs:
            code = r['code']
            if code not in cards:
                ck.err(f'source {code}', f'no file for {r["name"]}')
                continue
            matched.add(code)
            label, c = cards[code]
            dev = set(c.get('deviates', []))
            if SRC_TYPE[r['type']] != c.get('type'):
                ck.err(label, 'type differs from the source')
            if r['name'] not in (c.get('name'), c.get('data_name')):
                ck.err(label, f'name differs from the source {r["name"]!r} (record it as data_name)')
            if c.get('tags') != r['tags']:
                ck.err(label, f'tags {c.get("tags")} differ from the source {r["tags"]}')
            if r['type'] == 'corporation':
                if 'megacredits' not in dev and c.get('megacredits') != r.get('starting_megacredits'):
                    ck.err(label, 'megacredits differ from the source')
            else:
                if r.get('cost') is None:
                    if 'cost' not in dev:
                        ck.err(label, 'the source has no cost: list cost under deviates')
                elif 'cost' in dev or c.get('cost') != r['cost']:
                    ck.err(label, f'cost {c.get("cost")} differs from the source {r["cost"]}')
            svp = r.get('vp')
            if svp == '*':
                if not isinstance(c.get('vp'), dict):
                    ck.err(label, 'the source has variable VP: write a per-rule')
            elif 'vp' not in dev and c.get('vp') != (int(svp) if svp else 0):
                ck.err(label, f'vp {c.get("vp")} differs from the source {svp}')
            if r.get('phase_up') and 'phases' not in dev:
                if c.get('phases') != decode_phases(r['phase_up']):
                    ck.err(label, f'phases {c.get("phases")} differ from the source {r["phase_up"]!r}')
            if not r.get('phase_up') and 'phases' in c and 'phases' not in dev:
                ck.err(label, 'phases given but the source has none')
        # descriptions must be our own words: no run of 6 words shared with the source wording
        src_text = {r['code']: r.get('reference_text', '') for r in recs}
        effects_path = os.path.join(data_dir, 'effects.jsonl')
        if os.path.exists(effects_path):
            for l in open(effects_path, encoding='utf-8'):
                if l.strip():
                    e = json.loads(l)
                    key = e['code'] if e['code'] in cards else e['name']
                    src_text[key] = src_text.get(key, '') + ' ' + e['effect']
        for num, (label, c) in cards.items():
            theirs = src_text.get(num, '') + ' ' + src_text.get(c.get('data_name') or c.get('name'), '')
            shared = ngrams(theirs) & ngrams(c.get('description', '') + ' ' + c.get('effect_notes', ''))
            if shared:
                ck.err(label, f'description repeats source wording: {" ".join(sorted(shared)[0])!r}')
        if os.path.exists(effects_path):
            for l in open(effects_path, encoding='utf-8'):
                if not l.strip():
                    continue
                e = json.loads(l)
                if not e['effect'].startswith('Corporation'):
                    if e['code'] not in cards:
                        ck.err(f'effects.jsonl {e["code"]}', 'no card file')
                    continue
                hits = [n for n, (lab, c) in cards.items()
                        if c.get('type') == 'corporation' and e['name'] in (c.get('name'), c.get('data_name'))]
                if len(hits) != 1:
                    ck.err(f'effects.jsonl {e["name"]}', f'expected exactly one corporation file, found {len(hits)}')
                    continue
                label, c = cards[hits[0]]
                matched.add(hits[0])
                mc = re.search(r'Start with (\d+) MC', e['effect'])
                if mc and c.get('megacredits') != int(mc.group(1)):
                    ck.err(label, 'megacredits differ from effects.jsonl')
                tagm = re.match(r'Corporation, (?:no tags|(\w+) tag)', e['effect'])
                if tagm and c.get('tags') != ([tagm.group(1)] if tagm.group(1) else []):
                    ck.err(label, 'tags differ from effects.jsonl')
                if not c.get('number_assigned'):
                    ck.err(label, 'a corporation without a printed code needs number_assigned: true')
        for num, (label, c) in cards.items():
            if num not in matched and not is_fan(num):
                ck.err(label, f'no record in the reference data (a fan card is numbered above {FAN_ABOVE})', 'number')
    for num, (label, c) in cards.items():
        if (c.get('deviates') or c.get('data_name') or c.get('number_assigned')) and f'**{num} ' not in notes:
            ck.err(label, f'deviates/data_name/number_assigned need a bullet "**{num} ..." in docs/rules-notes.md')

    # ------------------------------------------------------------ report
    by_type = {}
    for label, c in cards.values():
        by_type[c.get('type')] = by_type.get(c.get('type'), 0) + 1
    variants = sum(1 for _, c in cards.values() if 'variant_of' in c)
    scripts = sorted((c['number'] for _, c in cards.values() if c.get('script')), key=lambda s: (len(s), s))
    fans = sorted((n for n in cards if is_fan(n)), key=lambda s: (len(s), s))
    print(f'{len(cards)} card files: ' + ', '.join(f'{k} {v}' for k, v in sorted(by_type.items()))
          + f' ({variants} B variants)')
    if fans:
        print(f'fan cards (numbered above {FAN_ABOVE}, not compared with the reference data): {", ".join(fans)}')
    if fan_only:
        print('--fan: the files alone were checked, not against the reference data')
    print(f'script: true on {len(scripts)} cards: {", ".join(scripts)}')
    if '--keywords' in argv:
        print('\n| keyword | cards |\n|---|---|')
        for kw in sorted(ck.used):
            print(f'| `{kw}` | {len(ck.used[kw])} |')
    if ck.errors:
        print(f'\n{len(ck.errors)} problem(s):')
        for e in ck.errors:
            print('  ' + e)
        return 1
    print('OK')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
