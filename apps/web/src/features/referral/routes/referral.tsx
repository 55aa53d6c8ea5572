import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ReferralDetail } from '@backlay/contract';
import { faBan, faCopy, faShareNodes, faUserPlus } from '@fortawesome/free-solid-svg-icons';
import { useSessionStore } from '@/shared/session/session-store';
import { EmptyState, PageHeader, Spinner } from '@/shared/ui/feedback';
import { Icon } from '@/shared/ui/Icon';
import { Pager } from '@/shared/ui/Pager';
import { notify } from '@/shared/ui/toast';
import { useClaimReferral } from '../api/claim-referral';
import { useReferralDetails } from '../api/get-referral-details';
import { useReferrerCode } from '../api/get-referrer-code';
import { LoadError } from '../components/LoadError';
import { ProgrammeCard } from '../components/ProgrammeCard';
import { ReferralCard } from '../components/ReferralCard';
import { ShareCard } from '../components/ShareCard';
import { capReached, rupees, type Programme } from '../lib/referral-text';
import { canShare, copyLink, shareData, shareOrTell, type ReferrerCode } from '../lib/share-actions';
import { t } from '../i18n';
import '../referral.css';

export const PAGE_SIZE = 10;

/** The empty list's invitation: the share sheet where there is one, else a copy of the link. */
function ShareInvite({ referrer, programme }: { referrer: ReferrerCode; programme: Programme }) {
  const data = shareData(referrer, programme);
  return canShare(data) ? (
    <button type="button" className="btn btn--primary" onClick={() => void shareOrTell(data)}>
      <Icon icon={faShareNodes} /> {t('referral.invite.share')}
    </button>
  ) : (
    <button type="button" className="btn btn--primary" onClick={() => void copyLink(referrer.link)}>
      <Icon icon={faCopy} /> {t('referral.invite.copy')}
    </button>
  );
}

function DemoNotice() {
  return (
    <EmptyState
      icon={faBan}
      title={t('referral.demo.title')}
      action={
        <Link to="/auth/signup" className="btn btn--primary">
          {t('referral.demo.signUp')}
        </Link>
      }
    >
      {t('referral.demo.text')}
    </EmptyState>
  );
}

/**
 * /referral (Refer & Earn): the programme in plain words, the player's code and link to share,
 * and the friends they referred, a page of ten at a time, with Claim on each claimable reward.
 */
export function ReferralRoute() {
  const demo = useSessionStore((s) => s.user?.isDemo === true);
  const [page, setPage] = useState(0);
  const code = useReferrerCode(!demo);
  const details = useReferralDetails({ page, pageSize: PAGE_SIZE }, !demo);
  const claim = useClaimReferral();
  // A second tap can land before the disabled button is drawn: one claim at a time, whatever.
  const claimOnItsWay = useRef(false);

  const total = details.data?.totalCount;
  // A page past the end (the list shrank): back to the last page there is.
  useEffect(() => {
    if (total === undefined) return;
    const last = Math.max(0, Math.ceil(total / PAGE_SIZE) - 1);
    if (page > last) setPage(last);
  }, [total, page]);

  const onClaim = (r: ReferralDetail) => {
    if (claimOnItsWay.current) return;
    claimOnItsWay.current = true;
    claim.mutate(r.userReferDetailId, {
      onSuccess: (paid) => notify.success(t('referral.toast.claimed', { amount: rupees(paid.reward) })),
      onError: (e) => notify.error(e.message),
      onSettled: () => {
        claimOnItsWay.current = false;
      },
    });
  };

  if (demo)
    return (
      <section className="page referral-page">
        <PageHeader title={t('referral.title')} />
        <DemoNotice />
      </section>
    );

  const programme = details.data;
  let programmeSlot;
  if (details.isPending)
    programmeSlot = (
      <div className="card referral-programme">
        <Spinner label={t('referral.loading')} />
      </div>
    );
  else if (!programme)
    programmeSlot = (
      <div className="card referral-programme">
        <LoadError
          error={details.error}
          fallback={t('referral.loadFailed')}
          retry={() => void details.refetch()}
        />
      </div>
    );
  else programmeSlot = <ProgrammeCard programme={programme} />;

  let list = null;
  if (programme) {
    const full = capReached(programme);
    const capNote = full
      ? programme.monthlyCap > 0
        ? t('referral.capNote.full', { count: programme.monthlyCap })
        : t('referral.capNote.none')
      : null;
    list =
      programme.totalCount === 0 ? (
        <EmptyState
          icon={faUserPlus}
          title={t('referral.empty.title')}
          action={code.data && <ShareInvite referrer={code.data} programme={programme} />}
        >
          {t('referral.empty.text')}
        </EmptyState>
      ) : (
        <>
          <div className="referral-list" data-testid="referrals">
            {programme.items.map((r) => (
              <ReferralCard
                key={r.userReferDetailId}
                referral={r}
                claiming={claim.isPending && claim.variables === r.userReferDetailId}
                claimBlocked={claim.isPending || full}
                capNote={capNote}
                onClaim={onClaim}
              />
            ))}
          </div>
          <Pager page={page} pageSize={PAGE_SIZE} total={programme.totalCount} onPage={setPage} />
        </>
      );
  }

  return (
    <section className="page referral-page">
      <PageHeader title={t('referral.title')}>
        {details.isFetching && !details.isPending && <Spinner label={t('referral.updating')} />}
      </PageHeader>
      <div className="referral-top">
        {programmeSlot}
        <ShareCard read={code} programme={programme} />
      </div>
      {list && (
        <section className="referral-section" aria-label={t('referral.friends')}>
          <h2 className="section-heading">
            {t('referral.friends')}
            {total ? <span className="muted"> ({total})</span> : null}
          </h2>
          {list}
        </section>
      )}
    </section>
  );
}
