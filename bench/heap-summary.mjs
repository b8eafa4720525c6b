#!/usr/bin/env node
// `node --max-old-space-size=4096 bench/heap-summary.mjs FILE.heapsnapshot [--top 40]`: what holds a V8 heap, from a
// snapshot (`npm run bench:scale -- --heap-snapshot DIR` writes one per worker). Prints the heap's size, the self
// size of each kind of object (by constructor, or V8's type for strings, code and arrays), and the objects that
// retain most: each object's retained size is what a collection would free if it went (the dominator tree, as
// Chrome's DevTools works it out, weak edges left out).
import { readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) throw new Error('Give a .heapsnapshot file.');
const topIndex = process.argv.indexOf('--top');
const TOP = topIndex === -1 ? 40 : Number(process.argv[topIndex + 1]);

const { snapshot, nodes, edges, strings } = JSON.parse(readFileSync(file, 'utf8'));
const { node_fields: nodeFields, edge_fields: edgeFields, node_types: nodeTypes, edge_types: edgeTypes } = snapshot.meta;
const NF = nodeFields.length;
const EF = edgeFields.length;
const TYPE = nodeFields.indexOf('type');
const NAME = nodeFields.indexOf('name');
const SELF = nodeFields.indexOf('self_size');
const EDGES = nodeFields.indexOf('edge_count');
const E_TYPE = edgeFields.indexOf('type');
const E_NAME = edgeFields.indexOf('name_or_index');
const E_TO = edgeFields.indexOf('to_node');
const typeNames = nodeTypes[TYPE];
const edgeTypeNames = edgeTypes[E_TYPE];
const WEAK = edgeTypeNames.indexOf('weak');
const SHORTCUT = edgeTypeNames.indexOf('shortcut');
const count = nodes.length / NF;

// Where each node's edges start.
const firstEdge = new Uint32Array(count + 1);
for (let n = 0, e = 0; n < count; n++) {
  firstEdge[n] = e;
  e += nodes[n * NF + EDGES] * EF;
}
firstEdge[count] = edges.length;
const strong = (e) => edges[e + E_TYPE] !== WEAK && edges[e + E_TYPE] !== SHORTCUT;

// Depth-first order from the root (node 0), iteratively.
const order = new Int32Array(count).fill(-1); // postorder number
const byOrder = new Int32Array(count);
{
  const stack = new Int32Array(count);
  const next = new Uint32Array(count);
  const seen = new Uint8Array(count);
  let top = 0;
  let post = 0;
  stack[0] = 0;
  seen[0] = 1;
  next[0] = firstEdge[0];
  while (top >= 0) {
    const n = stack[top];
    if (next[n] < firstEdge[n + 1]) {
      const e = next[n];
      next[n] += EF;
      if (!strong(e)) continue;
      const to = edges[e + E_TO] / NF;
      if (seen[to]) continue;
      seen[to] = 1;
      next[to] = firstEdge[to];
      stack[++top] = to;
    } else {
      order[n] = post;
      byOrder[post++] = n;
      top--;
    }
  }
}

// Predecessors (strong edges between reachable nodes).
const predCount = new Uint32Array(count + 1);
for (let n = 0; n < count; n++) {
  if (order[n] < 0) continue;
  for (let e = firstEdge[n]; e < firstEdge[n + 1]; e += EF) if (strong(e) && order[edges[e + E_TO] / NF] >= 0) predCount[edges[e + E_TO] / NF + 1]++;
}
for (let n = 0; n < count; n++) predCount[n + 1] += predCount[n];
const preds = new Int32Array(predCount[count]);
{
  const fill = predCount.slice(0, count);
  for (let n = 0; n < count; n++) {
    if (order[n] < 0) continue;
    for (let e = firstEdge[n]; e < firstEdge[n + 1]; e += EF) {
      if (!strong(e)) continue;
      const to = edges[e + E_TO] / NF;
      if (order[to] >= 0) preds[fill[to]++] = n;
    }
  }
}

