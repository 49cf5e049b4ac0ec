# Independent oracle for the conformance vectors: decodes lines by slot type with its own tables
# (written from the spec, not from the TypeScript), computes JSON forms and digests.
import json, hashlib, sys

CORE_TYPES = {
 're':'msgid','from':'agent','to':'agent','item':'ref','p':'token','ask':'enum','due':'date','by':'date','exp':'time',
 'pri':'int','conf':'enum','keep':'list','art':'list','ctx':'list','eta':'date','pct':'int','blk':'list','need':'enum',
 'opts':'list','val':'value','out':'enum','next':'enum','why':'enum','alt':'agent','retry':'bool','keys':'list','rb':'list',
 'h':'hex','acc':'list','do':'token','not':'list','asm':'list'}
PROFILE_TYPES = {
 'pay': {'sup':'token','amt':'money','cur':'enum','kind':'enum','acct':'token','paid':'date','ref':'token','apref':'token',
         'prev':'token','addr':'token','eff':'date','src':'list','net':'money','vat':'money'},
 'clin': {'act':'enum','pol':'enum','cert':'enum','subj':'enum','time':'enum','src':'token','qty':'num','unit':'token',
          'dose':'num','freq':'token','dt':'date','code':'token'},
 'pform': {'stg':'enum'},
}

def decode(line):
    body, tail = (line.split(' // ', 1) + [None])[:2]
    toks = body.split(' ')
    v, typ, mid = toks[0], toks[1], toks[2]
    kv = [t.split('=', 1) for t in toks[3:]]
    p = next((val for k, val in kv if k == 'p'), None)
    types = dict(CORE_TYPES); types.update(PROFILE_TYPES.get(p, {}))
    m = {'v': v, 'type': typ, 'id': mid, 're': None, 'from': None, 'to': None, 'item': None, 'slots': {}, 'tail': tail}
    for k, val in kv:
        t = types.get(k)
        if k in ('re', 'from', 'to', 'item'): m[k] = val; continue
        if t == 'int': val = int(val)
        elif t == 'bool': val = {'Y': True, 'N': False}[val]
        elif t == 'list': val = val.split('+')
        m['slots'][k] = val
    return m

def digest(m):
    s = json.dumps(m, sort_keys=True, separators=(',', ':'), ensure_ascii=False)
    return hashlib.sha256(s.encode('utf-8')).hexdigest()[:12]

def at(line, needle, nth=0):
    i = -1
    for _ in range(nth + 1):
        i = line.index(needle, i + 1)
    return i

out = []
def valid(id_, line, notes=()):
    m = decode(line)
    out.append({'id': id_, 'line': line, 'json': m, 'h': digest(m), 'findings': list(notes)})
def invalid(id_, line, findings, refusal=None):
    rec = {'id': id_, 'line': line, 'findings': findings}
    if refusal: rec['refusal'] = refusal
    out.append(rec)
def fmt(id_, message, line=None, findings=None):
    rec = {'id': id_, 'json': message}
    if line is not None: rec['format'] = line
    if findings is not None: rec['findings'] = findings
    out.append(rec)

exec(open(sys.argv[1]).read())
for rec in out: print(json.dumps(rec, ensure_ascii=False))
