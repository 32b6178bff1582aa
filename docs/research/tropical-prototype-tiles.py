# Writes tiles.txt for the prototype: "rows cols tiles labels", then per tile its labels top right bottom left.
import json, sys
d = json.load(open(sys.argv[1]))
labels, out = [], []
for t in d['tiles']:
    e = []
    for l in t['edges']:
        if l not in labels:
            labels.append(l)
        e.append(labels.index(l))
    out.append(e)
with open(sys.argv[2] if len(sys.argv) > 2 else 'tiles.txt', 'w') as f:
    f.write(f"{d['rows']} {d['cols']} {len(out)} {len(labels)}\n")
    for e in out:
        f.write(' '.join(map(str, e)) + '\n')
