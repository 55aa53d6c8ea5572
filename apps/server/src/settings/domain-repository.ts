import {
  DomainSettingsSchema,
  type ContentLanguage,
  type DomainSettings,
  type PageContent,
} from '@backlay/contract';
import { paise, type Paise } from '@backlay/exchange';
import { eq } from 'drizzle-orm';
import type { Executor } from '../platform/db/database';
import { domainHosts, domains } from '../platform/db/schema';

export type StoredSettings = Omit<DomainSettings, 'domainName'>;
/** A page's text in one language. */
export type PageText = Pick<PageContent, 'title' | 'sections'>;
/** An operator page: its English text, and translations of it into the client's other languages. */
export type StoredPage = PageText & {
  updatedAt: string;
  translations?: Partial<Record<Exclude<ContentLanguage, 'en'>, PageText>>;
};

export interface Domain {
  id: number;
  name: string;
  settings: DomainSettings;
  content: Partial<Record<PageContent['page'], StoredPage>>;
  commissionBps: number;
  demoBalancePaise: Paise;
  referralRewardPaise: Paise;
}

const StoredSettingsSchema = DomainSettingsSchema.omit({ domainName: true });

function toDomain(row: typeof domains.$inferSelect): Domain {
  const settings = StoredSettingsSchema.parse(row.settings);
  return {
    id: row.id,
    name: row.name,
    settings: { ...settings, domainName: row.name },
    content: row.content as Domain['content'],
    commissionBps: row.commissionBps,
    demoBalancePaise: row.demoBalancePaise,
    referralRewardPaise: row.referralRewardPaise,
  };
}

export async function findDomainByHost(db: Executor, host: string): Promise<Domain | null> {
  const rows = await db
    .select({ d: domains })
    .from(domainHosts)
    .innerJoin(domains, eq(domains.id, domainHosts.domainId))
    .where(eq(domainHosts.host, host))
    .limit(1);
  return rows[0] ? toDomain(rows[0].d) : null;
}

export async function findDomainByName(db: Executor, name: string): Promise<Domain | null> {
  const rows = await db.select().from(domains).where(eq(domains.name, name)).limit(1);
  return rows[0] ? toDomain(rows[0]) : null;
}

export async function listDomainHosts(db: Executor): Promise<string[]> {
  const rows = await db.select({ host: domainHosts.host }).from(domainHosts);
  return rows.map((r) => r.host);
}

/** Creates or replaces a domain and its host names (used by the seed and by operators' tooling). */
export async function upsertDomain(
  db: Executor,
  input: {
    name: string;
    hosts: string[];
    settings: StoredSettings;
    content: Domain['content'];
    commissionBps?: number;
    demoBalancePaise?: Paise;
  },
): Promise<number> {
  const settings = StoredSettingsSchema.parse(input.settings);
  const [row] = await db
    .insert(domains)
    .values({
      name: input.name,
      settings,
      content: input.content,
      commissionBps: input.commissionBps ?? 0,
      demoBalancePaise: input.demoBalancePaise ?? paise(1_500_000),
    })
    .onConflictDoUpdate({
      target: domains.name,
      set: { settings, content: input.content, updatedAt: new Date() },
    })
    .returning({ id: domains.id });
  if (!row) throw new Error(`could not save domain ${input.name}`);
  for (const host of input.hosts) {
    await db
      .insert(domainHosts)
      .values({ host: host.toLowerCase(), domainId: row.id })
      .onConflictDoUpdate({ target: domainHosts.host, set: { domainId: row.id } });
  }
  return row.id;
}
