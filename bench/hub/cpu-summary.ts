// What a profile of a bench server's connects spent: for a CPU profile (HUB_CPU_PROF=dir) self time
// by function (with its file), and the inclusive time under functions whose name or file matches a
// pattern; for an allocation profile (HUB_ALLOC_PROF=dir, a .heapprofile) the bytes allocated, the
// same way. Divided by a connection count (--per) to read milliseconds or bytes per connect.
//
//   npx tsx bench/hub/cpu-summary.ts hub-9000-connect.cpuprofile [--per 6000] [--top 40] [--under name-or-file ...]
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const file = args[0];
if (!file) {
  console.error('usage: cpu-summary.ts file.cpuprofile [--per N] [--top N] [--under pattern ...]');
  process.exit(1);
}
const option = (name: string) => {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args[at + 1];
};
const per = Number(option('--per') ?? 1);
const top = Number(option('--top') ?? 40);
const under: string[] = [];
args.forEach((arg, i) => {
  if (arg === '--under' && args[i + 1]) under.push(args[i + 1]!);
});

interface AllocationNode {
  id: number;
  callFrame: ProfileNode['callFrame'];
  selfSize: number;
  children: AllocationNode[];
}

/** An allocation profile read as a CPU profile whose samples weigh bytes instead of microseconds. */
function fromAllocations(root: AllocationNode): Profile {
  const nodes: ProfileNode[] = [];
  const samples: number[] = [];
  const timeDeltas: number[] = [0];
  const visit = (node: AllocationNode) => {
    nodes.push({ id: node.id, callFrame: node.callFrame, children: node.children.map((c) => c.id) });
    if (node.selfSize > 0) {
      samples.push(node.id);
      timeDeltas.push(node.selfSize);
    }
    node.children.forEach(visit);
  };
  visit(root);
  return { nodes, samples, timeDeltas, startTime: 0, endTime: 0 };
}

const allocations = file.endsWith('.heapprofile');
const raw = JSON.parse(readFileSync(file, 'utf8')) as Profile | { head: AllocationNode };
const profile = 'head' in raw ? fromAllocations(raw.head) : raw;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

// Self time per node from the samples (each sample's delta is the time until the next one).
const selfUs = new Map<number, number>();
for (let i = 0; i < profile.samples.length; i += 1) {
  const delta = profile.timeDeltas[i + 1] ?? 0;
  const id = profile.samples[i]!;
  selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
}

const short = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, '~/')
    .replace(/^.*\/work\/main\//, '');
const label = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${short(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;

const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const self = new Map<string, number>();
for (const [id, us] of selfUs) {
  const key = label(byId.get(id)!);
  self.set(key, (self.get(key) ?? 0) + us);
}
// Microseconds shown as milliseconds; bytes as bytes.
const ms = (us: number) =>
  allocations ? (us / per).toFixed(0) : (us / 1000 / per).toFixed(per === 1 ? 0 : 3);
const unit = allocations ? 'bytes allocated' : 'ms';
console.log(
  `total ${allocations ? `${total} bytes allocated` : `sampled ${(total / 1000).toFixed(0)} ms`}; figures in ${unit}${per === 1 ? '' : ` per ${per}`}`,
);
console.log('\nself time:');
for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${ms(us).padStart(9)}  ${key}`);
}

// Inclusive time: a sample counts once under each pattern when any frame on its stack matches.
if (under.length > 0) {
  console.log('\ninclusive time under:');
  for (const pattern of under) {
    let us = 0;
    for (const [id, t] of selfUs) {
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        if (label(byId.get(at)!).includes(pattern)) {
          us += t;
          break;
        }
      }
    }
    console.log(`${ms(us).padStart(9)}  ${pattern}`);
  }
}
