// What the whole machine did during a measured window: the share of its cores that were busy
// (from /proc/stat; null where there is none), so a report shows how much CPU was left.
import { readFileSync } from 'node:fs';

interface CpuTimes {
  busy: number;
  total: number;
}

function cpuTimes(): CpuTimes | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const [, ...fields] = line.trim().split(/\s+/);
    const n = fields.map(Number);
    const idle = (n[3] ?? 0) + (n[4] ?? 0);
    const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/** Starts a window; `end()` answers the busy share of all cores over it (0..1). */
export function machineWindow(): { end(): number | null } {
  const start = cpuTimes();
  return {
    end() {
      const now = cpuTimes();
      if (!start || !now || now.total === start.total) return null;
      return Math.round(((now.busy - start.busy) / (now.total - start.total)) * 100) / 100;
    },
  };
}