// Dominators (Cooper, Harvey and Kennedy), in postorder numbers.
const reachable = byOrder.length;
const rootPost = order[0];
const idom = new Int32Array(count).fill(-1); // by postorder number
idom[rootPost] = rootPost;
const intersect = (a, b) => {
  while (a !== b) {
    while (a < b) a = idom[a];
    while (b < a) b = idom[b];
  }
  return a;
};
for (let changed = true; changed;) {
  changed = false;
  for (let p = rootPost - 1; p >= 0; p--) {
    const n = byOrder[p];
    let dom = -1;
    for (let i = predCount[n]; i < predCount[n + 1]; i++) {
      const q = order[preds[i]];
      if (q < 0 || idom[q] === -1) continue;
      dom = dom === -1 ? q : intersect(q, dom);
    }
    if (dom !== -1 && idom[p] !== dom) {
      idom[p] = dom;
      changed = true;
    }
  }
}
void reachable;

// Retained sizes: each node's own plus those it dominates (children come before parents in postorder).
const retained = new Float64Array(count);
for (let p = 0; p <= rootPost; p++) {
  const n = byOrder[p];
  retained[n] += nodes[n * NF + SELF];
  if (p !== rootPost && idom[p] >= 0) retained[byOrder[idom[p]]] += retained[n];
}

const nameOf = (n) => {
  const type = typeNames[nodes[n * NF + TYPE]];
  const name = strings[nodes[n * NF + NAME]];
  if (type === 'object' || type === 'closure' || type === 'native') return name;
  if (type === 'string' || type === 'concatenated string' || type === 'sliced string') return '(string)';
  return `(${type})`;
};
const MB = (b) => `${(b / 1024 / 1024).toFixed(1)} MB`;

let total = 0;
const byKind = new Map();
for (let n = 0; n < count; n++) {
  const self = nodes[n * NF + SELF];
  total += self;
  const kind = nameOf(n);
  const k = byKind.get(kind) ?? { self: 0, count: 0 };
  k.self += self;
  k.count++;
  byKind.set(kind, k);
}
console.log(`${file}: ${count.toLocaleString('en-IN')} objects, ${MB(total)} in the heap`);
console.log(`\nSelf size by kind (top ${TOP}):`);
for (const [kind, k] of [...byKind].sort((a, b) => b[1].self - a[1].self).slice(0, TOP))
  console.log(`  ${MB(k.self).padStart(9)}  ${String(k.count).padStart(8)}  ${kind.slice(0, 100)}`);

// The largest retainers that are objects of the program (not the roots, not V8's own lists).
const edgeName = (e) => {
  const t = edgeTypeNames[edges[e + E_TYPE]];
  return t === 'element' || t === 'hidden' ? `[${edges[e + E_NAME]}]` : String(strings[edges[e + E_NAME]]);
};
/** A path of names from the root to the node, along its dominators' first strong edges. */
const pathTo = (n) => {
  const parts = [];
  let cur = n;
  for (let depth = 0; depth < 8 && cur !== 0; depth++) {
    const up = byOrder[idom[order[cur]]];
    let label = '?';
    for (let i = predCount[cur]; i < predCount[cur + 1]; i++) {
      const from = preds[i];
      for (let e = firstEdge[from]; e < firstEdge[from + 1]; e += EF) {
        if (edges[e + E_TO] / NF === cur && strong(e)) {
          label = `${nameOf(from).slice(0, 30)}.${edgeName(e).slice(0, 30)}`;
          break;
        }
      }
      if (label !== '?') break;
    }
    parts.unshift(label);
    cur = up;
  }
  return parts.join(' ← ');
};
console.log(`\nLargest retained sizes (objects and closures, top ${TOP}):`);
const candidates = [];
for (let n = 1; n < count; n++) {
  if (order[n] < 0) continue;
  const type = typeNames[nodes[n * NF + TYPE]];
  if (type !== 'object' && type !== 'closure' && type !== 'native' && type !== 'array') continue;
  const name = strings[nodes[n * NF + NAME]];
  if (name.startsWith('(') || name === 'system / Context') continue;
  candidates.push(n);
}
candidates.sort((a, b) => retained[b] - retained[a]);
for (const n of candidates.slice(0, TOP)) console.log(`  ${MB(retained[n]).padStart(9)}  ${nameOf(n).slice(0, 60)}   via ${pathTo(n)}`);

const named = ['PageCache', 'ReadCache', 'ShopperCache', 'LRUCache', 'Pool', 'Client', 'PgBoss'];
console.log('\nRetained by the caches and pools (each instance):');
for (let n = 0; n < count; n++) {
  if (typeNames[nodes[n * NF + TYPE]] !== 'object') continue;
  const name = strings[nodes[n * NF + NAME]];
  if (named.includes(name)) console.log(`  ${MB(retained[n]).padStart(9)}  ${name}`);
}
