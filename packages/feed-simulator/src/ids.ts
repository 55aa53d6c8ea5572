import { hashSeed } from './prng';

/** A selection id stable for a name, as exchanges keep one id per team, player or horse. */
export function runnerIdOf(name: string): number {
  return (hashSeed(0x5eed, name) % 2_000_000_000) + 1;
}
