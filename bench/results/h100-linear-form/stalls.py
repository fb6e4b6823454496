import csv, sys, collections
rows = list(csv.reader(open(sys.argv[1])))
hdr = rows[1]; data = rows[2:]
idx = {h:i for i,h in enumerate(hdr)}
stall_cols = [h for h in hdr if h.startswith('stall_') and 'Not Issued' not in h]
tot = collections.Counter(); per_op = collections.defaultdict(collections.Counter)
total_samples = 0
confl = 0; wav=0; ideal=0
for r in data:
    if len(r) < len(hdr): continue
    src = r[idx['Source']].strip()
    op = src.split()[0] if src else ''
    if op.startswith('@'): op = src.split()[1]
    op = op.split('.')[0]
    s = int(r[idx['Warp Stall Sampling (All Samples)']] or 0)
    total_samples += s
    for c in stall_cols:
        v = int(r[idx[c]] or 0); tot[c]+=v; per_op[op][c]+=v
    try:
        wav += int(r[idx['L1 Wavefronts Shared']] or 0); ideal += int(r[idx['L1 Wavefronts Shared Ideal']] or 0)
    except: pass
print('samples', total_samples, 'shared wavefronts', wav, 'ideal', ideal)
for c,v in tot.most_common(10): print(f'{c:28s} {v:8d} {v/total_samples:6.1%}')
print('-- by opcode (top stalls)')
ops = sorted(per_op, key=lambda o: -sum(per_op[o].values()))[:12]
for o in ops:
    t = sum(per_op[o].values())
    print(f'{o:10s} {t:8d} {t/total_samples:6.1%} ', ', '.join(f'{c[6:]}={v}' for c,v in per_op[o].most_common(4)))
