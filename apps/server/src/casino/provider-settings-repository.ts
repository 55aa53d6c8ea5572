import type { CasinoProviderId } from '@backlay/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../platform/db/database';
import { casinoProviderSettings } from '../platform/db/schema';

/* The SQL of each site's casino provider switches (casino_provider_settings; no row: on). */

/** The providers a site has switched off: one small query on the table's primary key. */
export async function providersOff(db: Executor, domainId: number): Promise<Set<CasinoProviderId>> {
  const rows = await db
    .select({ provider: casinoProviderSettings.provider })
    .from(casinoProviderSettings)
    .where(and(eq(casinoProviderSettings.domainId, domainId), eq(casinoProviderSettings.enabled, false)));
  return new Set(rows.map((r) => r.provider));
}

/**
 * Whether the provider is on for the site, its switch's row held (FOR UPDATE) until the transaction
 * ends: a site's switch without a row gets one (on, as it was), so two saves of one switch are taken
 * one after the other and each audits what it found.
 */
export async function lockProviderSwitch(
  tx: Tx,
  domainId: number,
  provider: CasinoProviderId,
): Promise<boolean> {
  await tx.insert(casinoProviderSettings).values({ domainId, provider, enabled: true }).onConflictDoNothing();
  const [row] = await tx
    .select({ enabled: casinoProviderSettings.enabled })
    .from(casinoProviderSettings)
    .where(and(eq(casinoProviderSettings.domainId, domainId), eq(casinoProviderSettings.provider, provider)))
    .for('update');
  if (!row) throw new Error('casino provider switch not found after its insert');
  return row.enabled;
}

export async function saveProviderSwitch(
  tx: Tx,
  change: { domainId: number; provider: CasinoProviderId; enabled: boolean; updatedBy: number | null },
): Promise<void> {
  await tx
    .update(casinoProviderSettings)
    .set({ enabled: change.enabled, updatedBy: change.updatedBy, updatedAt: sql`now()` })
    .where(
      and(
        eq(casinoProviderSettings.domainId, change.domainId),
        eq(casinoProviderSettings.provider, change.provider),
      ),
    );
}
