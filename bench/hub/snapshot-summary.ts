// What a heap snapshot holds, by kind of object: count and self size, largest first, optionally
// against a second snapshot (e.g. the hub's against the bare ws server's, or one at N clients
// against one at 0), divided by a connection count to read bytes per connection.
//
//   npx tsx bench/hub/snapshot-summary.ts hub.heapsnapshot [ws.heapsnapshot] [--per 9000] [--top 40]
//
// Snapshots come from the bench (HUB_HEAP_SNAPSHOT=dir) or `node --heapsnapshot-signal=SIGUSR2`.
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
      location_fields: string[];
    };
  };
  nodes: number[];
  edges: number[];
  locations: number[];
  strings: string[];
}

type Summary = Map<string, { count: number; bytes: number }>;

function summarise(file: string): Summary {
  const data = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const fields = data.snapshot.meta.node_fields;
  const types = data.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const edgeCountAt = fields.indexOf('edge_count');
  const edgeWidth = data.snapshot.meta.edge_fields.length;
  const edgeTypes = data.snapshot.meta.edge_types[0];
  const firstEdge = new Uint32Array(data.nodes.length / width + 1);
  for (let n = 0, e = 0; n < data.nodes.length / width; n += 1) {
    firstEdge[n] = e;
    e += data.nodes[n * width + edgeCountAt]! * edgeWidth;
  }
  firstEdge[data.nodes.length / width] = data.edges.length;
  /** The node an edge named `name` of node `n` points to (as a node index), or -1. */
  const follow = (n: number, name: string): number => {
    for (let e = firstEdge[n]!; e < firstEdge[n + 1]!; e += edgeWidth) {
      const type = edgeTypes[data.edges[e]!];
      if (type === 'element' || type === 'hidden') continue;
      if (data.strings[data.edges[e + 1]!] === name) return data.edges[e + 2]! / width;
    }
    return -1;
  };
  // Closures by where they were written: file and line (the script's name via the function's info).
  const where = new Map<number, string>();
  const [objectAt, , lineAt] = [0, 1, 2];
  const locationWidth = data.snapshot.meta.location_fields.length;
  for (let l = 0; l < data.locations.length; l += locationWidth) {
    const node = data.locations[l + objectAt]! / width;
    const shared = follow(node, 'shared');
    let script = shared < 0 ? -1 : follow(shared, 'script_or_debug_info');
    if (script < 0 && shared >= 0) script = follow(shared, 'script');
    const file = script < 0 ? '?' : data.strings[data.nodes[script * width + nameAt]!]!;
    where.set(node, `${file.split('/').slice(-2).join('/')}:${data.locations[l + lineAt]! + 1}`);
  }
  const summary: Summary = new Map();
  for (let i = 0; i < data.nodes.length; i += width) {
    const type = types[data.nodes[i + typeAt]!]!;
    const name = data.strings[data.nodes[i + nameAt]!]!;
    // Objects by constructor, closures by name and place; strings, arrays, code and the rest by kind.
    const key =
      type === 'closure'
        ? `closure:${name.slice(0, 40)} ${where.get(i / width) ?? ''}`
        : type === 'object' || type === 'native'
          ? `${type}:${name.slice(0, 60)}`
          : type === 'hidden' || type === 'array' || type === 'object shape'
            ? `${type}:${name.slice(0, 40)}`
            : type;
    const entry = summary.get(key) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += data.nodes[i + sizeAt]!;
    summary.set(key, entry);
  }
  return summary;
}

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const value = Number(args[at + 1]);
  args.splice(at, 2);
  return value;
};
const per = option('--per', 1);
const top = option('--top', 40);
const [first, second] = args;
if (!first) {
  console.error('usage: snapshot-summary.ts a.heapsnapshot [b.heapsnapshot] [--per N] [--top N]');
  process.exit(1);
}
const a = summarise(first);
const b = second ? summarise(second) : new Map<string, { count: number; bytes: number }>();
const keys = new Set([...a.keys(), ...b.keys()]);
const rows = [...keys].map((key) => {
  const x = a.get(key) ?? { count: 0, bytes: 0 };
  const y = b.get(key) ?? { count: 0, bytes: 0 };
  return { key, count: (x.count - y.count) / per, bytes: (x.bytes - y.bytes) / per };
});
rows.sort((p, q) => Math.abs(q.bytes) - Math.abs(p.bytes));
const total = rows.reduce((sum, row) => sum + row.bytes, 0);
console.log(`${second ? 'difference' : 'total'}${per === 1 ? '' : ` per ${per}`}: ${total.toFixed(1)} bytes`);
for (const row of rows.slice(0, top)) {
  console.log(`${row.bytes.toFixed(1).padStart(12)} B ${row.count.toFixed(2).padStart(10)} x  ${row.key}`);
}
